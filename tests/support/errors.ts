import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

import type { ApiErrorBody } from '../../src/shared/errors';

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
