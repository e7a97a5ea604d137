import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ERROR_CODES } from '../../../shared/errors';
import { concurrencyLimit } from '../../lib/concurrency';
import { AppError } from '../../lib/errors';
import type { ImageBudget } from './budgets';

/*
 * Every decode of an image from outside runs in a child process (decode-worker.ts) that is killed once
 * it has used its job's CPU seconds. A timeout inside the decoder is only checked between the pieces it
 * decodes, and a native decode in this process would also hold its exit; a killed process holds nothing.
 */

/** At most this many images are decoded at once (a decoded image can take hundreds of megabytes). */
const DECODERS = 2;
/** How often a running job's CPU is read. */
const CHECK_EVERY_MS = 20;
/**
 * A job is also killed after this many times its seconds of wall-clock time: on a machine too loaded to
 * give the decoder its CPU, a place is still not held for long.
 */
const WALL_CLOCK_FACTOR = 3;

export type ImageJob =
  | { kind: 'normalise'; data: Uint8Array; format: string; maxPixels: number; maxWidth: number }
  | { kind: 'resize'; data: Uint8Array; width: number; maxPixels: number };

export type ImageJobReply =
  | { ok: true; data: Uint8Array; width: number; height: number }
  | { ok: false; reason: 'not-an-image' | 'too-many-pixels' };

export type ImageJobResult =
  Exclude<ImageJobReply, { ok: true }> | { ok: true; data: Buffer; width: number; height: number };

const workerPath = fileURLToPath(new URL('./decode-worker.ts', import.meta.url));
// The worker is TypeScript like the rest of the server, run through the same loader whatever started this process.
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

const gate = concurrencyLimit(DECODERS);
const idle: ChildProcess[] = [];
const busy = new Set<ChildProcess>();
let stopped = false;

/** The most images decoded at once since the last call: what the tests check the gate by. */
export const decodingPeak = () => gate.takePeak();
/** The process ids of the decoders at work now: what the tests find a job's process by. */
export const busyDecoders = () => [...busy].map((child) => child.pid!);

const tookTooLong = () =>
  new AppError('INVALID_IMAGE', 'The image took too long to read: send a smaller one', { status: 400 });
const stopping = () =>
  new AppError(ERROR_CODES.serviceUnavailable, 'The store is restarting: try again in a moment', { status: 503 });

function startDecoder(): Promise<ChildProcess> {
  const child = fork(workerPath, [], {
    execArgv: ['--import', tsxLoader],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // Idle decoders never keep this process alive; a job in flight does, through its deadline's timer.
  child.unref();
  child.channel?.unref();
  child.on('error', () => child.kill('SIGKILL'));
  child.on('exit', () => {
    const at = idle.indexOf(child);
    if (at !== -1) idle.splice(at, 1);
  });
  return new Promise((resolve, reject) => {
    const notReady = (code: number | null) =>
      reject(new Error(`the image decoder exited (${code}) before it was ready`));
    child.once('exit', notReady);
    child.once('message', () => {
      child.removeListener('exit', notReady);
      resolve(child);
    });
  });
}

/** Linux reports process times in ticks of 1/100 s (USER_HZ) on every architecture it runs on. */
const CLOCK_TICKS = 100;

/**
 * The CPU seconds (user and system, every thread) a process has used, from /proc; null where there is
 * no /proc (not Linux), and then a job's seconds are counted on the wall clock.
 */
function cpuSecondsOf(pid: number): number | null {
  try {
    // After the command's closing parenthesis: state is field 3, utime and stime fields 14 and 15.
    const fields = readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
/** Sends one job; kills the decoder once it has used `seconds` of CPU (or three times that of wall clock). */
function send(child: ChildProcess, job: ImageJob, seconds: number): Promise<ImageJobReply & { cpuSeconds: number }> {
  busy.add(child);
  const startedAt = performance.now();
  const cpuAtStart = cpuSecondsOf(child.pid!);
  const wallSeconds = () => (performance.now() - startedAt) / 1000;
  const used = () => {
    const cpu = cpuAtStart === null ? null : cpuSecondsOf(child.pid!);
    return cpu === null ? wallSeconds() : cpu - cpuAtStart!;
  };
  return new Promise((resolve, reject) => {
    const done = () => {
      clearInterval(deadline);
      child.removeListener('message', onReply);
      child.removeListener('exit', onExit);
      busy.delete(child);
    };
    const onReply = (reply: ImageJobReply & { cpuSeconds: number }) => {
      done();
      idle.push(child);
      resolve(reply);
    };
    const onExit = () => {
      done();
      reject(stopped ? stopping() : tookTooLong());
    };
    const deadline = setInterval(() => {
      if (used() >= seconds || wallSeconds() >= seconds * WALL_CLOCK_FACTOR) child.kill('SIGKILL');
    }, CHECK_EVERY_MS);
    child.on('message', onReply);
    child.once('exit', onExit);
    child.send(job);
  });
}

/**
 * Runs one image job in a decoder process within the CPU seconds `budget` grants it: at most two at once,
 * the rest waiting their turn. A job that uses them up is killed and answered 400 'The image took too
 * long to read'; what it used is charged to the budget either way.
 */
export async function runImageJob(job: ImageJob, budget: ImageBudget): Promise<ImageJobResult> {
  return gate(async () => {
    if (stopped) throw stopping();
    const seconds = budget.reserve();
    let spent = seconds;
    try {
      const child = idle.pop() ?? (await startDecoder());
      const reply = await send(child, job, seconds);
      spent = Math.min(reply.cpuSeconds, seconds);
      if (!reply.ok) return reply;
      const data = Buffer.from(reply.data.buffer, reply.data.byteOffset, reply.data.byteLength);
      return { ...reply, data };
    } finally {
      budget.settle(seconds, spent);
    }
  });
}

/**
 * At shutdown: every decoder is killed, the jobs in flight answer 503, and no new job starts, so a stop
 * never waits for an image.
 */
export function stopImageJobs() {
  stopped = true;
  for (const child of [...idle.splice(0), ...busy]) child.kill('SIGKILL');
}

process.once('exit', () => {
  for (const child of [...idle, ...busy]) child.kill('SIGKILL');
});
