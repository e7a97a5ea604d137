// GET /api/devices with filters and search on a 100,000-device catalog, beside a
// bare node:http server answering each URL with the very bytes the store answered for it, in the same
// run. Seeds the catalog once into a temp DATA_DIR with `npm run seed` (reused by later runs;
// BENCH_DATA_DIR chooses it), starts the real server as `npm start` runs it (NODE_ENV=production,
// LOG_LEVEL and LOG_FORMAT unset: an access line a request, JSON lines into a log file), runs
// autocannon, prints a table and the EXPLAIN summary of the listing's queries.
// Budget: >= 60% of the bare server's requests/s, p99 <= 25 ms (docs/performance/server-throughput.md).
// Figures, not pass/fail.
// Takes about a minute and a half on first run, under a minute after.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
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
  SEED_DEMO_DATA: 'false',
  ADMIN_PASSWORD: 'bench-admin-password',
};

console.log(`Catalog: ${DEVICES} devices in ${dataDir}${existsSync(dataDir) ? ' (reused)' : ''}`);
await runNode(['--import', 'tsx', 'src/server/seed/cli.ts', '--devices', String(DEVICES)], env);
await runNode(['--import', 'tsx', 'bench/_catalog-explain.ts'], env);

const apiPort = await freePort();
const barePort = await freePort();
const logDir = mkdtempSync(path.join(tmpdir(), 'quickbuy-bench-log-'));
const logFile = path.join(logDir, 'store.log');
const api = startServer(apiPort, env, { logFile });
let bare;

try {
  await waitFor(`http://127.0.0.1:${apiPort}/api/health`);
  // One pass over the URLs first: shows the uncached cost, and is what the short catalog cache then holds.
  const cold = [];
  const bodies = {};
  for (const p of PATHS) {
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${apiPort}${p}`);
    const text = await res.text();
    bodies[p] = text;
    cold.push({
      path: p,
      ms: performance.now() - started,
      status: res.status,
      filtered: JSON.parse(text).filteredTotal,
    });
  }
  bare = startBareServer(barePort, bodies);
  await waitFor(`http://127.0.0.1:${barePort}/`);
  for (const c of cold) {
    console.log(
      `first request ${c.path.padEnd(58)} ${String(c.status)} ${c.ms.toFixed(0).padStart(5)} ms  (${c.filtered} devices match)`,
    );
  }
  const apiResult = await cannon(`http://127.0.0.1:${apiPort}`, PATHS, {
    connections: CONNECTIONS,
    duration: DURATION,
  });
  const bareResult = await cannon(`http://127.0.0.1:${barePort}`, PATHS, {
    connections: CONNECTIONS,
    duration: DURATION,
  });

  printTable(
    [
      [`GET /api/devices (${PATHS.length} filter/search URLs)`, apiResult],
      ['bare node:http, the same bytes for each URL', bareResult],
    ],
    `autocannon, ${CONNECTIONS} connections, ${DURATION} s each, ${DEVICES} devices, default log level`,
  );
  const bytes = Object.values(bodies).reduce((sum, b) => sum + Buffer.byteLength(b), 0) / PATHS.length;
  const logBytes = statSync(logFile).size;
  console.log(`average body ${bytes.toFixed(0)} bytes; the store's log grew to ${(logBytes / 1e6).toFixed(1)} MB`);
  console.log(
    `budget: ratio >= 60%: ${(apiResult.requests.average / bareResult.requests.average) * 100 >= 60 ? 'met' : 'MISSED'}; ` +
      `p99 <= 25 ms: ${apiResult.latency.p99 <= 25 ? 'met' : 'MISSED'}`,
  );
} finally {
  await Promise.all([stop(api), bare ? stop(bare) : Promise.resolve()]);
  rmSync(logDir, { recursive: true, force: true });
}
