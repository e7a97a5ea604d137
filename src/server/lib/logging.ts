import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import pino from 'pino';
import type { Config } from '../config';

/** The levels at which the access line (written at info) shows. */
const ACCESS_LEVELS = new Set(['info', 'debug', 'trace']);

/** Fields of the access line that pretty output already shows in its message. */
const ACCESS_FIELDS = ['method', 'url', 'statusCode', 'responseTime', 'aborted'];

/**
 * An error as the log keeps it: type, message, code, stack and cause, and nothing else. A failed
 * query's parameters (drizzle puts them in its message) are cut, and the database's own error keeps
 * its SQLSTATE and the schema names it blames but not the values it quotes or its row detail: they
 * can hold an email, a token or a password hash.
 */
export function serializeError(
  error: unknown,
  fromDatabase = false,
): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const isQuery = 'params' in error;
  let message = isQuery ? error.message.split('\nparams:')[0]! : error.message;
  if (fromDatabase) message = message.replace(/"[^"]*"|'[^']*'/g, '"…"');
  const fields = error as { code?: unknown; constraint?: unknown; table?: unknown; column?: unknown };
  const names = fromDatabase ? { constraint: fields.constraint, table: fields.table, column: fields.column } : {};
  return {
    type: error.name,
    message,
    ...(typeof fields.code === 'string' ? { code: fields.code } : {}),
    ...Object.fromEntries(Object.entries(names).filter(([, value]) => typeof value === 'string')),
    stack: (error.stack ?? '').replace(error.message, message),
    ...(error.cause !== undefined ? { cause: serializeError(error.cause, fromDatabase || isQuery) } : {}),
  };
}

/** The longest a line waits to be written... */
const BATCH_MS = 100;
/** ...unless this many characters wait before then (sonic-boom writes at most 16 KB at once). */
const BATCH_LENGTH = 8 * 1024;

type LineStream = { write(line: string): void };
/** Standard output as the logger writes to it: one for the process, however many apps it builds. */
let stdout: LineStream | undefined;

/**
 * Where JSON lines go by default: standard output, in batches of the lines of up to BATCH_MS. Each write is a
 * system call that pino's destination (sonic-boom) hands to libuv's thread pool, and waking a thread for
 * every line (or every turn of the event loop) cost a cached catalog read about 7% of its CPU on this virtual
 * machine; a held line costs an array slot. What is held when the process exits, however it exits, is written
 * then (logging.test.ts ends a process in the turn it logged 2,000 lines); a process killed outright (SIGKILL, out
 * of memory) loses at most its last BATCH_MS of lines.
 */
function batchedStdout(): LineStream {
  // Handed bytes: with a string, sonic-boom measures its bytes when it is written and encodes it again once it
  // is, to cut what went out; one encoding here does for both (decision 118).
  // Its types know only the string its default mode takes.
  const destination = pino.destination({ dest: 1, sync: false, contentMode: 'buffer' }) as unknown as {
    write(bytes: Buffer): boolean;
    flushSync(): void;
  };
  let held: string[] = [];
  let heldLength = 0;
  let timer: NodeJS.Timeout | undefined;
  const writeHeld = () => {
    clearTimeout(timer);
    timer = undefined;
    if (held.length === 0) return;
    destination.write(Buffer.from(held.join('')));
    held = [];
    heldLength = 0;
  };
  process.once('exit', () => {
    writeHeld();
    destination.flushSync();
  });
  return {
    write(line) {
      held.push(line);
      heldLength += line.length;
      if (heldLength >= BATCH_LENGTH) writeHeld();
      else timer ??= setTimeout(writeHeld, BATCH_MS).unref();
    },
  };
}

/**
 * The app's logger: JSON lines with request ids, or (format 'pretty', a terminal) readable lines
 * through pino-pretty in a worker thread. Fastify's own two lines a request are off: registerAccessLog
 * writes one. `stream` lets tests read the JSON lines.
 */
