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

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('sharedReads', () => {
  it('gives callers who ask while a read runs one later run, begun after they asked', async () => {
    const read = sharedReads();
    const { runs, load } = loads();
    const first = read('k', load);
    const waiting = [read('k', load), read('k', load), read('k', load)];
    expect(runs).toHaveLength(1);
    runs[0]!.resolve(1);
    expect(await first).toBe(1);
    await settle();
    // The three who asked during the first run share the second, not the first's answer.
    expect(runs).toHaveLength(2);
    const late = read('k', load);
    runs[1]!.resolve(2);
    expect(await Promise.all(waiting)).toEqual([2, 2, 2]);
    await settle();
    expect(runs).toHaveLength(3);
    runs[2]!.resolve(3);
    expect(await late).toBe(3);
    // Nothing in flight: the next caller starts at once.
    const alone = read('k', load);
    expect(runs).toHaveLength(4);
    runs[3]!.resolve(4);
    expect(await alone).toBe(4);
  });

  it('keeps keys apart and passes a failure to the callers of that run only', async () => {
    const read = sharedReads();
    const { runs, load } = loads();
    const a = read('a', load);
    const b = read('b', load);
    expect(runs).toHaveLength(2);
    const aAgain = read('a', load);
    runs[0]!.reject(new Error('a failed'));
    await expect(a).rejects.toThrow('a failed');
    await settle();
    runs[1]!.resolve(20);
    runs[2]!.resolve(11);
    expect(await b).toBe(20);
    expect(await aAgain).toBe(11);
  });
});
