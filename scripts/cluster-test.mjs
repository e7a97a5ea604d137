// `npm run test:cluster`: the deployment of deploy/compose.yaml on this machine, without Docker, under load.
// A PostgreSQL server (scripts/lib.mjs startPostgres), three store instances on it (ports 3401-3403) and nginx
// round robin in front (port 3400, running deploy/nginx.conf itself with the upstream pointed at the three).
// Shoppers browse, check out and pay, sell, book repairs, and the admin changes prices and reads the back-office
// lists, for --seconds (default 60; `npm test` runs 20). Meanwhile one instance is killed with SIGKILL and started
// again, and PostgreSQL is stopped at once (pg_ctl -m immediate, a crash to the store) and started again.
// Afterwards, by SQL on the database and by each instance's own port:
//   - every order, trade-in and repair booking the store acknowledged is there, every order acknowledged as paid is paid;
//   - no unit oversold: no stock below 0, and each device's units gone are the units of its unpaid and paid orders;
//   - stock and payments agree: each paid order has one successful payment of its total, no success is unpaid;
//   - every acknowledged price change holds;
//   - every instance shows the catalog the database holds within 2 s of the load's end (every change is announced
//     to every instance at its commit, and a listener that lost its connection empties its cache: decision 058);
//   - a browser at 1280 px opens /buy and a repriced device's page through nginx, with the database's price.
// Each shopper connects from its own loopback address (127.x.y.z); nginx appends it to X-Forwarded-For and the
// instances run with TRUST_PROXY=1, as in production, so every per-address limit holds unchanged.
// A request that fails with no answer or a 5xx (the instance died under it, the database was down) is retried by
// the shopper, as a browser's user would; the summary counts those failures by the window they fell in.
// Exit 0 when every check holds. CLUSTER_PORT (3400: nginx there, the instances on the next three),
// CLUSTER_SHOPPERS (10).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH, ensureHeadlessShell } from './ensure-chromium.mjs';
import { buildWebIfStale, ensureDebianPackage, root, startPostgres } from './lib.mjs';

const argSeconds = process.argv.indexOf('--seconds');
const SECONDS = Number(argSeconds > 0 ? process.argv[argSeconds + 1] : (process.env.CLUSTER_SECONDS ?? 60));
const LB_PORT = Number(process.env.CLUSTER_PORT ?? 3400);
const INSTANCE_PORTS = [1, 2, 3].map((i) => LB_PORT + i);
const SHOPPERS = Number(process.env.CLUSTER_SHOPPERS ?? 10);
/** What the instances and the waits ask: alive and reaching the database. */
const HEALTH_PATH = '/api/health/ready';
const NGINX = '/usr/sbin/nginx';
const ADMIN = { email: 'admin@cluster.test', password: 'Cluster-admin-2026' };
const CARD = { cardNumber: '4084 0840 8408 4081', cvv: '408', expiry: '12/30' };
/** A request that keeps failing is given up after this long (longer than any planned outage). */
const RETRY_FOR_MS = 30_000;
/** Every instance must show the database's catalog this soon after the load (decision 058: about a second). */
const CATALOG_AGREEMENT_MS = 2_000;
/** Failures this soon after a window closes still belong to it (a pool reconnecting, nginx retrying an instance). */
const WINDOW_GRACE_MS = 3_000;

if (!Number.isFinite(SECONDS) || SECONDS < 10) {
  console.error('usage: node scripts/cluster-test.mjs [--seconds 60]   (at least 10)');
  process.exit(2);
}

const scriptStarted = performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const dir = mkdtempSync(path.join(tmpdir(), 'quickbuy-cluster-'));
// nginx's workers run as an unprivileged user when the master runs as root: they write their temp files here.
chmodSync(dir, 0o777);

// --- The processes -------------------------------------------------------------------------------------

