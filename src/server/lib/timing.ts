import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../config';

/**
 * Runs `work` and answers (or fails) no sooner than `ms` after it began, so how long a reply took
 * does not tell whether, say, an email belongs to an account; with TIMING_FLOORS off (tests and local data only,
 * the config refuses it on a real store), as soon as the work is done.
 */
export async function takingAtLeast<T>(
  { TIMING_FLOORS }: Pick<Config, 'TIMING_FLOORS'>,
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
