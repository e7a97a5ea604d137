import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs `work` and answers (or fails) no sooner than `ms` after it began, so how long a reply took
 * does not tell whether, say, an email belongs to an account.
 */
export async function takingAtLeast<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    // Timers round to whole milliseconds and may fire a fraction early, so sleep until it is really over.
    for (let left = ms - (performance.now() - started); left > 0; left = ms - (performance.now() - started)) {
      await sleep(Math.ceil(left));
    }
  }
}
