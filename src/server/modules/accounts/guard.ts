import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES, type Role } from '../../../shared/accounts';
import { ERROR_CODES } from '../../../shared/errors';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { sharedReads } from '../../lib/shared-reads';
import { resolveSession, SESSION_COOKIE, type ResolvedSession } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of an /api request (null when anonymous); set before any route runs. */
    auth: ResolvedSession | null;
  }
}

function assertRole(request: FastifyRequest, roles: readonly Role[]) {
  if (!request.auth) {
    throw new AppError(ERROR_CODES.unauthorized, ACCOUNT_MESSAGES.signInRequired, { status: 401 });
  }
  if (!roles.includes(request.auth.user.role)) {
    throw new AppError(ERROR_CODES.forbidden, ACCOUNT_MESSAGES.forbidden, { status: 403 });
  }
}

/** The signed-in user of a request its route's access let through. */
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

/**
 * Resolves the session cookie of every /api request into `request.auth`, then lets the request
 * through only if the route it matched allows the caller (`config.access`, required on every /api
 * route by lib/route-config.ts): anonymous 401 'Please sign in', another role 403. Register after
 * @fastify/cookie and before the routes.
 */
export function registerRoleGuards(app: FastifyInstance, { db, config, clock }: AppContext) {
  app.decorateRequest('auth', null);
  // Requests of one browser at the same moment (a page's several calls) share one lookup of their
  // cookie, begun after each of them arrived (lib/shared-reads.ts); the answer is never changed.
  const lookup = sharedReads();
  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    request.auth = token ? await lookup(token, () => resolveSession({ db, config, clock, token })) : null;
    // A dead cookie is cleared so the browser stops sending it.
    if (token && !request.auth) clearSessionCookie(reply, config);
    const access = request.routeOptions.config.access;
    if (access && access !== 'public') assertRole(request, access);
  });
}
