/**
 * How long a stop signal may take before the process exits anyway. Closing the server waits for the
 * requests in flight; each image job stops itself after IMAGE_JOB_SECONDS (5 s), well inside this.
 */
export const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * Runs `steps` (close the server, the loops, the database) and exits 0; an error exits 1. Whatever is
 * still running at `deadlineMs` (a request stuck behind a slow job or query) is cut off: exit 1, said
 * in the log, so a stop never hangs however the work in flight behaves.
 */
export async function shutDownWithin({
  deadlineMs = SHUTDOWN_DEADLINE_MS,
  steps,
  log,
  exit = (code) => process.exit(code),
}: {
  deadlineMs?: number;
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
