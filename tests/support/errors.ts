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
