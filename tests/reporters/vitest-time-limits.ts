import type { Reporter, TestCase } from 'vitest/node';
import { isNearItsLimit, timeLimitLines, type Timed } from './time-limits';

/** Vitest's half of time-limits.ts: a test's limit is its own or its project's `testTimeout`. */
export default class VitestTimeLimits implements Reporter {
  private readonly near: Timed[] = [];

  onTestCaseResult(testCase: TestCase) {
    const diagnostic = testCase.diagnostic();
    if (!diagnostic || testCase.result().state !== 'passed') return;
    const timed = {
      name: `${testCase.module.moduleId.replace(`${process.cwd()}/`, '')} > ${testCase.fullName}`,
      durationMs: diagnostic.duration,
      limitMs: testCase.options.timeout ?? testCase.project.config.testTimeout,
    };
    if (isNearItsLimit(timed)) this.near.push(timed);
  }

  onTestRunEnd() {
    console.log(`\n${timeLimitLines('Vitest', this.near).join('\n')}`);
  }
}
