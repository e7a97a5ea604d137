import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock';
import { createImageBudgets, IMAGE_JOB_SECONDS, REQUEST_IMAGE_SECONDS } from './budgets';

const start = new Date('2026-11-28T10:00:00Z');

describe('createImageBudgets', () => {
  it("grants each job at most one job's seconds and a request at most its own, giving back what a job did not use", () => {
    const request = createImageBudgets({ secondsPerAddress: 100, clock: fixedClock(start) }).forRequest('10.0.0.1');
    expect(request.reserve()).toBe(IMAGE_JOB_SECONDS);
    request.settle(IMAGE_JOB_SECONDS, 0.5);
    expect(request.reserve()).toBe(IMAGE_JOB_SECONDS);
    request.settle(IMAGE_JOB_SECONDS, IMAGE_JOB_SECONDS);
    // 4 s a request: 0.5 + 2 spent, so the next job is granted what is left, and then nothing.
    expect(request.reserve()).toBe(REQUEST_IMAGE_SECONDS - 2.5);
    request.settle(REQUEST_IMAGE_SECONDS - 2.5, REQUEST_IMAGE_SECONDS - 2.5);
    expect(() => request.reserve()).toThrow(
      expect.objectContaining({
        status: 400,
        code: 'INVALID_IMAGE',
        message: 'These images take too long to read together: send fewer or smaller ones',
      }),
    );
  });

  it('counts every request of an address against its budget for 10 minutes, and no other address', () => {
    const clock = fixedClock(start);
    const budgets = createImageBudgets({ secondsPerAddress: 3, clock });
    const first = budgets.forRequest('10.0.0.1');
    first.settle(first.reserve(), 2);
    const second = budgets.forRequest('10.0.0.1');
    // A job already reserved counts at once: two at the same moment cannot both take the last second.
    expect(second.reserve()).toBe(1);
    expect(() => budgets.forRequest('10.0.0.1').reserve()).toThrow(
      expect.objectContaining({
        status: 429,
        code: 'RATE_LIMITED',
        message: 'Too many images from your address: try again in 10 minutes',
      }),
    );
    expect(budgets.forRequest('10.0.0.2').reserve()).toBe(IMAGE_JOB_SECONDS);

    clock.advance(9 * 60_000 + 1);
    expect(() => budgets.forRequest('10.0.0.1').reserve()).toThrow('try again in a minute');
    clock.advance(60_000);
    expect(budgets.forRequest('10.0.0.1').reserve()).toBe(IMAGE_JOB_SECONDS);
  });
});