function portTaken(port) {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** Resolves true once the port answers HEALTH_PATH, false when `child` (the process behind it) exits first. */
async function waitForHealth(port, { timeoutMs = 120_000, child } = {}) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) return false;
    try {
      if ((await fetch(`http://127.0.0.1:${port}${HEALTH_PATH}`)).ok) return true;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  throw new Error(`127.0.0.1:${port}${HEALTH_PATH} did not answer within ${timeoutMs / 1000} s`);
}

const tail = (file, lines = 30) =>
  existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n') : '';

/** One store instance as the image runs it (node --import tsx src/server/main.ts), its log in the temp folder. */
function startInstance(port, databaseUrl) {
  const log = path.join(dir, `store-${port}.log`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${LB_PORT}`,
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(dir, `data-${port}`),
      // One folder for every instance, as a shared volume would be: whichever instance backs up writes there.
      BACKUP_DIR: path.join(dir, 'backups'),
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // The load's admin signs in with a password alone (allowed on an http:// store, for tests and demos).
      STAFF_MFA: 'off',
      SEED_DEMO_DATA: 'true',
      PAYMENT_PROVIDER: 'sandbox',
      SMTP_URL: '',
    },
    stdio: ['ignore', openSync(log, 'a'), openSync(log, 'a')],
  });
  const instance = { port, child, log, healthy: false, stopping: false };
  child.once('exit', (code, signal) => {
    if (instance.stopping) return;
    // One that never answered was started while the database was down, and is started again.
    if (instance.healthy) deaths.push(`:${port} exited (${code ?? signal}) at ${now().toFixed(1)} s`);
    else stats.restarts++;
  });
  return instance;
}

/** nginx running deploy/nginx.conf, its upstream pointed at our instances and its listen line at LB_PORT. */
function startNginx() {
  const site = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
  const servers = [...site.matchAll(/^(\s*)server store-\d+:3000( [^;]*)?;\n/gm)];
  if (servers.length === 0 || !/^\s*listen 80;$/m.test(site)) {
    throw new Error(
      'deploy/nginx.conf no longer has the `server store-N:3000 ...;` and `listen 80;` lines this test points elsewhere',
    );
  }
  const [indent, params = ''] = [servers[0][1], servers[0][2]];
  const ours = INSTANCE_PORTS.map((port) => `${indent}server 127.0.0.1:${port}${params};\n`).join('');
  const pointed = site
    .replace(servers.map((m) => m[0]).join(''), ours)
    .replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${LB_PORT};`);
  writeFileSync(path.join(dir, 'quickbuy.conf'), pointed);
  const temp = (name) => `${name}_temp_path ${path.join(dir, `nginx-${name}`)};`;
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'nginx-error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
      `  include ${path.join(dir, 'quickbuy.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const log = path.join(dir, 'nginx-error.log');
  const child = spawn(NGINX, ['-p', dir, '-e', log, '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', openSync(log, 'a'), openSync(log, 'a')],
  });
  return { child, log };
}

/**
 * Starts instances[index] again until it answers: one started while the database is down fails its migrations and
 * exits, and is started again, as the compose file's restart policy does.
 */
async function restartUntilHealthy(instances, index, databaseUrl) {
  const { port } = instances[index];
  for (;;) {
    const instance = (instances[index] = startInstance(port, databaseUrl));
    if (await waitForHealth(port, { child: instance.child })) return void (instance.healthy = true);
    await sleep(1_000);
  }
}

function stopProcess(child, signal = 'SIGTERM') {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

// --- The shoppers' HTTP --------------------------------------------------------------------------------

const started = { at: 0 };
const now = () => (performance.now() - started.at) / 1000;
/** The planned outages, as they happen: { name, from, to } in seconds since the load started. */
const windows = [];
const stats = {
  requests: 0,
  byFlow: {},
  latencies: [],
  /** Failed attempts (no answer, 5xx), by window then `step kind`. */
  failures: {},
  /** Requests given up after RETRY_FOR_MS. */
  gaveUp: [],
  /** 4xx answers, by `step status code`. */
  refusals: {},
  /** Starts of the killed instance that exited before answering (the database was down), and were started again. */
  restarts: 0,
};
/** Instances that exited after answering, unasked: none may. */
const deaths = [];
const acked = { orders: [], paid: [], tradeIns: [], bookings: [], prices: new Map() };
const bump = (table, key) => (table[key] = (table[key] ?? 0) + 1);

/** The outages an attempt from `from` to `to` (seconds) overlapped, by name, or 'steady'. */
function windowOf(from, to) {
  const names = windows
    .filter((w) => to >= w.from && from <= (w.to ?? Infinity) + WINDOW_GRACE_MS / 1000)
    .map((w) => w.name);
  return names.length ? names.join(' + ') : 'steady';
}

let addresses = 0;
/** The next shopper's own address: 127.1.0.1, 127.1.0.2, ... (the whole 127.0.0.0/8 is this machine). */
function nextAddress() {
  addresses++;
  return `127.${1 + ((addresses >> 16) & 127)}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/** One visitor: a keep-alive connection to nginx from its own address, and its cookies. */
function visitor(localAddress = nextAddress()) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let cookie = '';
  const once = (method, url, body) =>
    new Promise((resolve) => {
      const t0 = performance.now();
      const request = http.request(
        {
          host: '127.0.0.1',
          port: LB_PORT,
          path: url,
          method,
          agent,
          localAddress,
          timeout: 15_000,
          headers: {
            ...(body !== undefined && { 'content-type': 'application/json' }),
            ...(method !== 'GET' && { 'x-quickbuy-request': '1' }),
            ...(cookie && { cookie }),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => {
            const set = res.headers['set-cookie'];
            if (set) cookie = set.map((c) => c.split(';')[0]).join('; ');
            let json = null;
            if (String(res.headers['content-type']).includes('json')) {
              try {
                json = JSON.parse(text);
              } catch {
                // a cut-off body: the status tells
              }
            }
            resolve({ status: res.statusCode, json, ms: performance.now() - t0 });
          });
          res.on('error', (error) => resolve({ status: 0, kind: error.code ?? 'aborted' }));
        },
      );
      request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
      request.on('error', (error) => resolve({ status: 0, kind: error.code ?? error.message }));
      request.end(body === undefined ? undefined : JSON.stringify(body));
    });

  /** A request retried while it gets no answer or a 5xx, as a person would press again. */
  async function send(step, method, url, body) {
    const firstTry = Date.now();
    for (;;) {
      stats.requests++;
      const attemptStarted = now();
      const res = await once(method, url, body);
      if (res.status > 0 && res.status < 500) {
        stats.latencies.push(res.ms);
        if (res.status >= 400) bump(stats.refusals, `${step} ${res.status} ${res.json?.error?.code ?? ''}`.trim());
        return res;
      }
      const window = windowOf(attemptStarted, now());
      stats.failures[window] ??= {};
      bump(stats.failures[window], `${step} ${res.status || res.kind}`);
      if (Date.now() - firstTry > RETRY_FOR_MS) {
        stats.gaveUp.push(`${step} at ${now().toFixed(1)} s: ${res.status || res.kind}`);
        return res;
      }
      await sleep(250);
    }
  }
  return { send, close: () => agent.destroy() };
}

