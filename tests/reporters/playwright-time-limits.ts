import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { isNearItsLimit, timeLimitLines, type Timed } from './time-limits';

/** Playwright's half of time-limits.ts: a story's limit is what it ran with (`test.slow()` included). */
export default class PlaywrightTimeLimits implements Reporter {
  private readonly near: Timed[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status !== 'passed') return;
    const timed = {
      name: `${test.location.file.replace(`${process.cwd()}/`, '')} > ${test.titlePath().slice(3).join(' > ')}`,
      durationMs: result.duration,
      limitMs: test.timeout,
    };
    if (isNearItsLimit(timed)) this.near.push(timed);
  }

  onEnd() {
    console.log(`\n${timeLimitLines('Playwright', this.near).join('\n')}`);
  }

  printsToStdio() {
    return false;
  }
}
