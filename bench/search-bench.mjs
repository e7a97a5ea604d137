// The shopper search at 100,000 devices (docs/performance/search.md), on PGlite and on PostgreSQL, each run:
// 1. the queries themselves (bench/_search-queries.ts): the 40 searches of bench/_search-mix.mjs as /api/devices
//    runs them, no cache, beside the spec's substring search (the old WHERE clause) in turns; the suggestions;
//    a search with filters and page 3. Milliseconds p50/p99 and the bench process's CPU a query (all of PGlite's
//    work; on PostgreSQL the client's only: the server's own is in neither figure).
// 2. over HTTP, the real server as `npm start` runs it (its log into a file): autocannon over the 40 search URLs,
//    the 40 suggestion URLs and the filtered search on page 3, each beside a bare node:http server sending the
//    very bytes the store answered, in the same run, with the CPU each spent a request.
// Budgets: search p99 <= 25 ms, suggestions p99 <= 15 ms (over HTTP, as shoppers get them: the catalog's read
// cache holds a search once asked, decision 010); the filtered search on page 3 at >= 60% of the bare server.
// Exits 1 when one is missed. BENCH_ENGINES=pglite,postgres (both by default), BENCH_SECONDS (10 a run),
// BENCH_DEVICES (100000), BENCH_DATA_DIR (the PGlite catalog, kept between runs).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { cannon, freePort, root, runNode, startBareServer, startServer, stop, waitFor } from './_lib.mjs';
import { FILTERED_SEARCH, SEARCH_MIX, SUGGESTION_MIX } from './_search-mix.mjs';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const BUDGET = { searchP99: 25, suggestionsP99: 15, filteredOfBare: 0.6 };
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');

const common = { NODE_ENV: 'production', SEED_DEMO_DATA: 'false', ADMIN_PASSWORD: 'bench-admin-password' };
const searchPaths = SEARCH_MIX.map((q) => `/api/devices?${new URLSearchParams({ q })}`);
const suggestionPaths = SUGGESTION_MIX.map((q) => `/api/search/suggestions?${new URLSearchParams({ q })}`);
const filteredPaths = [`/api/devices?${new URLSearchParams(FILTERED_SEARCH)}`];

/** The machine's load as `uptime` prints it: every figure is read beside it. */
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

/** The bytes the store answers for each path, asked once (what its read cache then holds). */
async function bodiesOf(port, paths) {
  const bodies = {};
  for (const p of paths) {
    const res = await fetch(`http://127.0.0.1:${port}${p}`);
    if (res.status !== 200) throw new Error(`${p} answered ${res.status}`);
    bodies[p] = await res.text();
  }
  return bodies;
}

async function measure(engine, env) {
  const loadBefore = load();
  console.log(`\n--- ${engine} (load average ${loadBefore}) ---`);
  await runNode(['--import', 'tsx', 'src/server/seed/cli.ts', '--devices', String(DEVICES)], env);
  const output = await runNode(['--import', 'tsx', 'bench/_search-queries.ts'], env, { capture: true });
  const queries = JSON.parse(
    output
      .split('\n')
      .find((line) => line.startsWith('RESULT '))
      .slice('RESULT '.length),
  );

  const apiPort = await freePort();
  const barePort = await freePort();
  const logDir = mkdtempSync(path.join(tmpdir(), 'quickbuy-search-bench-log-'));
  const api = startServer(apiPort, env, { logFile: path.join(logDir, 'store.log') });
  let bare;
  try {
    await waitFor(`http://127.0.0.1:${apiPort}/api/health`);
    const bodies = await bodiesOf(apiPort, [...searchPaths, ...suggestionPaths, ...filteredPaths]);
    bare = startBareServer(barePort, bodies);
    await waitFor(`http://127.0.0.1:${barePort}/`);
    const run = { connections: CONNECTIONS, duration: DURATION };
    const http = {};
    for (const [name, paths] of [
      ['search', searchPaths],
      ['suggestions', suggestionPaths],
      ['filtered', filteredPaths],
    ]) {
      http[name] = {
        store: await cannon(`http://127.0.0.1:${apiPort}`, paths, { ...run, server: api }),
        bare: await cannon(`http://127.0.0.1:${barePort}`, paths, { ...run, server: bare }),
      };
    }
    return { engine, queries, http, load: `${loadBefore} -> ${load()}` };
  } finally {
    await Promise.all([stop(api), bare ? stop(bare) : Promise.resolve()]);
    rmSync(logDir, { recursive: true, force: true });
  }
}

const summary = (r) => ({
  rps: r.requests.average,
  p99: r.latency.p99,
  errors: r.errors + r.non2xx,
  cpuUs: (r.cpuMsPerRequest ?? 0) * 1000,
});

