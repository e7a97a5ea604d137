import type { LightMyRequestResponse } from 'fastify';
import type { PgTable } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';

import type { ApiErrorBody } from '../../src/shared/errors';
import type { TestApp } from './test-app';

/**
 * An error reply: its status and the exact `{ "error": … }` body, nothing more and nothing less
 * (STYLE: an error case asserts the status and the exact message).
 */
export function expectError(res: LightMyRequestResponse, status: number, error: ApiErrorBody['error']) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({ error });
}

/** A refusal naming one field, whose message is also the reply's (a form's rule, or the server's invalidField). */
export function expectFieldError(
  res: LightMyRequestResponse,
  status: number,
  code: string,
  field: string,
  message: string,
) {
  expectError(res, status, { code, message, fields: { [field]: message } });
}

/** A rate limit's refusal: 429 RATE_LIMITED saying how long to wait, and the same in Retry-After. */
export function expectRateLimited(res: LightMyRequestResponse, label?: string) {
  expect(res.statusCode, label).toBe(429);
  expect(res.json(), label).toEqual({
    error: { code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many requests: try again in \d+ seconds$/) },
  });
  expect(Number(res.headers['retry-after']), label).toBeGreaterThan(0);
}

/** Sends a request that must store nothing: `table` holds as many rows after it as before. Answers the reply. */
export async function storingNothing(
  t: TestApp,
  table: PgTable,
  request: () => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse> {
  const before = (await t.db.select().from(table)).length;
  const res = await request();
  expect(await t.db.select().from(table)).toHaveLength(before);
  return res;
}
