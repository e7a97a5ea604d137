// The admin's exports on 10,000 rows each, end to end over HTTP, as CSV and (Transactions, the payer's file)
// as an Excel workbook: the time from the request to the file's last byte, signed in as the admin, the server run as `npm start` runs it. Budget:
// 10,000 rows in under 2 s. Runs on PGlite, then on a throwaway PostgreSQL server (scripts/with-postgres.mjs;
// skipped when its binaries are missing and cannot be installed). Each export is read once cold, then
// BENCH_RUNS times (default 3); the verdict is on the slowest of those. Figures, not pass/fail.
// Fills the admin bench's temp DATA_DIR (bench/_admin-data.ts, reused by later runs; BENCH_DATA_DIR
// chooses it), then adds payout accounts (bench/_csv-data.ts). BENCH_ROWS (default 10000).
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminHeaders, freePort, runNode, startServer, stop, waitFor } from './_lib.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BUDGET_SECONDS = 2;
const ADMIN = { email: 'bench-admin@quickbuy.test', password: 'bench-admin-password' };
const EXPORTS = [
  '/api/admin/orders/export.csv',
  '/api/admin/trade-ins/export.csv',
  '/api/admin/trade-ins/export.csv?status=Awaiting+Payment',
  '/api/admin/payments/export.csv',
  '/api/admin/trade-ins/export.xlsx',
  '/api/admin/trade-ins/export.xlsx?status=Awaiting+Payment',
];
const postgresUrl = process.env.TEST_DATABASE_URL;

const env = {
  NODE_ENV: 'production',
  SEED_DEMO_DATA: 'false',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  // The bench measures the exports, signed in by a password alone on loopback (docs/decisions/041).
  STAFF_MFA: 'off',
  BENCH_ROWS: String(ROWS),
  ...(postgresUrl
    ? { DATABASE_URL: postgresUrl, DATA_DIR: path.join(tmpdir(), 'quickbuy-bench-csv-pg') }
    : {
        DATABASE_URL: '',
        DATA_DIR: process.env.BENCH_DATA_DIR ?? path.join(tmpdir(), `quickbuy-bench-admin-${ROWS}`),
      }),
};
const engine = postgresUrl ? 'PostgreSQL' : 'PGlite';

console.log(`CSV exports on ${engine}: ${ROWS} orders, payments and trade-ins`);
// The admin data's own EXPLAIN printout is the admin bench's: only its first line is shown here.
const seeded = await runNode(['--import', 'tsx', 'bench/_admin-data.ts'], env, { capture: true });
console.log(seeded.split('\n')[0]);
await runNode(['--import', 'tsx', 'bench/_csv-data.ts'], env);

/** One export read to its last byte: seconds, data rows and bytes. */
async function timeExport(base, url, headers) {
  const started = performance.now();
  const res = await fetch(`${base}${url}`, { headers });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  // Line breaks inside quoted cells would count too: the seeded rows have none. A workbook is compressed: no count.
  const rows = url.includes('.csv') ? String(lines - 1) : '-';
  return { seconds: (performance.now() - started) / 1000, rows, bytes };
}

const port = await freePort();
const server = startServer(port, env);
try {
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`);
  const { cookie } = await adminHeaders(base, ADMIN);

  console.log(`\n${engine}: each export cold, then ${RUNS} runs; budget: ${ROWS} rows in under ${BUDGET_SECONDS} s\n`);
  console.log(
    `${'export'.padEnd(58)} ${'rows'.padStart(6)} ${'MB'.padStart(6)} ${'cold s'.padStart(7)} ${'best s'.padStart(7)} ${'worst s'.padStart(8)}  verdict`,
  );
  for (const url of EXPORTS) {
    const cold = await timeExport(base, url, { cookie });
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await timeExport(base, url, { cookie }));
    const seconds = runs.map((r) => r.seconds);
    const worst = Math.max(...seconds);
    console.log(
      `${`GET ${url}`.padEnd(58)} ${cold.rows.padStart(6)} ${(cold.bytes / 1e6).toFixed(2).padStart(6)} ${cold.seconds.toFixed(2).padStart(7)} ${Math.min(
        ...seconds,
      )
        .toFixed(2)
        .padStart(7)} ${worst.toFixed(2).padStart(8)}  ${worst < BUDGET_SECONDS ? 'met' : 'MISSED'}`,
    );
  }
} finally {
  await stop(server);
}

// The same on PostgreSQL, once: this script again under a throwaway server.
if (!postgresUrl && process.env.BENCH_CSV_POSTGRES !== 'off') {
  console.log('');
  await runNode(['scripts/with-postgres.mjs', process.execPath, 'bench/csv-bench.mjs'], {}).catch((error) =>
    console.log(`PostgreSQL run skipped or failed: ${error.message}`),
  );
}
