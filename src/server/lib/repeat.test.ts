import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { repeatEvery } from './repeat';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('repeatEvery', () => {
  it('runs the task every interval, never two passes at once', async () => {
    let passes = 0;
    let finish: () => void = () => undefined;
    const repeat = repeatEvery(
      1000,
      () => {
        passes++;
        return new Promise<void>((resolve) => (finish = resolve));
      },
      () => undefined,
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(passes).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(passes).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(passes).toBe(2);
    finish();
    await repeat.stop();
  });

  it('hands a failure to onError and runs again next tick', async () => {
    const errors: unknown[] = [];
    let passes = 0;
    const repeat = repeatEvery(
      1000,
      async () => {
        passes++;
        if (passes === 1) throw new Error('first pass failed');
      },
      (error) => errors.push(error),
      { runNow: true },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toEqual([new Error('first pass failed')]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(passes).toBe(2);
    expect(errors).toHaveLength(1);
    await repeat.stop();
  });

  it('stop waits for the pass in progress and runs no more', async () => {
    let passes = 0;
    let finished = false;
    const repeat = repeatEvery(
      1000,
      async () => {
        passes++;
        await new Promise((resolve) => setTimeout(resolve, 500));
        finished = true;
      },
      () => undefined,
      { runNow: true },
    );
    const stopped = repeat.stop();
    await vi.advanceTimersByTimeAsync(500);
    await stopped;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(passes).toBe(1);
  });
});
