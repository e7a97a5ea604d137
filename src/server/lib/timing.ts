import { setTimeout as sleep } from 'node:timers/promises';

/** `off` (config's TIMING_FLOORS, refused on a real store) answers when the work is done: for tests and local data. */
export interface TimingFloors {
  TIMING_FLOORS: 'on' | 'off';
}

/**
 * Runs `work` and answers (or fails) no sooner than `ms` after it began, so how long a reply took
 * does not tell whether, say, an email belongs to an account.
 */
export async function takingAtLeast<T>(
  { TIMING_FLOORS }: TimingFloors,
  ms: number,
  work: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  const floor = TIMING_FLOORS === 'on' ? ms : 0;
  try {
    return await work();
  } finally {
    // Timers round to whole milliseconds and may fire a fraction early, so sleep until it is really over.
    for (let left = floor - (performance.now() - started); left > 0; left = floor - (performance.now() - started)) {
      await sleep(Math.ceil(left));
    }
  }
}
