import { describe, expect, it } from 'vitest';
import { sharedReads } from './shared-reads';

/** A load the test finishes by hand, counting its runs. */
function loads() {
  const runs: Array<{ resolve: (value: number) => void; reject: (error: Error) => void }> = [];
  const load = () =>
    new Promise<number>((resolve, reject) => {
      runs.push({ resolve, reject });
    });
  return { runs, load };
}

/** One turn of the event loop (and the promise callbacks it lets run). */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('sharedReads', () => {
  it('shares a run among those who ask before it begins, and gives later callers one run begun after they asked', async () => {
    const read = sharedReads();
    const { runs, load } = loads();
    const first = [read('k', load), read('k', load)];
    expect(runs).toHaveLength(0);
    await turn();
    expect(runs).toHaveLength(1);
    // The run has begun: these three wait for it to end and share the next.
    const waiting = [read('k', load), read('k', load), read('k', load)];
    runs[0]!.resolve(1);
    expect(await Promise.all(first)).toEqual([1, 1]);
    await turn();
    await turn();
    expect(runs).toHaveLength(2);
    runs[1]!.resolve(2);
    expect(await Promise.all(waiting)).toEqual([2, 2, 2]);
    // Nothing in flight: the next caller starts a run of its own.
    const alone = read('k', load);
    await turn();
    expect(runs).toHaveLength(3);
    runs[2]!.resolve(3);
    expect(await alone).toBe(3);
  });

  it('keeps keys apart and passes a failure to the callers of that run only', async () => {
    const read = sharedReads();
    const { runs, load } = loads();
    const a = read('a', load);
    const b = read('b', load);
    await turn();
    expect(runs).toHaveLength(2);
    const aAgain = read('a', load);
    runs[0]!.reject(new Error('a failed'));
    await expect(a).rejects.toThrow('a failed');
    await turn();
    await turn();
    expect(runs).toHaveLength(3);
    runs[1]!.resolve(20);
    runs[2]!.resolve(11);
    expect(await b).toBe(20);
    expect(await aAgain).toBe(11);
  });
});
