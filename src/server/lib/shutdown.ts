import type { FastifyInstance } from 'fastify';

/**
 * Whether this instance is stopping: set once at the stop signal. The readiness check answers 503
 * from then on (modules/health), and every reply closes its connection (registerDraining).
 */
export interface Lifecycle {
  stopping: boolean;
}

export function createLifecycle(): Lifecycle {
  return { stopping: false };
}

/**
 * While the instance stops, every reply says `Connection: close`: a client, or a load balancer's
 * kept-alive connection, opens a new connection for its next request, which the balancer sends to an
 * instance still ready, instead of reusing one this instance is about to close.
 */
export function registerDraining(app: FastifyInstance, lifecycle: Lifecycle) {
  app.addHook('onRequest', (_request, reply, done) => {
    if (lifecycle.stopping) reply.header('connection', 'close');
    done();
  });
}

/**
 * Runs `steps` (stop the loops, close the server, the database) and exits 0; an error exits 1.
 * Whatever is still running at `deadlineMs` (SHUTDOWN_TIMEOUT_MS: a request stuck behind a slow job
 * or query, a mail server that does not answer) is cut off: exit 1, said in the log, so a stop never
 * hangs however the work in flight behaves.
 */
export async function shutDownWithin({
  deadlineMs,
  steps,
  log,
  exit = (code) => process.exit(code),
}: {
  deadlineMs: number;
  steps: () => Promise<void>;
  log: { warn(message: string): void; error(details: unknown, message: string): void };
  exit?: (code: number) => void;
}): Promise<void> {
  const deadline = setTimeout(() => {
    log.warn(`Shutdown still waiting after ${deadlineMs} ms: exiting without it`);
    exit(1);
  }, deadlineMs);
  deadline.unref();
  try {
    await steps();
    exit(0);
  } catch (error) {
    log.error({ err: error }, 'Shutdown failed');
    exit(1);
  } finally {
    clearTimeout(deadline);
  }
}
