import { describe, expect, it } from 'vitest';
import { runScript } from '../../../tests/support/server-process';

describe('the log written to standard output', () => {
  it.each(['exit', 'throw'])(
    // 2,000 lines (about 200 KB): some batches are being written when the process ends, the last one is still held.
    'writes every line logged in the turn the process ends in (%s): batches under way and the one still held',
    async (how) => {
      const script = runScript('tests/support/log-then-exit.ts', ['2000', how], {});
      const code = await script.exited;
      expect(code).toBe(how === 'exit' ? 0 : 1);
      const lines = script
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{"level":30'));
      expect(lines.map((line) => (JSON.parse(line) as { line: number }).line)).toEqual([...Array(2000).keys()]);
    },
    20_000,
  );
});
