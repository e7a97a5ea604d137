import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError, type z } from 'zod';
import { ERROR_CODES } from '../../shared/errors';

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

/** Per-field messages of a zod failure, keyed by the dotted path. */
export function zodFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function validationError(error: z.ZodError): AppError {
  const fields = zodFields(error);
  const names = Object.keys(fields);
  const message = names.length === 1 ? `${names[0]}: ${fields[names[0]!]}` : 'Some fields are not valid';
  return new AppError(ERROR_CODES.validationFailed, message, { status: 400, fields });
}

/** Parse input with a shared schema; a failure becomes a 400 VALIDATION_FAILED. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** Maps every thrown error to `{ error: { code, message, fields? } }`; only the unexpected is a 500. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ error: { code: error.code, message: error.message, fields: error.fields } });
    }
    if (error instanceof ZodError) {
      const appError = validationError(error);
      return reply
        .status(400)
        .send({ error: { code: appError.code, message: appError.message, fields: appError.fields } });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) {
      return reply.status(429).send({ error: { code: ERROR_CODES.rateLimited, message: error.message } });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, a body too large, a wrong content type.
      const code = status === 413 ? ERROR_CODES.payloadTooLarge : ERROR_CODES.badRequest;
      const message =
        status === 413
          ? 'The request body is too large'
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Unsupported content type: send JSON'
            : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? 'The request body is empty: send JSON'
              : 'The request body is not valid JSON';
      return reply.status(status).send({ error: { code, message } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ error: { code: ERROR_CODES.internal, message: 'Something went wrong on our side' } });
  });
}
