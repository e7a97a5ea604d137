import { useEffect, useReducer, useState } from 'react';

/**
 * What a route loader hands its page: the reply itself where the loader waited for it (the server's
 * render, and so the hydrating browser), or its promise in the browser, which starts the read beside
 * the download of the page's code and lets the page show its loading state meanwhile.
 */
export type Pending<T> = T | Promise<T>;

/** The page's view of a Pending reply, named as the pages read it. */
export type Settled<T> =
  | { data: T; isPending: false; isError: false; isSuccess: true }
  | { data: undefined; isPending: boolean; isError: boolean; isSuccess: false };

type Outcome = { ok: true; value: unknown } | { ok: false };

/** Settled promises, so a page that renders again (or another page given the same promise) reads them at once. */
const outcomes = new WeakMap<Promise<unknown>, Outcome>();

/**
 * Follows a Pending reply. With `keepPrevious`, the last reply stays on screen while the next one
 * loads (a new filter or page of a listing), as a listing should not flash its loading state.
 */
export function useSettled<T>(reply: Pending<T>, { keepPrevious = false } = {}): Settled<T> {
  const [, settled] = useReducer((count: number) => count + 1, 0);
  const outcome: Outcome | undefined = reply instanceof Promise ? outcomes.get(reply) : { ok: true, value: reply };

  useEffect(() => {
    if (!(reply instanceof Promise) || outcomes.has(reply)) return;
    let current = true;
    void reply
      .then(
        (value) => void outcomes.set(reply, { ok: true, value }),
        () => void outcomes.set(reply, { ok: false }),
      )
      .then(() => current && settled());
    return () => {
      current = false;
    };
  }, [reply]);

  // The last reply shown, kept as React keeps information from earlier renders (set while rendering).
  const [last, setLast] = useState<{ value: T } | undefined>(undefined);
  if (outcome?.ok && last?.value !== outcome.value) setLast({ value: outcome.value as T });

  if (outcome?.ok) return { data: outcome.value as T, isPending: false, isError: false, isSuccess: true };
  if (keepPrevious && !outcome && last) return { data: last.value, isPending: false, isError: false, isSuccess: true };
  return { data: undefined, isPending: outcome === undefined, isError: outcome !== undefined, isSuccess: false };
}
