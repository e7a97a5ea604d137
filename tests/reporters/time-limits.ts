/**
 * A test's time limit is there to stop a hung test, not to fail a slow machine: it should be at least three
 * times what the test usually takes. The two reporters here list, after a run, every passed test that used more
 * than a third of its limit, so that a limit that has become too tight shows before a loaded machine trips on it.
 */
export const LIMIT_MARGIN = 3;

export interface Timed {
  name: string;
  durationMs: number;
  limitMs: number;
}

export function isNearItsLimit({ durationMs, limitMs }: Timed): boolean {
  return limitMs > 0 && durationMs * LIMIT_MARGIN > limitMs;
}

/** The closing lines: the tests nearest their limits first. */
export function timeLimitLines(runner: string, near: readonly Timed[]): string[] {
  if (near.length === 0) return [`${runner}: every test took under a third of its time limit`];
  const sorted = [...near].sort((a, b) => b.durationMs / b.limitMs - a.durationMs / a.limitMs);
  return [
    `${runner}: ${near.length} test(s) took more than a third of their time limit:`,
    ...sorted.map(
      ({ name, durationMs, limitMs }) =>
        `  ${(durationMs / 1000).toFixed(1)} s of ${(limitMs / 1000).toFixed(0)} s  ${name}`,
    ),
  ];
}
