// Helper of bench/checkout-bench.mjs (the leading _ keeps scripts/bench.mjs from running it alone): the
// floor. A bare script places and pays orders with exactly the statements the store sends for one
// (bench/_paid-order.ts), through the driver the store uses, opened as the store opens it (PGlite in this
// process with the same parsers and extensions, or a pg Pool of the same size), with the bench's
// concurrency (BENCH_BUYERS at a time, each on its own 4 devices, 1 unit or 2) and no HTTP, Fastify, zod or
// Drizzle. What the store adds on top is its own cost. Runs a warm-up, then BENCH_SECONDS, and prints one
// line: FLOOR {paidPerSecond, cpuMsPerPaid, steps, ...}. Takes DATA_DIR or DATABASE_URL, and FLOOR_DEVICES
// (the uncontended pool's ids, as JSON).
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { pgliteDriver, pgPoolDriver, placeAndPay, type BareDriver } from './_paid-order';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
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

async function run(seconds: number) {
  const latencies: Record<string, number[]> = { checkout: [], charge: [], verify: [] };
  const errors = new Map<string, number>();
  let paid = 0;
  const until = Date.now() + seconds * 1000;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
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
            (step, ms) => latencies[step]!.push(ms),
          );
          paid++;
        } catch (error) {
          const key = (error as Error).message.slice(0, 120);
          errors.set(key, (errors.get(key) ?? 0) + 1);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const steps = Object.fromEntries(
    STEPS.map((step) => {
      const sorted = latencies[step]!.sort((a, b) => a - b);
      return [step, { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) }];
    }),
  );
  return {
    seconds: elapsed,
    paid,
    paidPerSecond: paid / elapsed,
    cpuMsPerPaid: paid ? (cpu.user + cpu.system) / 1000 / paid : 0,
    steps,
    errors: [...errors.values()].reduce((sum, count) => sum + count, 0),
    errorKinds: Object.fromEntries(errors),
  };
}

try {
  await run(WARMUP);
  console.log(`FLOOR ${JSON.stringify(await run(DURATION))}`);
} finally {
  await connection.close();
}