// --- What the shoppers and the admin do -------------------------------------------------------------------

const pick = (list) => list[Math.floor(Math.random() * list.length)];

async function browse(v, pools) {
  await v.send('browse', 'GET', `/api/devices?page=${1 + Math.floor(Math.random() * 3)}`);
  const id = pick([...pools.plenty, ...pools.scarce, ...pools.others]);
  await v.send('browse', 'GET', `/api/devices/${id}`);
  await v.send('browse', 'GET', Math.random() < 0.5 ? '/buy' : `/device/${id}`);
}

async function buy(v, pools) {
  const deviceId = Math.random() < 0.6 ? pick(pools.plenty) : pick(pools.scarce);
  const placed = await v.send('checkout', 'POST', '/api/checkout', {
    items: [{ deviceId, quantity: Math.random() < 0.2 ? 2 : 1 }],
    customer: {
      firstName: 'Cluster',
      lastName: 'Shopper',
      email: 'shopper@example.co.za',
      phone: '+27 82 000 0000',
      shippingAddress: { street: '12 Long Street', city: 'Cape Town', state: 'Western Cape', zipCode: '8001' },
      sameAsShipping: true,
    },
  });
  if (placed.status !== 201) return;
  const { orderNumber, payment } = placed.json;
  acked.orders.push(orderNumber);
  const charged = await v.send('charge', 'POST', '/api/payments/sandbox/charge', {
    reference: payment.reference,
    ...CARD,
  });
  if (charged.json?.status !== 'success') return;
  const verified = await v.send('verify', 'POST', '/api/payments/verify', { reference: payment.reference });
  if (verified.json?.status === 'paid') acked.paid.push(orderNumber);
}

