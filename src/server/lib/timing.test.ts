import { describe, expect, it } from 'vitest';
import { takingAtLeast } from './timing';

describe('takingAtLeast', () => {
  it('answers no sooner than asked, whether the work was quick, slow or failed', async () => {
    const timed = async (work: () => Promise<unknown>) => {
      const started = performance.now();
      await takingAtLeast(60, work).catch(() => undefined);
      return performance.now() - started;
    };
    expect(await timed(async () => 'quick')).toBeGreaterThanOrEqual(60);
    expect(await timed(async () => Promise.reject(new Error('refused')))).toBeGreaterThanOrEqual(60);
    expect(await timed(() => new Promise((resolve) => setTimeout(resolve, 90)))).toBeGreaterThanOrEqual(89);
    await expect(takingAtLeast(1, async () => 42)).resolves.toBe(42);
    await expect(takingAtLeast(1, async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
  });
});
