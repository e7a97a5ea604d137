import type { FastifyInstance } from 'fastify';
import type { Role } from '../../shared/accounts';

/** Who may call a route: anyone, or signed-in users of these roles. */
export type Access = 'public' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Required on every /api route. The guards read it from the route the request matched, never
     * from the URL, so '/%61pi/admin/me' meets the same check as '/api/admin/me' (docs/decisions/020).
     */
    access?: Access;
    /**
     * false only for callers that prove themselves another way: a provider's signed webhook.
     * 'same-origin' for a page's own form posted without JavaScript, which cannot carry the header: the
     * browser's Origin (and Sec-Fetch-Site, when sent) must name this server (lib/csrf.ts).
     */
    csrf?: false | 'same-origin';
  }
}

/** The roles the path prefixes belong to: a route under them must be that role's alone. */
const OWNED_PREFIXES: { prefix: string; role: Role }[] = [
  { prefix: '/api/agent/', role: 'agent' },
  { prefix: '/api/admin/', role: 'admin' },
];

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
  csrf: boolean;
  /** It has a per-address limit (`config.rateLimit`). */
  rateLimited: boolean;
}

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Every /api route of the app with what it declared, for the tests that walk the whole table. */
export function apiRouteTable(app: FastifyInstance): RouteEntry[] {
  return tables.get(app) ?? [];
}

/**
 * Refuses, at start-up, an /api route that does not say who may call it, or an /api/admin or
 * /api/agent route open to anyone else: forgetting is a crash in every test, not a hole.
 * Register before any route.
 */
export function registerRouteConfigCheck(app: FastifyInstance) {
  const table: RouteEntry[] = [];
  tables.set(app, table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const name = `${methods.join(',')} ${route.url}`;
    if (!access) throw new Error(`${name} declares no config.access ('public' or the roles allowed)`);
    const owned = OWNED_PREFIXES.find(({ prefix }) => route.url.startsWith(prefix));
    if (owned && (access === 'public' || access.some((role) => role !== owned.role))) {
      throw new Error(`${name} is under ${owned.prefix} and must allow only the ${owned.role} role`);
    }
    for (const method of methods) {
      table.push({
        method,
        url: route.url,
        access,
        csrf: route.config?.csrf !== false,
        rateLimited: route.config?.rateLimit != null,
      });
    }
  });
}