/** The tests' repair booking (tests/support/repair-form.ts), loaded once. */
const repairForms = tsImport('../tests/support/repair-form.ts', import.meta.url);

/** The tests' seller's iPhone 13 (tests/support/sell-form.ts), loaded once. */
const sellerForm = tsImport('../tests/support/sell-form.ts', import.meta.url).then(({ sellForm }) =>
  sellForm({ contactEmail: 'seller@example.co.za' }),
);

async function sell(v) {
  const res = await v.send('sell', 'POST', '/api/trade-ins', await sellerForm);
  if (res.status === 201) acked.tradeIns.push(res.json.transactionNumber);
}

async function bookRepair(v) {
  const date = new Date(Date.now() + (2 + Math.floor(Math.random() * 26)) * 86_400_000).toISOString().slice(0, 10);
  const offered = await v.send('repair', 'GET', `/api/repairs/slots?date=${date}`);
  const slots = offered.json?.slots ?? [];
  if (slots.length === 0) return;
  const { repairForm } = await repairForms;
  const res = await v.send(
    'repair',
    'POST',
    '/api/repairs/bookings',
    repairForm({ pickupDate: date, pickupTime: pick(slots) }),
  );
  if (res.status === 201) acked.bookings.push(res.json.bookingNumber);
}

const FLOWS = [
  [0.45, 'browse', browse],
  [0.35, 'buy', buy],
  [0.1, 'sell', sell],
  [0.1, 'repair', bookRepair],
];

async function shopper(pools, until) {
  while (Date.now() < until) {
    let r = Math.random();
    const [, name, flow] = FLOWS.find(([weight]) => (r -= weight) < 0) ?? FLOWS[0];
    const v = visitor();
    try {
      await flow(v, pools);
      bump(stats.byFlow, name);
    } finally {
      v.close();
    }
  }
}

/** The admin, signed in once (the session lives in the database, so every instance knows it): prices and lists. */
async function admin(pools, until) {
  const v = visitor('127.0.255.1');
  const signedIn = await v.send('admin', 'POST', '/api/auth/admin/signin', ADMIN);
  if (signedIn.status !== 200) throw new Error(`the admin could not sign in: ${signedIn.status}`);
  const lists = [
    '/api/admin/orders',
    '/api/admin/trade-ins',
    '/api/admin/repairs',
    '/api/admin/devices',
    '/api/admin/payments',
  ];
  let change = 0;
  while (Date.now() < until) {
    const id = pools.plenty[change % pools.plenty.length];
    const price = pools.prices.get(id) + (++change % 7) * 10;
    const res = await v.send('admin', 'PATCH', `/api/admin/devices/${id}`, { price });
    if (res.status === 200) acked.prices.set(id, price);
    else acked.prices.set(id, null); // given up or refused: the device's price is not known
    await v.send('admin', 'GET', `${pick(lists)}?page=1`);
    bump(stats.byFlow, 'admin');
    await sleep(200);
  }
  v.close();
}

