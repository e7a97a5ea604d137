/*
 * What the track page's timelines (an order, a trade-in, a return) share: when each status was first
 * reached, and each step of a path as done, skipped or still ahead.
 */

/** A history's entries, oldest first, as their first time per status: a status reached again adds no step. */
export function firstReached(history: readonly { status: string; date: string }[]): Map<string, string> {
  const first = new Map<string, string>();
  for (const entry of history) if (!first.has(entry.status)) first.set(entry.status, entry.date);
  return first;
}

/**
 * One step of a timeline: done (with the time it was first reached), skipped (never reached, but a
 * later step was), or upcoming (still ahead). `current` marks the status the thing rests in.
 */
export interface TimelineStep<Status extends string> {
  status: Status;
  state: 'done' | 'skipped' | 'upcoming';
  date: string | null;
  current: boolean;
}

/** The steps of `path` for a thing resting in `status`: every step before the furthest one reached was passed. */
export function timelineSteps<Status extends string>(
  path: readonly Status[],
  status: Status,
  first: ReadonlyMap<string, string>,
): TimelineStep<Status>[] {
  const furthest = Math.max(...path.map((s, i) => (first.has(s) || s === status ? i : -1)));
  return path.map((s, i) => {
    const date = first.get(s) ?? null;
    const state = date || s === status ? 'done' : i < furthest ? 'skipped' : 'upcoming';
    return { status: s, state, date, current: s === status };
  });
}
