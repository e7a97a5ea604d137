// Paid orders per second through the real flow (POST /api/checkout, the sandbox charge, POST
// /api/payments/verify) on PGlite and on a PostgreSQL server, as shoppers make them: each buyer
// connects from its own loopback address (127.x.y.z: the whole 127.0.0.0/8 is local), buys once and
// leaves, and BENCH_BUYERS of them shop at any moment. The server runs as `npm start` runs it (no
// TRUST_PROXY, LOG_LEVEL unset: its log goes to a file), so the per-address limits (30 checkouts a
// minute, 10 held units) hold as in production; no switch lifts them.
//   floor:         a bare script placing and paying orders with exactly the store's statements, through the
//                  same driver, on a copy of the same seeded database, same buyers (bench/_checkout-floor.ts),
//                  in turns with the store's uncontended run
//   uncontended:   buyer slot k buys only its own 4 devices, each with plenty of stock
//   contended:     every buyer buys any of BENCH_DEVICES devices holding 1 to 5 units each (they sell out)
//   two instances: PostgreSQL only, a second store process on the same database, buyers split between them
// Afterwards every device's stock is read back: units sold must equal the units of the paid orders
// (unaccounted: 0) and never exceed what was there (oversold: 0). Budgets (docs/performance/checkout-floor.md),
// ratios measured in this run since rates do not travel between machines: uncontended, the store at >= 50% of
// the floor's paid orders/s on each engine, every step's p99 <= 300 ms; exits 1 when one is missed. The floor
// and the store take turns, BENCH_ROUNDS (3) slices each, so a change in the machine's load falls on both. Also
// printed: the CPU time a paid order of the store process (of each instance; the floor's own for the floor;
// on PostgreSQL the database server's CPU is in neither). Each run follows a warm-up on the uncontended pool,
// not reported: 10 s, since the store's CPU a paid order still fell until then (2.8 ms after 2 s, 2.2 ms after
// 10 s, the same after 20 s; docs/performance/checkout-floor.md). BENCH_SECONDS (default 6, a run's measured
// time), BENCH_WARMUP_SECONDS (10), BENCH_BUYERS (16), BENCH_DEVICES (300), BENCH_ENGINES (pglite,postgres).
// About three minutes for both engines.
import { spawn } from 'node:child_process';
import net from 'node:net';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { cpuSeconds, freePort, profiling, root, runNode, startServer, stop, waitFor } from './_lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const BUYERS = Number(process.env.BENCH_BUYERS ?? 16);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 300);
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const BUDGET = { ofFloor: 0.5, stepP99: 300 };
const CARD = '4084 0840 8408 4081';
const STEPS = ['checkout', 'charge', 'verify'];

let buyersSoFar = 0;
/** The next buyer's own address: 127.1.0.1, 127.1.0.2, ... (never 127.0.0.1, which the bench reads from). */
function nextAddress() {
  buyersSoFar++;
  return `127.${1 + ((buyersSoFar >> 16) & 127)}.${(buyersSoFar >> 8) & 255}.${buyersSoFar & 255}`;
}

/**
 * One buyer: one keep-alive connection from its own address, speaking just enough HTTP/1.1 to post JSON and
 * read a reply with a content-length (what the store sends for these routes). Node's http client took about
 * 0.2 ms of CPU a request, on the same two cores as the store and its database; this is a fraction of that,
 * so the bench's own work weighs less on the store's figures (docs/performance/checkout-floor.md).
 */
function buyerClient(port, localAddress) {
  const socket = net.connect({ host: '127.0.0.1', port, localAddress, noDelay: true });
  let waiting = null;
  let received = Buffer.alloc(0);
  const fail = (error) => {
    const w = waiting;
    waiting = null;
    w?.reject(error);
  };
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('the store closed the connection')));
  socket.on('data', (chunk) => {
    received = received.length ? Buffer.concat([received, chunk]) : chunk;
    const headEnd = received.indexOf('\r\n\r\n');
    if (headEnd < 0 || !waiting) return;
    const head = received.toString('latin1', 0, headEnd);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) return fail(new Error(`a reply without content-length: ${head}`));
    const end = headEnd + 4 + Number(length[1]);
    if (received.length < end) return;
    const text = received.toString('utf8', headEnd + 4, end);
    received = received.subarray(end);
    let json = {};
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON: status tells
    }
    const w = waiting;
    waiting = null;
    w.resolve({ status: Number(head.slice(9, 12)), json, ms: performance.now() - w.started });
  });
  const post = (url, body) =>
    new Promise((resolve, reject) => {
      const payload = JSON.stringify(body);
      waiting = { resolve, reject, started: performance.now() };
      socket.write(
        `POST ${url} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\n` +
          `x-quickbuy-request: 1\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`,
      );
    });
  return { post, close: () => socket.destroy() };
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : 0;