// --- The checks ------------------------------------------------------------------------------------------

async function checkDatabase(db, initial) {
  const checks = [];
  const check = (name, problems) => checks.push({ name, problems });
  const one = async (text, params) => (await db.query(text, params)).rows;

  const found = async (table, column, values) =>
    values.length === 0
      ? []
      : (await one(`select ${column} as v from ${table} where ${column} = any($1)`, [values])).map((r) => r.v);
  const missing = (wanted, got) => wanted.filter((v) => !new Set(got).has(v));
  check(
    'every acknowledged order is there',
    missing(acked.orders, await found('orders', 'order_number', acked.orders)),
  );
  const paid = (
    await one(`select order_number from orders where order_number = any($1) and payment_status = 'paid'`, [acked.paid])
  ).map((r) => r.order_number);
  check('every order acknowledged as paid is paid', missing(acked.paid, paid));
  check(
    'every acknowledged trade-in is there',
    missing(acked.tradeIns, await found('trade_ins', 'transaction_number', acked.tradeIns)),
  );
  check(
    'every acknowledged repair booking is there',
    missing(acked.bookings, await found('repair_bookings', 'booking_number', acked.bookings)),
  );

  const negative = await one(`select id, quantity from devices where quantity < 0`);
  const held = new Map(
    (
      await one(
        `select i.device_id, sum(i.quantity)::int as units from order_items i join orders o on o.id = i.order_id
         where o.payment_status in ('awaiting_payment', 'paid') group by i.device_id`,
      )
    ).map((r) => [r.device_id, r.units]),
  );
  const stock = (await one(`select id, quantity, price from devices where id = any($1)`, [[...initial.keys()]])).map(
    (r) => ({ ...r, was: initial.get(r.id) }),
  );
  const unaccounted = stock
    .filter((d) => d.was.quantity - d.quantity !== (held.get(d.id) ?? 0))
    .map((d) => `${d.id}: ${d.was.quantity} -> ${d.quantity}, ${held.get(d.id) ?? 0} units in open and paid orders`);
  check('no unit oversold (no stock below 0; units gone = units in unpaid and paid orders)', [
    ...negative.map((d) => `${d.id} at ${d.quantity}`),
    ...unaccounted,
  ]);

  const paidWithoutPayment = await one(
    `select o.order_number from orders o where o.payment_status = 'paid' and (
       select count(*) from payments p where p.order_id = o.id and p.status = 'success' and p.amount = o.total_amount * 100) <> 1`,
  );
  const successUnpaid = await one(
    `select o.order_number from payments p join orders o on o.id = p.order_id
     where p.status = 'success' and o.payment_status <> 'paid'`,
  );
  check('stock and payments agree (each paid order one successful payment of its total, no success unpaid)', [
    ...paidWithoutPayment.map((r) => `${r.order_number} paid without one matching payment`),
    ...successUnpaid.map((r) => `${r.order_number} has a successful payment but is not paid`),
  ]);

  const prices = new Map(stock.map((d) => [d.id, d.price]));
  check(
    'every acknowledged price change holds',
    [...acked.prices]
      .filter(([id, price]) => price !== null && prices.get(id) !== price)
      .map(([id, price]) => `${id}: acknowledged ${price}, the database has ${prices.get(id)}`),
  );
  const totals = (
    await one(
      `select count(*) filter (where payment_status = 'paid')::int as paid,
              count(*) filter (where payment_status = 'awaiting_payment')::int as unpaid, count(*)::int as orders from orders`,
    )
  )[0];
  return { checks, totals };
}

