// Helper of bench/checkout-bench.mjs (the leading _ keeps scripts/bench.mjs from running it alone): the
// floor. A bare script places and pays orders with exactly the statements the store sends for one
// (bench/_paid-order.ts), through the driver the store uses, opened as the store opens it (PGlite in this
// process with the same parsers and extensions, or a pg Pool of the same size), with the bench's
// concurrency (BENCH_BUYERS at a time, each on its own 4 devices, 1 unit or 2) and no HTTP, Fastify, zod or
// Drizzle. What the store adds on top is its own cost. Takes DATA_DIR or DATABASE_URL, and FLOOR_DEVICES (the
// uncontended pool's ids, as JSON). Stays up and runs slices as the bench asks on stdin, so the bench can take
// turns with the store (floor, store, floor, store...) and both see the same swings of a shared machine's load:
//   warm <seconds>  runs, not counted; answers READY
//   run <seconds>   runs and counts; answers FLOOR {paidPerSecond, cpuMsPerPaid, steps, ...} over every run so far
//   (end of input)  closes the database and exits
import { createInterface } from 'node:readline';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { pgliteDriver, pgPoolDriver, placeAndPay, type BareDriver } from './_paid-order';

const BUYERS = Number(process.env.BENCH_BUYERS ?? 16);
const devices: string[] = JSON.parse(process.env.FLOOR_DEVICES ?? '[]');
if (devices.length < BUYERS * 4) throw new Error('FLOOR_DEVICES must hold 4 devices a buyer');
const url = process.env.DATABASE_URL;
const dataDir = process.env.DATA_DIR;
if (!url && !dataDir) throw new Error('DATA_DIR or DATABASE_URL is required');

const connection = await openDatabase(url ? { url } : { dataDir: dataDir! });
// The very client the store's Drizzle talks to: the PGlite (with db/client's parsers) or the pg Pool.
const client = (connection.db as unknown as { $client: PGlite | pg.Pool }).$client;
const driver: BareDriver =
  connection.engine === 'pglite' ? pgliteDriver(client as PGlite) : pgPoolDriver(client as pg.Pool);

const STEPS = ['checkout', 'charge', 'verify'] as const;
let ordersSoFar = 0;
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : 0;

/** What the counted runs add up to. */
const counted = {
  seconds: 0,
  cpuMs: 0,
  paid: 0,
  latencies: { checkout: [] as number[], charge: [] as number[], verify: [] as number[] },
  errors: new Map<string, number>(),
};

/** BUYERS buyers at a time for `seconds`; counted into `into` unless it is a warm-up. */
async function run(seconds: number, into?: typeof counted) {
  const until = Date.now() + seconds * 1000;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  let paid = 0;
  await Promise.all(
    Array.from({ length: BUYERS }, async (_, slot) => {
      while (Date.now() < until) {
        const n = ++ordersSoFar;
        try {
          await placeAndPay(
            driver,
            {
              deviceId: devices[slot * 4 + Math.floor(Math.random() * 4)]!,
              quantity: Math.random() < 0.2 ? 2 : 1,
              // A new buyer's address each time, as the bench's buyers have (127.x.y.z).
              clientAddress: `127.${1 + ((n >> 16) & 127)}.${(n >> 8) & 255}.${n & 255}`,
              orderNumber: `ORD-2026-${String(100_000 + n)}`,
              now: new Date(),
            },
            (step, ms) => into?.latencies[step].push(ms),
          );
          paid++;
        } catch (error) {
          const key = (error as Error).message.slice(0, 120);
          into?.errors.set(key, (into.errors.get(key) ?? 0) + 1);
        }
      }
    }),
  );
  if (!into) return;
  const cpu = process.cpuUsage(cpuBefore);
  into.seconds += (performance.now() - started) / 1000;
  into.cpuMs += (cpu.user + cpu.system) / 1000;
  into.paid += paid;
}

function report(c: typeof counted) {
  const steps = Object.fromEntries(
    STEPS.map((step) => {
      const sorted = [...c.latencies[step]].sort((a, b) => a - b);
      return [step, { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) }];
    }),
  );
  return {
    seconds: c.seconds,
    paid: c.paid,
    paidPerSecond: c.paid / c.seconds,
    cpuMsPerPaid: c.paid ? c.cpuMs / c.paid : 0,
    steps,
    errors: [...c.errors.values()].reduce((sum, count) => sum + count, 0),
    errorKinds: Object.fromEntries(c.errors),
  };
}

try {
  for await (const line of createInterface({ input: process.stdin })) {
    const [command, seconds] = line.trim().split(' ');
    if (command === 'warm') {
      await run(Number(seconds));
      console.log('READY');
    } else if (command === 'run') {
      await run(Number(seconds), counted);
      console.log(`FLOOR ${JSON.stringify(report(counted))}`);
    }
  }
} finally {
  await connection.close();
}