/**
 * BUYERS buyers at a time for `duration` seconds against `servers` (buyer slot k shops at server k mod n);
 * `deviceFor(slot)` picks what the buyer in that slot buys, `stockOf(ids)` reads the stock from the database.
 */
async function shop(engine, mode, servers, stockOf, ids, deviceFor, { duration = DURATION, rounds = 1, between } = {}) {
  const initial = await stockOf(ids);
  const latencies = Object.fromEntries(STEPS.map((step) => [step, []]));
  const counts = { paid: 0, soldOut: 0, refused: 0, errors: 0 };
  const paidAt = servers.map(() => 0);
  const errors = new Map();
  const paidUnits = new Map();
  const fail = (step, res) => {
    counts.errors++;
    const key = `${step} ${res.status} ${res.json?.error?.code ?? res.json?.status ?? ''}`;
    errors.set(key, (errors.get(key) ?? 0) + 1);
  };

  async function buyOnce(client, slot) {
    const id = deviceFor(slot);
    const quantity = Math.random() < 0.2 ? 2 : 1;
    const checkout = await client.post('/api/checkout', {
      items: [{ deviceId: id, quantity }],
      customer: {
        firstName: 'Bench',
        lastName: 'Buyer',
        email: 'bench@example.co.za',
        shippingAddress: { street: '1 Bench Road', city: 'Cape Town' },
      },
    });
    latencies.checkout.push(checkout.ms);
    if (checkout.status === 409 && checkout.json?.error?.code === 'OUT_OF_STOCK') return void counts.soldOut++;
    if (checkout.status === 429) return void counts.refused++;
    if (checkout.status !== 201) return fail('checkout', checkout);
    const reference = checkout.json.payment.reference;
    const charged = await client.post('/api/payments/sandbox/charge', {
      reference,
      cardNumber: CARD,
      cvv: '408',
      expiry: '12/30',
    });
    latencies.charge.push(charged.ms);
    if (charged.status !== 200 || charged.json.status !== 'success') return fail('charge', charged);
    const verified = await client.post('/api/payments/verify', { reference });
    latencies.verify.push(verified.ms);
    if (verified.status !== 200 || verified.json.status !== 'paid') return fail('verify', verified);
    counts.paid++;
    paidAt[slot % servers.length]++;
    paidUnits.set(id, (paidUnits.get(id) ?? 0) + quantity);
  }

  // In `rounds` slices, `between(seconds)` before each (the floor's turn): only the store's slices are counted.
  let seconds = 0;
  const cpu = servers.map(() => 0);
  for (let round = 0; round < rounds; round++) {
    await between?.(duration / rounds);
    const until = Date.now() + (duration / rounds) * 1000;
    const startedAt = performance.now();
    const cpuBefore = servers.map((server) => cpuSeconds(server.pid));
    await Promise.all(
      Array.from({ length: BUYERS }, async (_, slot) => {
        while (Date.now() < until) {
          const client = buyerClient(servers[slot % servers.length].port, nextAddress());
          try {
            await buyOnce(client, slot);
          } finally {
            client.close();
          }
        }
      }),
    );
    seconds += (performance.now() - startedAt) / 1000;
    servers.forEach((server, i) => (cpu[i] += cpuSeconds(server.pid) - cpuBefore[i]));
  }

  const final = await stockOf(ids);
  let oversold = 0;
  let unaccounted = 0;
  for (const id of ids) {
    const sold = paidUnits.get(id) ?? 0;
    oversold += Math.max(0, sold - initial.get(id)) + Math.max(0, -final.get(id));
    unaccounted += Math.abs(initial.get(id) - final.get(id) - sold);
  }
  const steps = Object.fromEntries(
    STEPS.map((step) => {
      const sorted = latencies[step].sort((a, b) => a - b);
      return [step, { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) }];
    }),
  );
  const cpuMs = (seconds, paid) => (paid ? (seconds * 1000) / paid : 0);
  return {
    engine,
    mode,
    seconds,
    paidPerSecond: counts.paid / seconds,
    cpuMsPerPaid: cpuMs(
      cpu.reduce((a, b) => a + b, 0),
      counts.paid,
    ),
    instances: servers.map((_, i) => ({ paidPerSecond: paidAt[i] / seconds, cpuMsPerPaid: cpuMs(cpu[i], paidAt[i]) })),
    steps,
    ...counts,
    errorKinds: Object.fromEntries(errors),
    oversold,
    unaccounted,
  };
}

