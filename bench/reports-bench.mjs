// The admin's Reports tab at 100,000 orders (each paid one with its unit of stock sold) and 20,000 trade-ins
// on PGlite, the server run as `npm start` runs it: GET /api/admin/reports for the default period (the last
// 30 days), a year, and the longest period a report takes (367 days), one connection at a time (an admin opening the tab),
// with p50/p99 and the server's CPU a request. Budget: the default period's p99 under 500 ms. Fills its own
// temp DATA_DIR once through bench/_admin-data.ts (reused by later runs; BENCH_DATA_DIR chooses it).
// BENCH_ROWS (100000 orders), BENCH_TRADE_INS (20000), BENCH_SECONDS (5 a period).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { adminHeaders, cannon, freePort, runNode, startServer, stop, waitFor } from './_lib.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const TRADE_INS = Number(process.env.BENCH_TRADE_INS ?? 20_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const BUDGET_MS = 500;
const dataDir = process.env.BENCH_DATA_DIR ?? path.join(tmpdir(), `quickbuy-bench-reports-${ROWS}-${TRADE_INS}`);
const ADMIN = { email: 'bench-admin@quickbuy.test', password: 'bench-admin-password' };
const PERIODS = [
  ['the last 30 days (the default)', '/api/admin/reports'],
  ['2026, a year', '/api/admin/reports?from=2026-01-01&to=2026-12-31'],
  ['the longest there is, 367 days', '/api/admin/reports?from=2025-11-01&to=2026-11-02'],
];

const env = {
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  NODE_ENV: 'production',
  SEED_DEMO_DATA: 'false',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  // The bench measures the report, signed in by a password alone on loopback (docs/decisions/041).
  STAFF_MFA: 'off',
  BENCH_ROWS: String(ROWS),
  BENCH_TRADE_INS: String(TRADE_INS),
};
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

console.log(`Reports: ${ROWS} orders, ${TRADE_INS} trade-ins in ${dataDir}${existsSync(dataDir) ? ' (reused)' : ''}`);
await runNode(['--import', 'tsx', 'bench/_admin-data.ts'], env);

const port = await freePort();
const logDir = mkdtempSync(path.join(tmpdir(), 'quickbuy-bench-log-'));
const api = startServer(port, env, { logFile: path.join(logDir, 'store.log') });
const loadBefore = load();
try {
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`);
  const headers = await adminHeaders(base, ADMIN);

  const rows = [];
  for (const [label, url] of PERIODS) {
    const started = performance.now();
    const first = await fetch(`${base}${url}`, { headers });
    if (first.status !== 200) throw new Error(`${url} answered ${first.status}: ${await first.text()}`);
    const firstMs = performance.now() - started;
    const report = await first.json();
    const r = await cannon(base, [url], { connections: 1, duration: DURATION, headers, server: api });
    rows.push({ label, firstMs, sold: report.units?.sold, r });
  }

  console.log(
    `\nGET /api/admin/reports, one connection, ${DURATION} s a period, ${ROWS} orders, ${TRADE_INS} trade-ins\n`,
  );
  console.log(
    `${'period'.padEnd(32)} ${'units sold'.padStart(10)} ${'first ms'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'cpu ms/req'.padStart(11)} ${'errors'.padStart(7)}`,
  );
  for (const { label, firstMs, sold, r } of rows) {
    console.log(
      `${label.padEnd(32)} ${String(sold ?? '?').padStart(10)} ${firstMs.toFixed(0).padStart(9)} ${String(r.latency.p50).padStart(7)} ${String(r.latency.p99).padStart(7)} ${r.cpuMsPerRequest.toFixed(1).padStart(11)} ${String(r.errors + r.non2xx).padStart(7)}`,
    );
  }
  const defaultP99 = rows[0].r.latency.p99;
  console.log(`\nload average ${loadBefore} -> ${load()}`);
  console.log(
    defaultP99 < BUDGET_MS
      ? `Budget met: the default period's p99 ${defaultP99} ms < ${BUDGET_MS} ms.`
      : `BUDGET MISSED: the default period's p99 ${defaultP99} ms >= ${BUDGET_MS} ms.`,
  );
} finally {
  await stop(api);
  rmSync(logDir, { recursive: true, force: true });
}
