/** The one error reply shape of the API: `{ error: { code, message, fields? } }`. */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  const error = (value as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

export const ERROR_CODES = {
  validationFailed: 'VALIDATION_FAILED',
  notFound: 'NOT_FOUND',
  badRequest: 'BAD_REQUEST',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  csrf: 'CSRF_HEADER_MISSING',
  rateLimited: 'RATE_LIMITED',
  conflict: 'CONFLICT',
  internal: 'INTERNAL',
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
} as const;

/** Header our own pages send on every state-changing request, the CSRF guard (docs/decisions/003). */
export const CSRF_HEADER = 'x-quickbuy-request';