/** Each instance's own port, until all show the database's price and stock of every device in the load. */
async function checkCatalogs(db, ids) {
  const since = performance.now();
  let differences = [];
  while (performance.now() - since < CATALOG_AGREEMENT_MS) {
    const truth = new Map(
      (await db.query(`select id, price, quantity, in_stock from devices where id = any($1)`, [ids])).rows.map((r) => [
        r.id,
        `${r.price}/${r.quantity}/${r.in_stock}`,
      ]),
    );
    differences = [];
    const lists = await Promise.all(
      INSTANCE_PORTS.map((port) => fetch(`http://127.0.0.1:${port}/api/devices`).then((r) => r.text())),
    );
    for (const [i, port] of INSTANCE_PORTS.entries()) {
      if (lists[i] !== lists[0]) differences.push(`:${port} lists /api/devices unlike :${INSTANCE_PORTS[0]}`);
      for (const id of ids) {
        const res = await fetch(`http://127.0.0.1:${port}/api/devices/${id}`);
        const shown = res.ok
          ? await res.json().then((d) => `${d.price}/${d.quantity}/${d.inStock}`)
          : `HTTP ${res.status}`;
        if (shown !== truth.get(id)) differences.push(`:${port} ${id} shows ${shown}, the database ${truth.get(id)}`);
      }
    }
    if (differences.length === 0) return { seconds: (performance.now() - since) / 1000, differences };
    await sleep(500);
  }
  return { seconds: null, differences };
}

/**
 * A shopper's browser (Chromium at 1280 px) through nginx once the load is over: /buy, then a device the admin
 * repriced, which shows the database's price; no request fails and nothing is logged as an error on the way.
 */
async function browserVisit(db, id) {
  if (!ensureHeadlessShell()) return ["Chromium's headless shell is missing"];
  const { chromium } = await import('@playwright/test');
  const { formatAmount } = await tsImport('../src/shared/money.ts', import.meta.url);
  const problems = [];
  const browser = await chromium.launch({
    executablePath: HEADLESS_SHELL_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text()}`));
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('response', (res) => res.status() >= 400 && problems.push(`${res.status()} ${res.url()}`));
    await page.goto(`http://127.0.0.1:${LB_PORT}/buy`);
    await page.locator('a[href^="/device/"]').first().waitFor();
    await page.goto(`http://127.0.0.1:${LB_PORT}/device/${id}`);
    const { price } = (await db.query('select price from devices where id = $1', [id])).rows[0];
    const main = page.locator('main');
    await main.getByRole('heading', { level: 1 }).waitFor();
    if (!(await main.textContent()).includes(formatAmount(price))) {
      problems.push(`/device/${id} does not show the price the database has, ${formatAmount(price)}`);
    }
  } catch (error) {
    problems.push(error.message.split('\n')[0]);
  } finally {
    await browser.close();
  }
  return problems;
}

// --- The run -----------------------------------------------------------------------------------------------

