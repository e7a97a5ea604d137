// GET /api/devices with filters and search on a 100,000-device catalog (issue 3), beside a bare
// node:http server answering a fixed JSON body in the same run. Seeds the catalog once into a temp
// DATA_DIR with `npm run seed` (reused by later runs; BENCH_DATA_DIR chooses it), starts the real
// server, runs autocannon, prints a table and the EXPLAIN summary of the listing's queries.
// Figures, not pass/fail. Takes about a minute and a half on first run, under a minute after.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
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

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function runNode(args, env, { quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: quiet ? 'ignore' : 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited ${code}`))));
  });
}

async function waitFor(url, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function cannon(url, paths) {
  return new Promise((resolve, reject) => {
    let i = 0;
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: DURATION,
        requests: [{ setupRequest: (request) => ({ ...request, path: paths[i++ % paths.length] }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

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
const api = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  cwd: root,
  env: { ...process.env, ...env, PORT: String(apiPort), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${apiPort}` },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const body = JSON.stringify({ items: [], total: 0, filteredTotal: 0, page: 1, pageSize: 24 });
const bare = spawn(
  process.execPath,
  [
    '-e',
    `require('node:http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'application/json' }); s.end(${JSON.stringify(body)}); }).listen(${barePort}, '127.0.0.1')`,
  ],
  { stdio: 'ignore' },
);

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
  const apiResult = await cannon(`http://127.0.0.1:${apiPort}`, PATHS);
  const bareResult = await cannon(`http://127.0.0.1:${barePort}`, ['/']);

  const row = (name, r) => ({
    name,
    rps: r.requests.average,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
  });
  const rows = [
    row(`GET /api/devices (${PATHS.length} filter/search URLs)`, apiResult),
    row('bare node:http, fixed JSON', bareResult),
  ];
  console.log(`\nautocannon, ${CONNECTIONS} connections, ${DURATION} s each, ${DEVICES} devices\n`);
  console.log(`${'target'.padEnd(44)} ${'requests/s'.padStart(11)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)}`);
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(44)} ${r.rps.toFixed(0).padStart(11)} ${String(r.p99).padStart(8)} ${String(r.errors).padStart(7)}`,
    );
  }
  console.log(`${'ratio API / bare'.padEnd(44)} ${((rows[0].rps / rows[1].rps) * 100).toFixed(1).padStart(10)}%`);
} finally {
  await Promise.all([stop(api), stop(bare)]);
}
