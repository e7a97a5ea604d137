// The admin's Orders list (issue 15): the first page, filtered and searched, on 10,000 orders,
// beside a bare node:http server answering the same bytes in the same run. Fills a temp DATA_DIR
// once (reused by later runs; BENCH_DATA_DIR chooses it), prints EXPLAIN of the list's queries,
// starts the real server, signs the admin in and runs autocannon with that session.
// Transactions (trade-ins) are not measured yet: their admin list is built in another branch.
// Figures, not pass/fail.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cannon, freePort, printTable, runNode, startBareServer, startServer, stop, waitFor } from './_lib.mjs';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const dataDir = process.env.BENCH_DATA_DIR ?? path.join(tmpdir(), `quickbuy-bench-orders-${ORDERS}`);
const ADMIN = { email: 'bench-admin@quickbuy.test', password: 'bench-admin-password' };
const PATHS = [
  '/api/admin/orders',
  '/api/admin/orders?status=shipped',
  '/api/admin/orders?q=khumalo',
  '/api/admin/orders?q=lerato.4322%40example.co.za',
  '/api/admin/orders?q=ORD-2026-004321',
  '/api/admin/orders?q=khumalo&status=delivered',
];

const env = {
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  SEED_DEMO_DATA: 'false',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  BENCH_ORDERS: String(ORDERS),
};

console.log(`Orders: ${ORDERS} in ${dataDir}${existsSync(dataDir) ? ' (reused)' : ''}`);
await runNode(['--import', 'tsx', 'bench/_admin-orders-data.ts'], env);

const apiPort = await freePort();
const barePort = await freePort();
const api = startServer(apiPort, env);
let bare;

try {
  const base = `http://127.0.0.1:${apiPort}`;
  await waitFor(`${base}/api/health`);
  const signIn = await fetch(`${base}/api/auth/admin/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-quickbuy-request': '1' },
    body: JSON.stringify(ADMIN),
  });
  if (!signIn.ok) throw new Error(`admin sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const headers = { cookie };

  // The bare server answers the bytes of the first page, so both send the same payload.
  const firstPage = await fetch(`${base}${PATHS[0]}`, { headers });
  const body = await firstPage.text();
  bare = startBareServer(barePort, body);
  await waitFor(`http://127.0.0.1:${barePort}/`);

  for (const p of PATHS) {
    const started = performance.now();
    const res = await fetch(`${base}${p}`, { headers });
    const json = await res.json();
    console.log(
      `first request ${p.padEnd(50)} ${res.status} ${(performance.now() - started).toFixed(0).padStart(5)} ms  (${json.total} orders match)`,
    );
  }
  const apiResult = await cannon(base, PATHS, { connections: CONNECTIONS, duration: DURATION, headers });
  const bareResult = await cannon(`http://127.0.0.1:${barePort}`, ['/'], {
    connections: CONNECTIONS,
    duration: DURATION,
  });
  printTable(
    [
      [`GET /api/admin/orders (${PATHS.length} filter/search URLs)`, apiResult],
      [`bare node:http, the first page's ${body.length} bytes`, bareResult],
    ],
    `autocannon, ${CONNECTIONS} connections, ${DURATION} s each, ${ORDERS} orders, signed in as the admin`,
  );
} finally {
  await Promise.all([stop(api), bare ? stop(bare) : Promise.resolve()]);
}