const cleanup = [];
let exitCode = 1;
try {
  for (const port of [LB_PORT, ...INSTANCE_PORTS]) {
    if (await portTaken(port)) throw new Error(`port ${port} is taken: set CLUSTER_PORT to a free range of four ports`);
  }
  if (!ensureDebianPackage('nginx', () => existsSync(NGINX))) {
    throw new Error(`nginx is missing at ${NGINX}: install Debian's nginx package (apt-get install nginx)`);
  }
  if ((await buildWebIfStale()) !== 0) throw new Error('the build failed');

  // Commits wait for the WAL write (synchronous_commit on): an acknowledged order survives the immediate stop.
  const postgres = await startPostgres({ settings: { synchronous_commit: 'on' } });
  cleanup.push(() => postgres.stop());
  const databaseUrl = postgres.url;
  console.log(`PostgreSQL ${postgres.version} on 127.0.0.1:${postgres.port}, the store's log files in ${dir}`);

  // All three start at once: migrations and the first start's seed (admin, demo agents and catalog) run once.
  const instances = INSTANCE_PORTS.map((port) => startInstance(port, databaseUrl));
  cleanup.push(() => Promise.all(instances.map((i) => ((i.stopping = true), stopProcess(i.child)))));
  for (const i of instances) {
    if (!(await waitForHealth(i.port, { child: i.child }))) throw new Error(`the instance on :${i.port} exited`);
    i.healthy = true;
  }
  const ready = performance.now();

  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  db.on('error', () => {}); // the restart drops its idle connections; the pool opens new ones
  cleanup.push(() => db.end());
  // The load's devices, before any catalog read: 16 with stock to spare (the admin reprices them), 30 with 1 to 3
  // units, which sell out under the load; the rest only browsed.
  const ids = (await db.query(`select id from devices where deleted_at is null order by id`)).rows.map((r) => r.id);
  const pools = { plenty: ids.slice(0, 16), scarce: ids.slice(16, 46), others: ids.slice(46) };
  if (pools.scarce.length < 30) throw new Error(`the demo catalog has ${ids.length} devices; the load needs 46`);
  await db.query(`update devices set quantity = 100000, in_stock = true where id = any($1)`, [pools.plenty]);
  await db.query(`update devices set quantity = 1 + abs(hashtext(id::text)) % 3, in_stock = true where id = any($1)`, [
    pools.scarce,
  ]);
  const loadIds = [...pools.plenty, ...pools.scarce];
  const initial = new Map(
    (await db.query(`select id, quantity, price from devices where id = any($1)`, [loadIds])).rows.map((r) => [
      r.id,
      r,
    ]),
  );
  pools.prices = new Map([...initial].map(([id, r]) => [id, r.price]));

  const nginx = startNginx();
  cleanup.push(() => stopProcess(nginx.child));
  await waitForHealth(LB_PORT, { timeoutMs: 10_000 }).catch((error) => {
    throw new Error(`${error.message}\nnginx:\n${tail(nginx.log)}`);
  });
  console.log(
    `nginx on 127.0.0.1:${LB_PORT} round robin over ${INSTANCE_PORTS.join(', ')}; ${SHOPPERS} shoppers and the admin for ${SECONDS} s`,
  );

  // The outages, on a fixed schedule whatever the load makes of them: instance 2 killed at 20% of the run and
  // started again 2 s later (as a restart policy would), PostgreSQL stopped at once at 55% and started 1 s later.
  const victim = instances[1];
  const outages = (async () => {
    await sleep(SECONDS * 200);
    const kill = { name: `instance :${victim.port} SIGKILL`, from: now() };
    windows.push(kill);
    victim.stopping = true;
    victim.child.kill('SIGKILL');
    const back = (async () => {
      await sleep(2_000);
      await restartUntilHealthy(instances, 1, databaseUrl);
      kill.to = now();
    })();
    await sleep(Math.max(0, SECONDS * 550 - now() * 1000));
    const restart = { name: 'PostgreSQL restart', from: now() };
    windows.push(restart);
    const wereUp = INSTANCE_PORTS.filter((port) => port !== victim.port || kill.to !== undefined);
    await postgres.restart('immediate', 1_000);
    await Promise.all(wereUp.map((port) => waitForHealth(port)));
    restart.to = now();
    await back;
  })();

  started.at = performance.now();
  const until = Date.now() + SECONDS * 1000;
  await Promise.all([...Array.from({ length: SHOPPERS }, () => shopper(pools, until)), admin(pools, until)]);
  const loadSeconds = now();
  // The killed instance may still be starting on a busy machine: the checks read every instance.
  await outages;

  const checksStarted = performance.now();
  const { checks, totals } = await checkDatabase(db, initial);
  const catalog = await checkCatalogs(db, loadIds);
  checks.push({
    name: `every instance shows the database's catalog (within ${CATALOG_AGREEMENT_MS / 1000} s)`,
    problems: catalog.differences,
  });
  checks.push({
    name: "a browser at 1280 px opens /buy and a repriced device's page through nginx",
    problems: await browserVisit(db, pools.plenty[0]),
  });
  checks.push({ name: 'no instance died but the one killed', problems: deaths });
  checks.push({ name: 'no request given up', problems: stats.gaveUp });
  const steadyFailures = Object.entries(stats.failures.steady ?? {}).map(([k, n]) => `${k} x${n}`);
  checks.push({ name: 'no failure outside the outages', problems: steadyFailures });

  // --- The summary
  const sorted = stats.latencies.sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]?.toFixed(0) ?? '-';
  console.log(
    `\n${SECONDS} s of load through nginx, ${SHOPPERS} shoppers and the admin, 3 instances on PostgreSQL ${postgres.version}`,
  );
  console.log(
    `  requests: ${stats.requests} (${(stats.requests / loadSeconds).toFixed(1)}/s), answered p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`,
  );
  console.log(
    `  flows: ${Object.entries(stats.byFlow)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
  );
  console.log(
    `  acknowledged: ${acked.orders.length} orders, ${acked.paid.length} paid (${(acked.paid.length / loadSeconds).toFixed(1)} paid orders/s), ` +
      `${acked.tradeIns.length} trade-ins, ${acked.bookings.length} repair bookings, ${acked.prices.size} devices repriced`,
  );
  console.log(`  database: ${totals.orders} orders, ${totals.paid} paid, ${totals.unpaid} still awaiting payment`);
  if (stats.restarts)
    console.log(
      `  starts of the killed instance that met the database down, and were started again: ${stats.restarts}`,
    );
  for (const w of windows) console.log(`  window ${w.name}: ${w.from.toFixed(1)} s to ${w.to?.toFixed(1) ?? '?'} s`);
  for (const [window, kinds] of Object.entries(stats.failures)) {
    const list = Object.entries(kinds).map(([k, n]) => `${k} x${n}`);
    console.log(`  failed attempts (retried) during ${window}: ${list.join(', ')}`);
  }
  const refusals = Object.entries(stats.refusals).map(([k, n]) => `${k} x${n}`);
  console.log(`  refusals (4xx, not retried): ${refusals.join(', ') || 'none'}`);
  const s = (from, to) => ((to - from) / 1000).toFixed(1);
  console.log(
    `  time: instances up ${s(scriptStarted, ready)} s, load ${loadSeconds.toFixed(1)} s, checks ${s(checksStarted, performance.now())} s`,
  );
  console.log(
    `  catalogs agreed ${catalog.seconds === null ? 'never' : `${catalog.seconds.toFixed(1)} s after the load`}\n`,
  );
  for (const { name, problems } of checks) {
    console.log(`${problems.length === 0 ? 'ok  ' : 'FAIL'} ${name}`);
    for (const problem of problems.slice(0, 10)) console.log(`       ${problem}`);
    if (problems.length > 10) console.log(`       ... ${problems.length - 10} more`);
  }
  exitCode = checks.every((c) => c.problems.length === 0) ? 0 : 1;
  console.log(`\ncluster test: ${exitCode === 0 ? 'passed' : 'FAILED'}`);
  if (exitCode !== 0) {
    for (const port of INSTANCE_PORTS)
      console.log(`\nstore :${port} log (end):\n${tail(path.join(dir, `store-${port}.log`), 15)}`);
  }
} catch (error) {
  console.error(`cluster test could not run: ${error.stack ?? error}`);
  for (const port of INSTANCE_PORTS) {
    const log = path.join(dir, `store-${port}.log`);
    if (existsSync(log)) console.error(`\nstore :${port} log (end):\n${tail(log, 15)}`);
  }
} finally {
  for (const step of cleanup.reverse()) {
    try {
      await step();
    } catch {
      // already gone
    }
  }
  if (exitCode === 0) rmSync(dir, { recursive: true, force: true });
  else console.log(`\nThe instances' and nginx's logs are kept in ${dir}`);
}
process.exit(exitCode);
