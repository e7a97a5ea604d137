import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES, type Role } from '../../../shared/accounts';
import { ERROR_CODES } from '../../../shared/errors';
import { safeDecode } from '../../../shared/paths';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { resolveSession, SESSION_COOKIE, type ResolvedSession } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of an /api request (null when anonymous); set before any route runs. */
    auth: ResolvedSession | null;
  }
}

/** Path prefixes only one role may call; any route added under them later is covered automatically. */
export const ROLE_PREFIXES: { prefix: string; role: Role }[] = [
  { prefix: '/api/agent', role: 'agent' },
  { prefix: '/api/admin', role: 'admin' },
];

const routeTables = new WeakMap<FastifyInstance, { method: string; url: string }[]>();

/** Every route registered after registerRoleGuards, for tests that walk the whole table. */
export function routeTable(app: FastifyInstance): { method: string; url: string }[] {
  return routeTables.get(app) ?? [];
}

function assertRole(request: FastifyRequest, roles: readonly Role[]) {
  if (!request.auth) {
    throw new AppError(ERROR_CODES.unauthorized, ACCOUNT_MESSAGES.signInRequired, { status: 401 });
  }
  if (!roles.includes(request.auth.user.role)) {
    throw new AppError(ERROR_CODES.forbidden, ACCOUNT_MESSAGES.forbidden, { status: 403 });
  }
}

/** A preHandler for one route: anonymous 401 'Please sign in', another role 403. */
export function requireRole(...roles: Role[]) {
  return async (request: FastifyRequest) => {
    assertRole(request, roles);
  };
}

/** The signed-in user of a request that passed requireRole. */
export function sessionOf(request: FastifyRequest): ResolvedSession {
  if (!request.auth) throw new AppError(ERROR_CODES.unauthorized, ACCOUNT_MESSAGES.signInRequired, { status: 401 });
  return request.auth;
}

export function sessionCookieOptions(config: Config, maxAgeSeconds?: number) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: config.PUBLIC_URL.startsWith('https://'),
    ...(maxAgeSeconds !== undefined ? { maxAge: maxAgeSeconds } : {}),
  };
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(config));
}

function guardedRole(path: string): Role | null {
  for (const { prefix, role } of ROLE_PREFIXES) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return role;
  }
  return null;
}

/**
 * Resolves the session cookie of every /api request into `request.auth`, and guards every
 * /api/agent/* and /api/admin/* path (those registered later too) with the role it belongs to.
 * Register after @fastify/cookie and before the routes.
 */
export function registerRoleGuards(app: FastifyInstance, { db, config, clock }: AppContext) {
  const table: { method: string; url: string }[] = [];
  routeTables.set(app, table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) table.push({ method, url: route.url });
  });
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    request.auth = token ? await resolveSession({ db, config, clock, token }) : null;
    // A dead cookie is cleared so the browser stops sending it.
    if (token && !request.auth) clearSessionCookie(reply, config);
    const path = safeDecode(request.url.split('?')[0]!);
    const role = guardedRole(request.routeOptions.url ?? path) ?? guardedRole(path);
    if (role) assertRole(request, [role]);
  });
}
