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
    const left = ms - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}
