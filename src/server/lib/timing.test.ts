import { describe, expect, it } from 'vitest';
import { takingAtLeast } from './timing';

const ON = { TIMING_FLOORS: 'on' } as const;
const OFF = { TIMING_FLOORS: 'off' } as const;

describe('takingAtLeast', () => {
  const timed = async (floors: typeof ON | typeof OFF, work: () => Promise<unknown>) => {
    const started = performance.now();
    await takingAtLeast(floors, 60, work).catch(() => undefined);
    return performance.now() - started;
  };

  it('answers no sooner than asked, whether the work was quick, slow or failed', async () => {
    expect(await timed(ON, async () => 'quick')).toBeGreaterThanOrEqual(60);
    expect(await timed(ON, async () => Promise.reject(new Error('refused')))).toBeGreaterThanOrEqual(60);
    expect(await timed(ON, () => new Promise((resolve) => setTimeout(resolve, 90)))).toBeGreaterThanOrEqual(89);
    await expect(takingAtLeast(ON, 1, async () => 42)).resolves.toBe(42);
    await expect(takingAtLeast(ON, 1, async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
  });

  it('with the floors off, answers when the work is done, with its result or its failure', async () => {
    expect(await timed(OFF, async () => 'quick')).toBeLessThan(60);
    expect(await timed(OFF, async () => Promise.reject(new Error('refused')))).toBeLessThan(60);
    await expect(takingAtLeast(OFF, 60, async () => 42)).resolves.toBe(42);
    await expect(takingAtLeast(OFF, 60, async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
  });
});
