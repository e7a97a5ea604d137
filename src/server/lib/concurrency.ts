/** A gate: `run(task)` waits its turn; `takePeak()` says how many ran at once at most. */
export interface ConcurrencyLimit {
  <T>(task: () => Promise<T>): Promise<T>;
  /** The most tasks that ran at once since the last call (the count then starts again from those running). */
  takePeak(): number;
}

/**
 * A gate letting at most `limit` tasks run at once; the others wait their turn, first come first
 * served. For work that must not pile up in memory, such as decoding uploaded images.
 */
export function concurrencyLimit(limit: number): ConcurrencyLimit {
  let running = 0;
  let peak = 0;
  const waiting: (() => void)[] = [];
  async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    peak = Math.max(peak, running);
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  }
  return Object.assign(run, {
    takePeak() {
      const most = peak;
      peak = running;
      return most;
    },
  });
}
