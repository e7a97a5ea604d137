// GET /api/devices with filters and search on a 100,000-device catalog (issue 3), beside a bare
// node:http server answering a fixed JSON body in the same run. Seeds the catalog once into a temp
// DATA_DIR with `npm run seed` (reused by later runs; BENCH_DATA_DIR chooses it), starts the real
// server, runs autocannon, prints a table and the EXPLAIN summary of the listing's queries.
// Figures, not pass/fail. Takes about a minute and a half on first run, under a minute after.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cannon, freePort, printTable, runNode, startBareServer, startServer, stop, waitFor } from './_lib.mjs';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const dataDir = process.env.BENCH_DATA_DIR ?? path.join(tmpdir(), `quickbuy-bench-${DEVICES}`);
/** The listing as shoppers use it: filters, search, a few pages. */
const PATHS = [
  '/api/devices',
  '/api/devices?category=laptop&price=10k-20k',
  '/api/devices?brand=samsung&page=3',
  '/api/devices?q=galaxy',
  '/api/devices?q=thinkpad&category=laptop&price=10k-20k',
  '/api/devices?category=phone&brand=apple&price=under-10k',
  '/api/devices?q=HP%20elitebook&page=2',
  '/api/devices?price=over-20k&pageSize=48',
];

const env = {
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  SEED_DEMO_DATA: 'false',
  ADMIN_PASSWORD: 'bench-admin-password',
};

console.log(`Catalog: ${DEVICES} devices in ${dataDir}${existsSync(dataDir) ? ' (reused)' : ''}`);
await runNode(['--import', 'tsx', 'src/server/seed/cli.ts', '--devices', String(DEVICES)], env);
await runNode(['--import', 'tsx', 'bench/_catalog-explain.ts'], env);

const apiPort = await freePort();
const barePort = await freePort();
const api = startServer(apiPort, env);
const body = JSON.stringify({ items: [], total: 0, filteredTotal: 0, page: 1, pageSize: 24 });
const bare = startBareServer(barePort, body);

try {
  await waitFor(`http://127.0.0.1:${apiPort}/api/health`);
  await waitFor(`http://127.0.0.1:${barePort}/`);
  // One pass over the URLs first: shows the uncached cost, and is what the short catalog cache then holds.
  const cold = [];
  for (const p of PATHS) {
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${apiPort}${p}`);
    const json = await res.json();
    cold.push({ path: p, ms: performance.now() - started, status: res.status, filtered: json.filteredTotal });
  }
  for (const c of cold) {
    console.log(
      `first request ${c.path.padEnd(58)} ${String(c.status)} ${c.ms.toFixed(0).padStart(5)} ms  (${c.filtered} devices match)`,
    );
  }
  const apiResult = await cannon(`http://127.0.0.1:${apiPort}`, PATHS, {
    connections: CONNECTIONS,
    duration: DURATION,
  });
  const bareResult = await cannon(`http://127.0.0.1:${barePort}`, ['/'], {
    connections: CONNECTIONS,
    duration: DURATION,
  });

  printTable(
    [
      [`GET /api/devices (${PATHS.length} filter/search URLs)`, apiResult],
      ['bare node:http, fixed JSON', bareResult],
    ],
    `autocannon, ${CONNECTIONS} connections, ${DURATION} s each, ${DEVICES} devices`,
  );
} finally {
  await Promise.all([stop(api), stop(bare)]);
}
