import { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/** Fields of the access line that pretty output already shows in its message. */
const ACCESS_FIELDS = ['method', 'url', 'statusCode', 'responseTime'];

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
        : stream
          ? { stream }
          : {}),
    },
    logController: new LogController({ disableRequestLogging: true }),
  };
}

/**
 * One access line a request, when its reply is sent: method, path, status and milliseconds. The
 * query string is left out: it can carry a secret (the reset link's token) and has no place in logs.
 */
export function registerAccessLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const url = request.url.split('?')[0]!;
    const responseTime = Math.round(reply.elapsedTime * 10) / 10;
    reply.log.info(
      { method: request.method, url, statusCode: reply.statusCode, responseTime },
      `${request.method} ${url} ${reply.statusCode} ${responseTime} ms`,
    );
  });
}