/**
 * The floor (bench/_checkout-floor.ts), a process of its own on its own copy of the seeded database (`env`
 * says where), running slices when asked: warm(seconds), then run(seconds) answering its figures so far.
 */
function startFloor(env, devices) {
  const child = spawn(process.execPath, [...profiling(), '--import', 'tsx', 'bench/_checkout-floor.ts'], {
    cwd: root,
    env: { ...process.env, ...env, FLOOR_DEVICES: JSON.stringify(devices) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const waiting = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line === 'READY' || line.startsWith('FLOOR ')) waiting.shift()?.resolve(line);
  });
  child.once('exit', (code) => {
    for (const { reject } of waiting.splice(0)) reject(new Error(`the floor exited with ${code}`));
  });
  const ask = (command) =>
    new Promise((resolve, reject) => {
      if (child.exitCode !== null) return reject(new Error(`the floor exited with ${child.exitCode}`));
      waiting.push({ resolve, reject });
      child.stdin.write(`${command}\n`);
    });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    warm: (seconds) => ask(`warm ${seconds}`),
    run: async (seconds) => JSON.parse((await ask(`run ${seconds}`)).slice('FLOOR '.length)),
    close: () => {
      if (!child.stdin.writableEnded) child.stdin.end();
      return exited;
    },
  };
}

/**
 * One engine: the floor and the store taking turns (ROUNDS slices each, uncontended), then the store contended
 * and, given `twoInstances`, two store processes on the same database (uncontended, buyers split between them).
 * `copy(env)` gives the floor's environment: a copy of the seeded database, so both start from the same rows.
 */
async function measure(engine, env, { copy, stockReader, twoInstances = false }) {
  const logDir = mkdtempSync(path.join(tmpdir(), 'quickbuy-bench-checkout-log-'));
  await runNode(['--import', 'tsx', 'src/server/seed/cli.ts', '--devices', String(BUYERS * 4 + DEVICES)], env, {
    quiet: true,
  });
  const output = await runNode(['--import', 'tsx', 'bench/_checkout-data.ts'], env, { capture: true });
  const pools = JSON.parse(
    output
      .split('\n')
      .find((l) => l.startsWith('POOLS '))
      .slice('POOLS '.length),
  );
  const floor = startFloor(await copy(env), pools.uncontended);
  const servers = [];
  const start = async () => {
    const port = await freePort();
    const child = startServer(port, env, { logFile: path.join(logDir, `store-${servers.length}.log`) });
    servers.push(child);
    await waitFor(`http://127.0.0.1:${port}/api/health`, 90_000);
    return { port, pid: child.pid };
  };
  try {
    const first = await start();
    const stockOf = stockReader(first.port);
    const own = (slot) => pools.uncontended[slot * 4 + Math.floor(Math.random() * 4)];
    const any = () => pools.contended[Math.floor(Math.random() * pools.contended.length)];
    // Warm-ups, not reported: the first seconds of a fresh process run cold code and cold caches.
    await floor.warm(WARMUP);
    await shop(engine, 'warm-up', [first], stockOf, pools.uncontended, own, { duration: WARMUP });
    let floorResult;
    const rows = [
      await shop(engine, 'uncontended', [first], stockOf, pools.uncontended, own, {
        rounds: ROUNDS,
        between: async (seconds) => (floorResult = await floor.run(seconds)),
      }),
      await shop(engine, 'contended', [first], stockOf, pools.contended, any),
    ];
    await floor.close();
    if (twoInstances) {
      const second = await start();
      await shop(engine, 'warm-up', [second], stockOf, pools.uncontended, own, { duration: WARMUP });
      rows.push(await shop(engine, 'two instances', [first, second], stockOf, pools.uncontended, own));
    }
    return { floor: { engine, ...floorResult }, rows };
  } finally {
    await floor.close();
    await Promise.all(servers.map(stop));
    rmSync(logDir, { recursive: true, force: true });
  }
}

