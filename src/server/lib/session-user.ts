import type { FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES, type SessionUser } from '../../shared/accounts';
import { ERROR_CODES } from '../../shared/errors';
import { AppError } from './errors';

/** A signed-in browser as the session guard resolves it from the cookie (modules/accounts fills it). */
export interface RequestSession {
  user: SessionUser;
  tokenHash: string;
  /** The password was right, the second factor not yet given: the session opens only that step. */
  mfaPending: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session of an /api request (null when anonymous); set by the session guard before any route runs. */
    auth: RequestSession | null;
    /**
     * A staff session still waiting for its second factor. It is `auth` only on the routes of that
     * step; elsewhere the caller is anonymous on a public route and refused on a guarded one.
     */
    pendingAuth: RequestSession | null;
  }
}

/**
 * The caller a route's access let through: the session's user, with the address they came from, which
 * is what a service takes as its `actor` and the audit log keeps.
 */
export type SignedInUser = SessionUser & { ip: string };

/**
 * The one way routes read who is calling. Without options it is for routes whose access admits only
 * signed-in roles (401 'Please sign in' otherwise); `{ optional: true }` is for public routes, where an
 * anonymous caller is null.
 */
export function sessionUser(request: FastifyRequest): SignedInUser;
export function sessionUser(request: FastifyRequest, options: { optional: true }): SignedInUser | null;
export function sessionUser(request: FastifyRequest, options?: { optional: true }): SignedInUser | null {
  const user = request.auth?.user;
  if (user) return { ...user, ip: request.ip };
  if (options?.optional) return null;
  throw new AppError(ERROR_CODES.unauthorized, ACCOUNT_MESSAGES.signInRequired, { status: 401 });
}
