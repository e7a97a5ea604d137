import { createContext, createElement, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { MeReply, SessionUser } from '../../shared/accounts';
import { api } from './api';

/**
 * Who is signed in, asked of the server (GET /api/auth/me) once a tab and kept here, a small store
 * of its own rather than a query: the header reads it on every page, and TanStack Query loads only
 * with the pages that use it (docs/decisions/034).
 */
interface SessionState {
  user: SessionUser | null;
  /** The server has answered, or the page said nobody is signed in (no session cookie came with it). */
  known: boolean;
}

const UNKNOWN: SessionState = { user: null, known: false };
const ANONYMOUS: SessionState = { user: null, known: true };
/** How long an answer stands before the next page that reads the session asks again. */
const FRESH_MS = 60_000;

let state: SessionState = UNKNOWN;
let answeredAt = 0;
let asking: Promise<void> | null = null;
const listeners = new Set<() => void>();

function publish(next: SessionState) {
  state = next;
  answeredAt = Date.now();
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Who the session cookie belongs to: the user, or the second factor a staff sign-in still owes. */
export const readMe = () => api.get<MeReply>('/api/auth/me');

/**
 * Asks the server who is signed in; one question at a time. With no answer (offline, a server error)
 * the header offers Login/SignUp, as for anybody unknown, and asks again on a later page.
 */
export function refreshSession(): Promise<void> {
  asking ??= readMe()
    .then((reply) => publish({ user: reply.user, known: true }))
    .catch(() => {
      publish(ANONYMOUS);
      answeredAt = 0; // not an answer: the next page that reads the session asks again
    })
    .finally(() => {
      asking = null;
    });
  return asking;
}

/** After a sign-in, a sign-up or a sign-out: every reader learns of it at once. */
export function setSession(user: SessionUser | null) {
  publish({ user, known: true });
}

/**
 * What the page's server knew when it rendered: a request without a session cookie has nobody signed
 * in, so the header shows Login/SignUp from the first paint; with one, the browser asks after hydration.
 * The server render and the hydrating browser pass the same value, so both render the same header.
 */
const SessionHint = createContext<SessionState>(UNKNOWN);

export function SessionHintProvider({ anonymous, children }: { anonymous: boolean; children: ReactNode }) {
  return createElement(SessionHint.Provider, { value: anonymous ? ANONYMOUS : UNKNOWN }, children);
}

/** The browser's store starts from the page's hint, so its first render matches the server's HTML. */
export function startSession({ anonymous }: { anonymous: boolean }) {
  if (anonymous && !state.known) {
    state = ANONYMOUS;
    answeredAt = Date.now();
  }
}

export function useSession(): { user: SessionUser | null; isLoading: boolean } {
  const hint = useContext(SessionHint);
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => hint,
  );
  useEffect(() => {
    if (!state.known || Date.now() - answeredAt > FRESH_MS) void refreshSession();
  }, []);
  return { user: current.user, isLoading: !current.known };
}
