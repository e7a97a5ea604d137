// GET /api/devices with filters and search on a 100,000-device catalog, and the default /buy page (the
// server-rendered storefront listing, 24 devices), each beside a bare node:http server answering each URL with
// the very bytes the store answered for it, in the same run. Seeds the catalog once into a temp DATA_DIR with
// `npm run seed` (reused by later runs; BENCH_DATA_DIR chooses it), builds the web app when it is stale (the
// page is rendered by its server entry), starts the real server as `npm start` runs it (NODE_ENV=production,
// LOG_LEVEL and LOG_FORMAT unset: an access line a request, JSON lines into a log file), runs autocannon,
// prints a table and the EXPLAIN summary of the listing's queries. Store and bare server take turns, BENCH_ROUNDS (3)
// runs of BENCH_SECONDS (4) each, so that a change in the machine's speed falls on both. Then both again as a browser
// asks them (Accept-Encoding as Chromium sends it), beside a bare server sending the compressed bytes the store sent.
// Budgets, each a ratio to the bare server in this run: >= 60% of its requests/s, p99 <= 25 ms, for the
// 8 URLs and for /buy, plain and as a browser asks (docs/performance/server-throughput.md). Exits 1 when one
// is missed. Takes about two minutes on first run, a minute and three quarters after (3 s of it an unmeasured warm-up).
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildWebIfStale } from '../scripts/lib.mjs';
import { CATALOG_DEVICES, CATALOG_PATHS, catalogDataDir, catalogEnv, seedCatalog } from './_catalog.mjs';
import {
  cannon,
  cannonInTurns,
  freePort,
  printTable,
  runNode,
  startBareServer,
  startServer,
  stop,
  waitFor,
} from './_lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = 50;
const BUDGET = { ofBare: 0.6, p99: 25 };
/** The storefront's listing as a shopper first opens it: server-rendered HTML, 24 devices. */
const PAGE = '/buy';

/** What Chromium asks with: every reply a browser gets is compressed. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** The reply to `url` as the store sends it to a browser: its bytes as sent (compressed), type and encoding. */
function asSentToBrowser(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: BROWSER }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            bytes: Buffer.concat(chunks),
            type: res.headers['content-type'],
            encoding: res.headers['content-encoding'],
          }),
        );
      })
      .on('error', reject);
  });
}

if ((await buildWebIfStale()) !== 0) throw new Error('the web build failed');
console.log(`Catalog: ${CATALOG_DEVICES} devices in ${catalogDataDir}${existsSync(catalogDataDir) ? ' (reused)' : ''}`);
await seedCatalog();
await runNode(['--import', 'tsx', 'bench/_catalog-explain.ts'], catalogEnv);

const apiPort = await freePort();
const barePort = await freePort();
const compressedBarePort = await freePort();
const logDir = mkdtempSync(path.join(tmpdir(), 'quickbuy-bench-log-'));
const logFile = path.join(logDir, 'store.log');
const api = startServer(apiPort, catalogEnv, { logFile });
let bare;
let compressedBare;