export function loggerOptions(
  config: Pick<Config, 'LOG_LEVEL'>,
  format: 'pretty' | 'json',
  stream?: NodeJS.WritableStream,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  return {
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      serializers: { err: (error) => serializeError(error) },
      ...(format === 'pretty'
        ? {
            transport: {
              target: 'pino-pretty',
              options: {
                translateTime: 'SYS:HH:MM:ss',
                ignore: ['pid', 'hostname', 'reqId', ...ACCESS_FIELDS].join(','),
              },
            },
          }
        : { stream: stream ?? (stdout ??= batchedStdout()) }),
    },
    logController: new LogController({ disableRequestLogging: true }),
  };
}

/** Pino's number for the info level, which the access line is written at. */
const INFO = pino.levels.values.info!;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Whether its access line is written: one line each, whichever of the two ways comes first. A field of
     * every request (a weak set of them, which every garbage collection walks, cost a cached catalog read about 3%).
     */
    accessLogged: boolean;
  }
}

/**
 * The status an aborted request's line shows when the client hung up before the reply's status line
 * went out (mid-upload, or while the handler ran): nginx's 499, "client closed request", which no
 * reply of ours ever carries, so a log search for aborted requests finds them by status alone.
 */
export const CLIENT_CLOSED_REQUEST = 499;

/** What the access line needs of pino's request logger: the JSON of its bindings (pid, hostname, reqId) and its stream. */
type RequestLogger = { [key: symbol]: unknown; isLevelEnabled(level: string): boolean };

/**
 * The access line as pino writes a line at info, from the request logger's own bindings and into its own
 * stream, without pino's general path (an object's keys walked, each value serialised and redacted): every
 * field here is known, and that path cost a cached catalog read about 4% of its CPU. Strings go through JSON.stringify.
 */
function writeAccessLine(request: FastifyRequest, reply: FastifyReply, aborted: boolean) {
  if (request.accessLogged) return;
  request.accessLogged = true;
  const logger = reply.log as unknown as RequestLogger;
  // The app's level lets info through (registerAccessLog); a route may still set a level of its own.
  if (!logger.isLevelEnabled('info')) return;
  const at = request.url.indexOf('?');
  const url = at < 0 ? request.url : request.url.slice(0, at);
  const responseTime = Math.round(reply.elapsedTime * 10) / 10;
  // A reply cut off after its head went out keeps the status the client was sent.
  const statusCode = aborted && !reply.raw.headersSent ? CLIENT_CLOSED_REQUEST : reply.statusCode;
  const msg = `${request.method} ${url} ${statusCode} ${responseTime} ms${aborted ? ' (aborted)' : ''}`;
  const stream = logger[pino.symbols.streamSym] as LineStream;
  stream.write(
    `{"level":${INFO},"time":${Date.now()}${logger[pino.symbols.chindingsSym] as string},` +
      `"method":${JSON.stringify(request.method)},"url":${JSON.stringify(url)},"statusCode":${statusCode},` +
      `"responseTime":${responseTime}${aborted ? ',"aborted":true' : ''},"msg":${JSON.stringify(msg)}}\n`,
  );
}

/**
 * One access line a request: method, path, status and milliseconds, written when its reply is sent,
 * or, when the client hangs up first, when the connection closes, marked `aborted: true` (status
 * CLIENT_CLOSED_REQUEST unless the reply's head had gone out). Never two: the first of the two writes it.
 * The query string is left out: it can carry a secret (the reset link's token) and has no place in logs.
 */
export function registerAccessLog(app: FastifyInstance) {
  // Above info (warn, error...) no line is ever written, so no hook runs; callback hooks, not async
  // ones, on every request. The level is read once: it is the configured LOG_LEVEL.
  if (!ACCESS_LEVELS.has(app.log.level)) return;
  app.decorateRequest('accessLogged', false);
  // Fastify runs onResponse only for a reply that finished: a request whose client hung up (a slow
  // upload abandoned, a tab closed while the handler ran) never reaches it. The response's 'close'
  // comes for every request, after a finished reply's onResponse or alone when the client left.
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) writeAccessLine(request, reply, true);
    });
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    writeAccessLine(request, reply, false);
    done();
  });
}
