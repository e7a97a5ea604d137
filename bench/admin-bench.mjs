// The admin's lists on 10,000 rows each, signed in as the admin, the server run as
// `npm start` runs it (default log level, its log into a file):
//   1. the first page of Orders, Trade-ins, Devices and Payments at 20 connections: requests/s and
//      p99 beside the budget (p99 <= 50 ms);
//   2. the Orders and the Transactions (trade-ins) lists filtered and searched at 50 connections, each
//      beside a bare node:http server answering its first page's bytes in the same run.
// Fills a temp DATA_DIR once (reused by later runs; BENCH_DATA_DIR chooses it) and prints EXPLAIN of
// the lists' queries. Figures, not pass/fail. BENCH_ROWS (default 10000), BENCH_SECONDS (default 10;
// each first page runs half of it), BENCH_WARMUP_SECONDS (default 3, the four lists before measuring).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  adminHeaders,
  cannon,
  freePort,
  printTable,
  runNode,
  startBareServer,
  startServer,
  stop,
  waitFor,
} from './_lib.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const FIRST_PAGE = { connections: 20, p99: 50 };
const CONNECTIONS = 50;
const dataDir = process.env.BENCH_DATA_DIR ?? path.join(tmpdir(), `quickbuy-bench-admin-${ROWS}`);
const ADMIN = { email: 'bench-admin@quickbuy.test', password: 'bench-admin-password' };
const LISTS = ['/api/admin/orders', '/api/admin/trade-ins', '/api/admin/devices', '/api/admin/payments'];
/** Part 2's lists, filtered and searched: Orders and Transactions (trade-ins), their first URL the plain first page. */
const SEARCHED = {
  orders: [
    '/api/admin/orders',
    '/api/admin/orders?status=shipped',
    '/api/admin/orders?q=khumalo',
    '/api/admin/orders?q=lerato.4322%40example.co.za',
    '/api/admin/orders?q=ORD-2026-004321',
    '/api/admin/orders?q=khumalo&status=delivered',
  ],
  'trade-ins': [
    '/api/admin/trade-ins',
    '/api/admin/trade-ins?status=Offer%20Made',
    '/api/admin/trade-ins?q=khumalo',
    '/api/admin/trade-ins?q=seller.4321%40example.co.za',
    '/api/admin/trade-ins?q=khumalo&status=Paid',
  ],
};

const env = {
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  NODE_ENV: 'production',
  SEED_DEMO_DATA: 'false',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  // The bench measures the lists, signed in by a password alone on loopback (docs/decisions/041).
  STAFF_MFA: 'off',
  BENCH_ROWS: String(ROWS),
};

console.log(`Admin lists: ${ROWS} rows each in ${dataDir}${existsSync(dataDir) ? ' (reused)' : ''}`);
await runNode(['--import', 'tsx', 'bench/_admin-data.ts'], env);

const apiPort = await freePort();
const barePort = await freePort();
const logDir = mkdtempSync(path.join(tmpdir(), 'quickbuy-bench-log-'));
const api = startServer(apiPort, env, { logFile: path.join(logDir, 'store.log') });
let bare;

try {
  const base = `http://127.0.0.1:${apiPort}`;
  await waitFor(`${base}/api/health`);
  const headers = await adminHeaders(base, ADMIN);

  for (const p of [...LISTS, ...Object.values(SEARCHED).flatMap((urls) => urls.slice(1))]) {
    const started = performance.now();
    const res = await fetch(`${base}${p}`, { headers });
    const json = await res.json();
    console.log(
      `first request ${p.padEnd(50)} ${res.status} ${(performance.now() - started).toFixed(0).padStart(5)} ms  (${json.total} rows match)`,
    );
  }

  // A warm-up over the four lists, not reported: a server just started spends its first seconds
  // compiling (V8 optimising PGlite's WebAssembly and our code), which the list measured first paid alone.
  await cannon(base, LISTS, { connections: FIRST_PAGE.connections, duration: WARMUP, headers });

  // 1. The first page of each list.
  const seconds = Math.max(1, Math.round(DURATION / 2));
  const firstPages = [];
  for (const list of LISTS) {
    firstPages.push([
      list,
      await cannon(base, [list], { connections: FIRST_PAGE.connections, duration: seconds, headers }),
    ]);
  }
  console.log(`\nfirst page of each list, ${FIRST_PAGE.connections} connections, ${seconds} s each, ${ROWS} rows\n`);
  console.log(
    `${'list'.padEnd(24)} ${'requests/s'.padStart(11)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)}  budget p99 <= ${FIRST_PAGE.p99} ms`,
  );
  for (const [list, r] of firstPages) {
    console.log(
      `${list.padEnd(24)} ${r.requests.average.toFixed(0).padStart(11)} ${String(r.latency.p50).padStart(7)} ${String(r.latency.p99).padStart(7)} ${String(r.errors + r.non2xx).padStart(7)}  ${r.latency.p99 <= FIRST_PAGE.p99 ? 'met' : 'MISSED'}`,
    );
  }

  // 2. Orders and Transactions filtered and searched, each beside a bare server answering its first page's bytes.
  for (const [name, urls] of Object.entries(SEARCHED)) {
    const body = await (await fetch(`${base}${urls[0]}`, { headers })).text();
    bare = startBareServer(barePort, body);
    await waitFor(`http://127.0.0.1:${barePort}/`);
    const apiResult = await cannon(base, urls, {
      connections: CONNECTIONS,
      duration: DURATION,
      headers,
      server: api,
    });
    const bareResult = await cannon(`http://127.0.0.1:${barePort}`, ['/'], {
      connections: CONNECTIONS,
      duration: DURATION,
      server: bare,
    });
    await stop(bare);
    bare = undefined;
    printTable(
      [
        [`GET /api/admin/${name} (${urls.length} filter/search URLs)`, apiResult],
        [`bare node:http, the first page's ${body.length} bytes`, bareResult],
      ],
      `autocannon, ${CONNECTIONS} connections, ${DURATION} s each, ${ROWS} ${name}, signed in as the admin`,
    );
  }
} finally {
  await Promise.all([stop(api), bare ? stop(bare) : Promise.resolve()]);
  rmSync(logDir, { recursive: true, force: true });
}