/** Stock read through the store's API (PGlite: one process owns the database, and its cache is kept exact). */
const apiStock = (port) => async (ids) => {
  const stock = new Map();
  for (const id of ids) {
    const device = await (await fetch(`http://127.0.0.1:${port}/api/devices/${id}`)).json();
    stock.set(id, device.quantity);
  }
  return stock;
};

const common = {
  NODE_ENV: 'production',
  SEED_DEMO_DATA: 'false',
  ADMIN_PASSWORD: 'bench-admin-password',
};

if (process.env.BENCH_CHILD === 'postgres') {
  // Run by the parent under scripts/with-postgres.mjs: a fresh database on that server, and a copy of it
  // (CREATE DATABASE ... TEMPLATE, once seeded) for the floor.
  const serverUrl = process.env.TEST_DATABASE_URL;
  const name = `qb_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const urlOf = (database) => {
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    return url.toString();
  };
  // Straight from the database: with two instances, one's catalog cache may not have seen the other's sales.
  const store = new pg.Client({ connectionString: urlOf(name) });
  let connected;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'quickbuy-bench-pg-'));
  try {
    const result = await measure(
      'PostgreSQL',
      { ...common, DATABASE_URL: urlOf(name), DATA_DIR: dataDir },
      {
        copy: async (env) => {
          await admin.query(`create database ${name}_floor template ${name}`);
          return { ...env, DATABASE_URL: urlOf(`${name}_floor`) };
        },
        stockReader: () => async (ids) => {
          // Connected once the floor's copy is made: CREATE DATABASE ... TEMPLATE wants no one on the template.
          connected ??= store.connect();
          await connected;
          const { rows } = await store.query('select id, quantity from devices where id = any($1)', [ids]);
          return new Map(rows.map((row) => [row.id, row.quantity]));
        },
        twoInstances: true,
      },
    );
    console.log(`RESULT ${JSON.stringify(result)}`);
  } finally {
    await store.end().catch(() => undefined);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(0);
}

const results = [];
if (ENGINES.includes('pglite')) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'quickbuy-bench-checkout-'));
  const floorDir = mkdtempSync(path.join(tmpdir(), 'quickbuy-bench-floor-'));
  try {
    results.push(
      await measure(
        'PGlite',
        { ...common, DATABASE_URL: '', DATA_DIR: dataDir },
        {
          // PGlite's files, copied while no process has them open.
          copy: async (env) => {
            cpSync(env.DATA_DIR, floorDir, { recursive: true });
            return { ...env, DATA_DIR: floorDir };
          },
          stockReader: apiStock,
        },
      ),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(floorDir, { recursive: true, force: true });
  }
}
if (ENGINES.includes('postgres')) {
  const child = spawn(process.execPath, ['scripts/with-postgres.mjs', process.execPath, 'bench/checkout-bench.mjs'], {
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

console.log(
  `\ncheckout -> sandbox charge -> verify, ${BUYERS} buyers at a time, each from its own 127.x.y.z address, ${DURATION} s a run` +
    `\nfloor: the same statements by a bare script through the same driver (bench/_paid-order.ts), uncontended,` +
    ` in ${ROUNDS} turns with the store's uncontended run` +
    `\nuncontended: each buyer slot its own 4 devices; contended: all over ${DEVICES} devices of 1 to 5 units` +
    `\ncpu ms/paid: the store process's CPU (the floor's own for the floor; a PostgreSQL server's is in neither)\n`,
);
const header = [
  ['engine', 11],
  ['load', 14],
  ['paid/s', 7],
  ['of floor', 9],
  ['cpu ms/paid', 12],
  ['checkout p50/p99', 17],
  ['charge p50/p99', 15],
  ['verify p50/p99', 15],
  ['paid', 6],
  ['sold out', 9],
  ['429', 5],
  ['errors', 7],
  ['oversold', 9],
  ['unaccounted', 12],
];
const line = (cells) =>
  console.log(
    cells.map((c, i) => (i < 2 ? String(c).padEnd(header[i][1]) : String(c).padStart(header[i][1]))).join(' '),
  );
