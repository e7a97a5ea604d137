import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES, type MeReply, type Role, type SessionUser } from '../../../shared/accounts';
import { MFA_MESSAGES, MFA_REQUIRED, type PendingSecondFactor } from '../../../shared/staff-mfa';
import { ERROR_CODES } from '../../../shared/errors';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { sharedReads } from '../../lib/shared-reads';
import { resolveSession, SESSION_COOKIE, sessionMaxAgeSeconds, type ResolvedSession } from './sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route of the second-factor step (/api/auth/mfa/...): the one place a pending session is let in. */
    secondFactorStep?: true;
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
 * A new session's cookie, living as long as the session does (its role's lifetime, 10 minutes
 * while the second factor is pending), and the reply the sign-in forms read: who, or which
 * second-factor step comes next.
 */
export function replySignedIn(
  reply: FastifyReply,
  config: Config,
  { user, token, secondFactor }: { user: SessionUser; token: string; secondFactor?: PendingSecondFactor },
  status = 200,
) {
  const maxAge = sessionMaxAgeSeconds(config, user.role, Boolean(secondFactor));
  return reply
    .setCookie(SESSION_COOKIE, token, sessionCookieOptions(config, maxAge))
    .status(status)
    .send((secondFactor ? { user: null, secondFactor } : { user }) satisfies MeReply);
}

/**
 * Resolves the session cookie of every /api request into `request.auth`, then lets the request
 * through only if the route it matched allows the caller (`config.access`, required on every /api
 * route by lib/route-config.ts): anonymous 401 'Please sign in', another role 403. A session waiting
 * for its second factor reaches only the routes of that step (401 MFA_REQUIRED on any other guarded
 * route, anonymous on a public one). Register after @fastify/cookie and before the routes.
 */
export function registerRoleGuards(app: FastifyInstance, { db, config, clock }: AppContext) {
  app.decorateRequest('auth', null);
  app.decorateRequest('pendingAuth', null);
  // Requests of one browser at the same moment (a page's several calls) share one lookup of their
  // cookie, begun after each of them arrived (lib/shared-reads.ts); the answer is never changed.
  const lookup = sharedReads();
  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await lookup(token, () => resolveSession({ db, config, clock, token })) : null;
    // A dead cookie is cleared so the browser stops sending it.
    if (token && !session) clearSessionCookie(reply, config);
    const { access, secondFactorStep } = request.routeOptions.config;
    if (session?.mfaPending) {
      request.pendingAuth = session;
      if (secondFactorStep) request.auth = session;
      else if (access && access !== 'public') {
        throw new AppError(MFA_REQUIRED, MFA_MESSAGES.required, { status: 401 });
      }
    } else {
      request.auth = session;
    }
    if (access && access !== 'public') assertRole(request, access);
  });
}