try {
  await waitFor(`http://127.0.0.1:${apiPort}/api/health`);
  // One pass over the URLs first: shows the uncached cost, and is what the short catalog cache then holds.
  const cold = [];
  const bodies = {};
  for (const p of CATALOG_PATHS) {
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
  // The page as the store sends it to autocannon (no Accept-Encoding: not compressed), for the bare server to send.
  const page = await fetch(`http://127.0.0.1:${apiPort}${PAGE}`, { headers: { 'accept-encoding': 'identity' } });
  const pageHtml = await page.text();
  if (page.status !== 200 || !pageHtml.includes('id="root"><'))
    throw new Error(`${PAGE} did not render: ${page.status}`);
  bare = startBareServer(barePort, { ...bodies, [PAGE]: pageHtml });
  const compressed = {};
  for (const p of [...CATALOG_PATHS, PAGE]) compressed[p] = await asSentToBrowser(`http://127.0.0.1:${apiPort}${p}`);
  compressedBare = startBareServer(compressedBarePort, compressed);
  await waitFor(`http://127.0.0.1:${barePort}/`);
  await waitFor(`http://127.0.0.1:${compressedBarePort}/`);
  for (const c of cold) {
    console.log(
      `first request ${c.path.padEnd(58)} ${String(c.status)} ${c.ms.toFixed(0).padStart(5)} ms  (${c.filtered} devices match)`,
    );
  }
  const storeUrl = `http://127.0.0.1:${apiPort}`;
  // Unmeasured first: the store's code is compiled and optimised while it runs, and the first figure measured
  // (the 8 URLs) was otherwise the only one to pay for it.
  await cannon(storeUrl, [...CATALOG_PATHS, PAGE], { connections: CONNECTIONS, duration: WARMUP });
  /** `paths` asked of the store and of a bare server in turns, so that both meet the machine as it is at that minute. */
  const withBare = (paths, options, bareServerPort, bareServer) =>
    cannonInTurns(
      [
        [storeUrl, paths, { ...options, server: api }],
        [`http://127.0.0.1:${bareServerPort}`, paths, { ...options, server: bareServer }],
      ],
      ROUNDS,
    );
  const run = { connections: CONNECTIONS, duration: DURATION };
  const browser = { ...run, headers: BROWSER };
  const [apiResult, bareResult] = await withBare(CATALOG_PATHS, run, barePort, bare);
  const [pageResult, barePageResult] = await withBare([PAGE], run, barePort, bare);
  const [apiBrowserResult, bareBrowserResult] = await withBare(
    CATALOG_PATHS,
    browser,
    compressedBarePort,
    compressedBare,
  );
  const [pageBrowserResult, barePageBrowserResult] = await withBare(
    [PAGE],
    browser,
    compressedBarePort,
    compressedBare,
  );

  const heading =
    `autocannon, ${CONNECTIONS} connections, ${ROUNDS} turns of ${DURATION} s each with its bare server, ` +
    `${CATALOG_DEVICES} devices, default log level`;
  printTable(
    [
      [`GET /api/devices (${CATALOG_PATHS.length} filter/search URLs)`, apiResult],
      ['bare node:http, the same bytes for each URL', bareResult],
    ],
    heading,
  );
  printTable(
    [
      [`GET ${PAGE} (server-rendered, 24 devices, ${(Buffer.byteLength(pageHtml) / 1000).toFixed(0)} KB)`, pageResult],
      ['bare node:http, the same bytes', barePageResult],
    ],
    heading,
  );
  const encodings = [...new Set(Object.values(compressed).map((c) => c.encoding ?? 'none'))].join(', ');
  const sentBytes = (paths) => paths.reduce((sum, p) => sum + compressed[p].bytes.length, 0) / paths.length;
  const asked =
    `${heading}; Accept-Encoding: ${BROWSER['accept-encoding']} (sent as ${encodings}: ` +
    `${(sentBytes(CATALOG_PATHS) / 1000).toFixed(1)} KB a listing, ${(sentBytes([PAGE]) / 1000).toFixed(1)} KB the page)`;
  printTable(
    [
      [`GET /api/devices, ${CATALOG_PATHS.length} URLs, as a browser asks`, apiBrowserResult],
      ['bare node:http, the same compressed bytes', bareBrowserResult],
    ],
    asked,
  );
  printTable(
    [
      [`GET ${PAGE} as a browser asks`, pageBrowserResult],
      ['bare node:http, the same compressed bytes', barePageBrowserResult],
    ],
    asked,
  );
  const bytes = Object.values(bodies).reduce((sum, b) => sum + Buffer.byteLength(b), 0) / CATALOG_PATHS.length;
  const logBytes = statSync(logFile).size;
  console.log(`average body ${bytes.toFixed(0)} bytes; the store's log grew to ${(logBytes / 1e6).toFixed(1)} MB`);
  const missed = [];
  for (const [name, store, bareRun] of [
    [`${CATALOG_PATHS.length} URLs`, apiResult, bareResult],
    [PAGE, pageResult, barePageResult],
    [`${CATALOG_PATHS.length} URLs as a browser asks`, apiBrowserResult, bareBrowserResult],
    [`${PAGE} as a browser asks`, pageBrowserResult, barePageBrowserResult],
  ]) {
    const ratio = store.requests.average / bareRun.requests.average;
    const verdicts = [
      [ratio >= BUDGET.ofBare, `${(ratio * 100).toFixed(1)}% of bare >= ${BUDGET.ofBare * 100}%`],
      [store.latency.p99 <= BUDGET.p99, `p99 ${store.latency.p99} ms <= ${BUDGET.p99} ms`],
      [store.errors + store.non2xx === 0, `errors ${store.errors + store.non2xx}`],
    ];
    console.log(`budget, ${name}: ${verdicts.map(([met, text]) => `${text}: ${met ? 'met' : 'MISSED'}`).join('; ')}`);
    missed.push(...verdicts.filter(([met]) => !met).map(([, text]) => `${name}: ${text}`));
  }
  if (missed.length) {
    console.log(`\nCATALOG BENCH FAILED: ${missed.length} budget(s) missed:\n  ${missed.join('\n  ')}`);
    process.exitCode = 1;
  }
} finally {
  await Promise.all([api, bare, compressedBare].filter(Boolean).map(stop));
  rmSync(logDir, { recursive: true, force: true });
}
