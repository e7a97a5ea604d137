import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shutDownWithin } from './shutdown';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const quietLog = () => ({ warn: vi.fn(), error: vi.fn() });

describe('shutDownWithin', () => {
  it('exits 0 once the steps are done, and the deadline no longer fires', async () => {
    const exit = vi.fn();
    await shutDownWithin({ deadlineMs: 1000, steps: async () => undefined, log: quietLog(), exit });
    await vi.advanceTimersByTimeAsync(5000);
    expect(exit.mock.calls).toEqual([[0]]);
  });

  it('exits 1 at the deadline when a step never finishes (a request still decoding an image), saying so', async () => {
    const exit = vi.fn();
    const log = quietLog();
    void shutDownWithin({ deadlineMs: 1000, steps: () => new Promise<void>(() => undefined), log, exit });
    await vi.advanceTimersByTimeAsync(999);
    expect(exit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(exit.mock.calls).toEqual([[1]]);
    expect(log.warn).toHaveBeenCalledWith('Shutdown still waiting after 1000 ms: exiting without it');
  });

  it('exits 1 when a step fails', async () => {
    const exit = vi.fn();
    const log = quietLog();
    await shutDownWithin({ deadlineMs: 1000, steps: () => Promise.reject(new Error('socket hang up')), log, exit });
    expect(exit.mock.calls).toEqual([[1]]);
    expect(log.error).toHaveBeenCalledTimes(1);
  });
});
