import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from './concurrency';

describe('concurrencyLimit', () => {
  it('runs at most the limit at once, the rest in arrival order, and passes results and errors through', async () => {
    const run = concurrencyLimit(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const task = (n: number) => async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(n);
      running--;
      if (n === 3) throw new Error('three failed');
      return n * 10;
    };
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map((n) => run(task(n))));
    expect(most).toBe(2);
    expect(run.takePeak()).toBe(2);
    expect(run.takePeak()).toBe(0);
    expect(order.slice(0, 2).sort()).toEqual([1, 2]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      10,
      20,
      'three failed',
      40,
      50,
    ]);
  });
});