line(header.map(([h]) => h));
const ms = (s) => `${s.p50.toFixed(0)}/${s.p99.toFixed(0)}`;
const percent = (ratio) => `${(ratio * 100).toFixed(1)}%`;
for (const { floor: f, rows } of results) {
  line([
    f.engine,
    'floor',
    f.paidPerSecond.toFixed(1),
    '',
    f.cpuMsPerPaid.toFixed(1),
    ms(f.steps.checkout),
    ms(f.steps.charge),
    ms(f.steps.verify),
    f.paid,
    '',
    '',
    f.errors,
    '',
    '',
  ]);
  for (const r of rows) {
    line([
      r.engine,
      r.mode,
      r.paidPerSecond.toFixed(1),
      r.mode === 'contended' ? '' : percent(r.paidPerSecond / f.paidPerSecond),
      r.cpuMsPerPaid.toFixed(1),
      ms(r.steps.checkout),
      ms(r.steps.charge),
      ms(r.steps.verify),
      r.paid,
      r.soldOut,
      r.refused,
      r.errors,
      r.oversold,
      r.unaccounted,
    ]);
    if (r.instances.length > 1) {
      r.instances.forEach((instance, i) =>
        line(['', `  instance ${i + 1}`, instance.paidPerSecond.toFixed(1), '', instance.cpuMsPerPaid.toFixed(1)]),
      );
    }
  }
}
for (const { floor: f, rows } of results) {
  for (const r of [f, ...rows].filter((row) => row.errors > 0)) {
    console.log(`${r.engine} ${r.mode ?? 'floor'} errors:`, r.errorKinds);
  }
}

// The budgets: ratios measured in this run (rates alone do not travel between machines).
const missed = [];
console.log(
  `\nbudgets: the store uncontended at >= ${percent(BUDGET.ofFloor)} of the floor, every step p99 <= ${BUDGET.stepP99} ms, ` +
    'no errors; oversold and unaccounted 0 everywhere',
);
for (const { floor: f, rows } of results) {
  const verdicts = [];
  const check = (met, text) => {
    verdicts.push(`${text}: ${met ? 'met' : 'MISSED'}`);
    if (!met) missed.push(`${f.engine}: ${text}`);
  };
  check(f.errors === 0 && f.paid > 0, 'the floor placed its orders without an error');
  const store = rows.find((r) => r.mode === 'uncontended');
  const ratio = store.paidPerSecond / f.paidPerSecond;
  check(ratio >= BUDGET.ofFloor, `store ${percent(ratio)} of the floor >= ${percent(BUDGET.ofFloor)}`);
  for (const step of STEPS) {
    check(
      store.steps[step].p99 <= BUDGET.stepP99,
      `${step} p99 ${store.steps[step].p99.toFixed(0)} ms <= ${BUDGET.stepP99}`,
    );
  }
  check(store.errors === 0, `uncontended errors ${store.errors}`);
  for (const r of rows) check(r.oversold === 0 && r.unaccounted === 0, `${r.mode}: stock accounted`);
  console.log(`  ${f.engine}\n    ${verdicts.join('\n    ')}`);
}
if (results.length < ENGINES.length) missed.push('an engine did not report');
if (missed.length) {
  console.log(`\nCHECKOUT BENCH FAILED: ${missed.length} budget(s) missed:\n  ${missed.join('\n  ')}`);
  process.exit(1);
}
console.log('\nevery checkout budget met');
