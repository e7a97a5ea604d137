import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES, type MeReply, type Role, type SessionUser } from '../../../shared/accounts';
import { MFA_MESSAGES, MFA_REQUIRED, type PendingSecondFactor } from '../../../shared/staff-mfa';
import { ERROR_CODES } from '../../../shared/errors';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import type { SignedInUser } from '../../lib/session-user';
import { sharedReads } from '../../lib/shared-reads';
import { resolveSession, SESSION_COOKIE, sessionMaxAgeSeconds, type ResolvedSession } from './sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route of the second-factor step (/api/auth/mfa/...): the one place a pending session is let in. */
    secondFactorStep?: true;
  }
}

const signInRequired = () => new AppError(ERROR_CODES.unauthorized, ACCOUNT_MESSAGES.signInRequired, { status: 401 });

/** The access a matched /api route declares; null on a public route and off /api. */
function guardedAccess(request: FastifyRequest): readonly Role[] | null {
  // routeOptions is built anew at each read: read once.
  const { url, access } = request.routeOptions.config;
  return url?.startsWith('/api/') && access && access !== 'public' ? access : null;
}

/**
 * The session behind a request, for the accounts routes that need more than who is calling (which
 * every other route reads through lib's sessionUser): its token hash, or its pending second factor.
 * Without options, the session the route's access let through (401 without one); with
 * `{ orPending: true }`, that or a staff session still waiting for its second factor, null when anonymous.
 */
export function requestSession(request: FastifyRequest): ResolvedSession;
export function requestSession(request: FastifyRequest, options: { orPending: true }): ResolvedSession | null;
export function requestSession(request: FastifyRequest, options?: { orPending: true }): ResolvedSession | null {
  const session = options?.orPending ? (request.auth ?? request.pendingAuth) : request.auth;
  if (session || options?.orPending) return session;
  throw signInRequired();
}

export function sessionCookieOptions(config: Config, maxAgeSeconds?: number) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: config.onHttps,
    ...(maxAgeSeconds !== undefined ? { maxAge: maxAgeSeconds } : {}),
  };
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(config));
}

/** The signed-in user as the /me routes answer: who they are, without the address they came from. */
export function whoAmI({ ip: _ip, ...user }: SignedInUser): SessionUser {
  return user;
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
 * The session guard: resolves the session cookie of every /api request into `request.auth`. A staff
 * session waiting for its second factor is `request.pendingAuth`: it is `auth` only on the routes of
 * that step, anonymous on a public route, and 401 MFA_REQUIRED on any other guarded route. Register
 * after @fastify/cookie and before the routes.
 */
export function registerSessionGuard(app: FastifyInstance, { db, config, clock }: AppContext) {
  app.decorateRequest('auth', null);
  app.decorateRequest('pendingAuth', null);
  // Requests of one browser at the same moment (a page's several calls) share one lookup of their
  // cookie, begun after each of them arrived (lib/shared-reads.ts); the answer is never changed.
  const lookup = sharedReads();
  const attachSession = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
    const session = await lookup(token, () => resolveSession({ db, config, clock, token }));
    // A dead cookie is cleared so the browser stops sending it.
    if (!session) clearSessionCookie(reply, config);
    if (!session?.mfaPending) {
      request.auth = session;
      return;
    }
    request.pendingAuth = session;
    if (request.routeOptions.config.secondFactorStep) request.auth = session;
    else if (guardedAccess(request)) throw new AppError(MFA_REQUIRED, MFA_MESSAGES.required, { status: 401 });
  };
  // A callback hook, waiting only when there is a cookie to look up: most requests (a shopper's first
  // visit, every catalog read) carry none, and an async hook costs each of them a promise and a turn.
  app.addHook('onRequest', (request, reply, done) => {
    const token = request.routeOptions.url?.startsWith('/api/') ? request.cookies[SESSION_COOKIE] : undefined;
    if (!token) return done();
    attachSession(request, reply, token).then(() => done(), done);
  });
}

/**
 * The role guard: lets an /api request through only if the route it matched allows the caller
 * (`config.access`, required on every /api route by lib/route-config.ts): anonymous 401 'Please sign
 * in', another role 403. It reads the matched route, never the URL. Register after the session guard.
 */
export function registerRoleGuard(app: FastifyInstance) {
  // A callback hook: nothing in it waits.
  app.addHook('onRequest', (request, _reply, done) => {
    const access = guardedAccess(request);
    if (!access) return done();
    if (!request.auth) return done(signInRequired());
    if (!access.includes(request.auth.user.role)) {
      return done(new AppError(ERROR_CODES.forbidden, ACCOUNT_MESSAGES.forbidden, { status: 403 }));
    }
    done();
  });
}
