import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError, type z } from 'zod';
import { ERROR_CODES } from '../../shared/errors';
import { hasControlCharacter } from '../../shared/text-fields';

/** The one error type the API raises: a code, a message for people, an HTTP status. */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly fields?: Record<string, string>;

  constructor(code: string, message: string, options: { status?: number; fields?: Record<string, string> } = {}) {
    super(message);
    this.code = code;
    this.status = options.status ?? 400;
    this.fields = options.fields;
  }
}

export const notFound = (code: string, message: string) => new AppError(code, message, { status: 404 });

/**
 * A 400 VALIDATION_FAILED naming one field, its message the reply's: a rule the shared schema cannot
 * check (an unknown status or image, a proof that does not match), worded as a form shows it.
 */
export const invalidField = (field: string, message: string) =>
  new AppError(ERROR_CODES.validationFailed, message, { status: 400, fields: { [field]: message } });

/** Per-field messages of a zod failure, keyed by the dotted path. */
function zodFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * A zod failure as a 400 VALIDATION_FAILED with per-field messages (invalidFields).
 */
export function validationError(error: z.ZodError, options: ParseOptions = {}): AppError {
  return invalidFields(zodFields(error), options);
}

/**
 * A 400 VALIDATION_FAILED with per-field messages. The message names the one field wrong, or says
 * several are; for a form it is the first rule broken, the sentence the form shows.
 */
export function invalidFields(fields: Record<string, string>, options: ParseOptions = {}): AppError {
  const names = Object.keys(fields);
  const message = options.form
    ? fields[names[0]!]!
    : names.length === 1
      ? `${names[0]}: ${fields[names[0]!]}`
      : 'Some fields are not valid';
  return new AppError(ERROR_CODES.validationFailed, message, { status: 400, fields });
}

export interface ParseOptions {
  /**
   * The input is a form the shopper filled in: a missing body reads as an empty form (so each
   * required field is named), and the message is the first rule broken ('Passwords do not match').
   */
  form?: boolean;
}

export const CONTROL_CHARACTER_MESSAGE = 'Must not contain control characters';

/** The dotted path of the first string in `value` holding a control character (tab and line breaks pass), or null. */
function controlCharacterPath(value: unknown, path: string): string | null {
  if (typeof value === 'string') return hasControlCharacter(value, { multiline: true }) ? path || '_' : null;
  if (typeof value !== 'object' || value === null) return null;
  if (!Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = controlCharacterPath(item, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

/**
 * The one request parser: input checked by a shared schema; a failure becomes a 400 VALIDATION_FAILED.
 * The schemas' text fields refuse control characters themselves (shared/text-fields); any other string
 * (a payment reference, a token) is checked here, so a NUL never reaches PostgreSQL, which refuses it.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, options: ParseOptions = {}): z.output<S> {
  const result = schema.safeParse(options.form ? (input ?? {}) : input);
  if (!result.success) throw validationError(result.error, options);
  const where = controlCharacterPath(result.data, '');
  if (where !== null) throw invalidFields({ [where]: CONTROL_CHARACTER_MESSAGE }, options);
  return result.data;
}

/** Fastify's own client errors (bad JSON, a body too large, a wrong content type) in our words. */
function fastifyClientError(error: FastifyError, status: number): AppError {
  if (status === 429) return new AppError(ERROR_CODES.rateLimited, error.message, { status });
  if (status === 413) return new AppError(ERROR_CODES.payloadTooLarge, 'The request body is too large', { status });
  const message =
    error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
      ? 'Unsupported content type: send JSON'
      : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'The request body is empty: send JSON'
        : 'The request body is not valid JSON';
  return new AppError(ERROR_CODES.badRequest, message, { status });
}

/**
 * The AppError a thrown error is answered with: itself, a zod failure as a 400, Fastify's own client
 * errors (bad JSON, a rate limit) in our words; null for the unexpected, which is a logged 500.
 */
export function asAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return validationError(error);
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500)
    return fastifyClientError(error as FastifyError, status);
  return null;
}

/**
 * The one place an error body is made: every thrown error (from a route, a hook or a parser) becomes
 * an AppError and is sent as `{ error: { code, message, fields? } }`; only the unexpected is a 500.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    let appError = asAppError(error);
    if (!appError) {
      request.log.error({ err: error }, 'unhandled error');
      appError = new AppError(ERROR_CODES.internal, 'Something went wrong on our side', { status: 500 });
    }
    return reply
      .status(appError.status)
      .send({ error: { code: appError.code, message: appError.message, fields: appError.fields } });
  });
}