if (process.env.BENCH_CHILD === 'postgres') {
  // Run by the parent under scripts/with-postgres.mjs: a fresh database on that server, seeded here.
  const serverUrl = process.env.TEST_DATABASE_URL;
  const name = `qb_search_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'quickbuy-search-bench-pg-'));
  try {
    const result = await measure('PostgreSQL', { ...common, DATABASE_URL: url.toString(), DATA_DIR: dataDir });
    const http = Object.fromEntries(
      Object.entries(result.http).map(([k, v]) => [k, { store: summary(v.store), bare: summary(v.bare) }]),
    );
    console.log(`RESULT ${JSON.stringify({ ...result, http })}`);
  } finally {
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(0);
}

const results = [];
if (ENGINES.includes('pglite')) {
  const dataDir = process.env.BENCH_DATA_DIR ?? path.join(tmpdir(), `quickbuy-bench-${DEVICES}`);
  const result = await measure('PGlite', { ...common, DATABASE_URL: '', DATA_DIR: dataDir });
  const http = Object.fromEntries(
    Object.entries(result.http).map(([k, v]) => [k, { store: summary(v.store), bare: summary(v.bare) }]),
  );
  results.push({ ...result, http });
}
if (ENGINES.includes('postgres')) {
  const child = spawn(process.execPath, ['scripts/with-postgres.mjs', process.execPath, 'bench/search-bench.mjs'], {
    cwd: root,
    env: { ...process.env, BENCH_CHILD: 'postgres' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  await new Promise((resolve) => child.once('exit', resolve));
  const line = output.split('\n').find((l) => l.startsWith('RESULT '));
  if (line) results.push(JSON.parse(line.slice('RESULT '.length)));
  else console.log('PostgreSQL run did not report (no server binaries?):\n' + output.slice(-2000));
}

for (const { engine, queries } of results) {
  console.log(`\n${engine}: the plans of three searches (EXPLAIN ANALYZE, costs off)\n`);
  for (const plan of queries.plans) console.log(`${plan}\n`);
}

const ms = (value) => value.toFixed(1).padStart(7);
console.log(
  `\nThe queries, no cache, no HTTP (${DEVICES} devices; 40 searches x 3 rounds; ms, and the bench process's CPU a query)\n`,
);
console.log(
  `${'engine'.padEnd(11)} ${'case'.padEnd(38)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)} ${'cpu ms'.padStart(7)}`,
);
for (const { engine, queries } of results) {
  for (const [name, label] of [
    ['search', 'search mix (shopper search)'],
    ['substring', "search mix (the spec's substring)"],
    ['suggestions', 'suggestions'],
    ['filtered', 'word + category + price, page 3'],
    ['filteredSubstring', "the same with the spec's substring"],
  ]) {
    const q = queries[name];
    console.log(`${engine.padEnd(11)} ${label.padEnd(38)} ${ms(q.p50)} ${ms(q.p99)} ${ms(q.max)} ${ms(q.cpuMs)}`);
  }
}

console.log(
  `\nOver HTTP, ${CONNECTIONS} connections, ${DURATION} s a run, beside a bare node:http server sending the same bytes`,
);
console.log(
  `\n${'engine'.padEnd(11)} ${'case'.padEnd(14)} ${'store req/s'.padStart(12)} ${'bare req/s'.padStart(11)} ${'of bare'.padStart(8)} ${'p99 ms'.padStart(7)} ${'bare p99'.padStart(9)} ${'cpu µs/req'.padStart(11)} ${'bare µs'.padStart(8)} ${'errors'.padStart(7)}`,
);
const missed = [];
for (const { engine, http } of results) {
  for (const name of ['search', 'suggestions', 'filtered']) {
    const { store, bare } = http[name];
    const ratio = store.rps / bare.rps;
    console.log(
      `${engine.padEnd(11)} ${name.padEnd(14)} ${store.rps.toFixed(0).padStart(12)} ${bare.rps.toFixed(0).padStart(11)} ${`${(ratio * 100).toFixed(1)}%`.padStart(8)} ${String(store.p99).padStart(7)} ${String(bare.p99).padStart(9)} ${store.cpuUs.toFixed(0).padStart(11)} ${bare.cpuUs.toFixed(0).padStart(8)} ${String(store.errors).padStart(7)}`,
    );
    if (store.errors > 0) missed.push(`${engine} ${name}: ${store.errors} errors`);
    if (name === 'search' && store.p99 > BUDGET.searchP99)
      missed.push(`${engine} search p99 ${store.p99} ms > ${BUDGET.searchP99}`);
    if (name === 'suggestions' && store.p99 > BUDGET.suggestionsP99)
      missed.push(`${engine} suggestions p99 ${store.p99} ms > ${BUDGET.suggestionsP99}`);
    if (name === 'filtered' && ratio < BUDGET.filteredOfBare)
      missed.push(
        `${engine} filtered page 3 at ${(ratio * 100).toFixed(1)}% of bare < ${BUDGET.filteredOfBare * 100}%`,
      );
  }
}
for (const { engine, load: seen } of results) console.log(`${engine}: load average ${seen}`);
if (missed.length) {
  console.log(`\nSEARCH BENCH FAILED: ${missed.length} budget(s) missed:\n  ${missed.join('\n  ')}`);
  process.exitCode = 1;
} else console.log('\nEvery search budget met.');
