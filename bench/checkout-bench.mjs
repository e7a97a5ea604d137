// Checkouts per second through the real flow (POST /api/checkout, the sandbox charge, POST
// /api/payments/verify) on PGlite and on a PostgreSQL server, with many buyers racing for the same
// stock. At the end every device's stock is read back: units sold must equal the units of the paid
// orders and never exceed what was there (oversold units: must be 0). Figures, not pass/fail.
// BENCH_SECONDS (default 10), BENCH_BUYERS (default 16), BENCH_DEVICES (default 300).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const BUYERS = Number(process.env.BENCH_BUYERS ?? 16);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 300);
const CARD = '4084 0840 8408 4081';

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

function runNode(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited ${code}`))));
  });
}

async function waitFor(url, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
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

let address = 0;
/** A different client address per request: the per-address rate limits are not what is measured. */
const nextAddress = () => {
  address++;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

async function post(base, url, body) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-quickbuy-request': '1', 'x-forwarded-for': nextAddress() },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json().catch(() => ({})) };
}

async function stockOf(base, ids) {
  const stock = new Map();
  for (const id of ids) {
    const res = await fetch(`${base}/api/devices/${id}`);
    const device = await res.json();
    stock.set(id, device.quantity);
  }
  return stock;
}

async function measure(engine, env) {
  await runNode(['--import', 'tsx', 'src/server/seed/cli.ts', '--devices', String(DEVICES)], env);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitFor(`${base}/api/health`);
    const ids = [];
    for (let page = 1; ids.length < DEVICES && page < 100; page++) {
      const reply = await (await fetch(`${base}/api/devices?pageSize=100&page=${page}`)).json();
      ids.push(...reply.items.filter((d) => d.inStock && d.quantity > 0).map((d) => d.id));
      if (reply.items.length < 100) break;
    }
    const initial = await stockOf(base, ids);
    const totalStock = [...initial.values()].reduce((a, b) => a + b, 0);
    const paidUnits = new Map();
    const counts = { paid: 0, soldOut: 0, errors: 0 };
    const latencies = [];
    const until = Date.now() + DURATION * 1000;

    async function buyer() {
      while (Date.now() < until) {
        const id = ids[Math.floor(Math.random() * ids.length)];
        const quantity = Math.random() < 0.2 ? 2 : 1;
        const started = performance.now();
        const checkout = await post(base, '/api/checkout', {
          items: [{ deviceId: id, quantity }],
          customer: {
            firstName: 'Bench',
            lastName: 'Buyer',
            email: 'bench@example.co.za',
            shippingAddress: { street: '1 Bench Road', city: 'Cape Town' },
          },
        });
        if (checkout.status === 409) {
          counts.soldOut++;
          continue;
        }
        if (checkout.status !== 201) {
          counts.errors++;
          continue;
        }
        const reference = checkout.json.payment.reference;
        const charged = await post(base, '/api/payments/sandbox/charge', {
          reference,
          cardNumber: CARD,
          cvv: '408',
          expiry: '12/30',
        });
        const verified = await post(base, '/api/payments/verify', { reference });
        if (charged.status === 200 && verified.json.status === 'paid') {
          counts.paid++;
          paidUnits.set(id, (paidUnits.get(id) ?? 0) + quantity);
          latencies.push(performance.now() - started);
        } else {
          counts.errors++;
        }
      }
    }
    const startedAt = performance.now();
    await Promise.all(Array.from({ length: BUYERS }, buyer));
    const seconds = (performance.now() - startedAt) / 1000;

    const final = await stockOf(base, ids);
    let oversold = 0;
    let unaccounted = 0;
    for (const id of ids) {
      const sold = paidUnits.get(id) ?? 0;
      oversold += Math.max(0, sold - initial.get(id));
      if (final.get(id) < 0) oversold += -final.get(id);
      unaccounted += Math.abs(initial.get(id) - final.get(id) - sold);
    }
    latencies.sort((a, b) => a - b);
    return {
      engine,
      seconds,
      paidPerSecond: counts.paid / seconds,
      attemptsPerSecond: (counts.paid + counts.soldOut + counts.errors) / seconds,
      p99: latencies.length ? latencies[Math.floor(latencies.length * 0.99)] : 0,
      ...counts,
      totalStock,
      oversold,
      unaccounted,
    };
  } finally {
    await stop(server);
  }
}

const common = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  SEED_DEMO_DATA: 'false',
  // The bench plays the load balancer in front: each request names its own client in X-Forwarded-For,
  // so the per-address limits (30 checkouts a minute, 10 held units) are not what is measured.
  TRUST_PROXY: '1',
  ADMIN_PASSWORD: 'bench-admin-password',
};

if (process.env.BENCH_CHILD === 'postgres') {
  // Run by the parent under scripts/with-postgres.mjs: a fresh database on that server.
  const serverUrl = process.env.TEST_DATABASE_URL;
  const name = `qb_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'quickbuy-bench-pg-'));
  try {
    const result = await measure('PostgreSQL', { ...common, DATABASE_URL: url.toString(), DATA_DIR: dataDir });
    console.log(`RESULT ${JSON.stringify(result)}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(0);
}

const rows = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'quickbuy-bench-checkout-'));
try {
  rows.push(await measure('PGlite', { ...common, DATABASE_URL: '', DATA_DIR: dataDir }));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const child = spawn(process.execPath, ['scripts/with-postgres.mjs', process.execPath, 'bench/checkout-bench.mjs'], {
  cwd: root,
  env: { ...process.env, BENCH_CHILD: 'postgres' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let output = '';
child.stdout.on('data', (chunk) => (output += chunk));
await new Promise((resolve) => child.once('exit', resolve));
const line = output.split('\n').find((l) => l.startsWith('RESULT '));
if (line) rows.push(JSON.parse(line.slice('RESULT '.length)));
else console.log('PostgreSQL run did not report (no server binaries?):\n' + output.slice(-2000));

console.log(`\ncheckout + sandbox charge + verify, ${BUYERS} concurrent buyers, ${DURATION} s, ${DEVICES} devices\n`);
const header = [
  'engine',
  'paid orders/s',
  'attempts/s',
  'p99 ms',
  'paid',
  'sold out (409)',
  'errors',
  'stock',
  'oversold units',
  'unaccounted',
];
console.log(header.map((h, i) => (i === 0 ? h.padEnd(11) : h.padStart(i === 5 ? 15 : 13))).join(' '));
for (const r of rows) {
  const cells = [
    r.engine.padEnd(11),
    r.paidPerSecond.toFixed(1).padStart(13),
    r.attemptsPerSecond.toFixed(1).padStart(13),
    r.p99.toFixed(0).padStart(13),
    String(r.paid).padStart(13),
    String(r.soldOut).padStart(15),
    String(r.errors).padStart(13),
    String(r.totalStock).padStart(13),
    String(r.oversold).padStart(13),
    String(r.unaccounted).padStart(13),
  ];
  console.log(cells.join(' '));
}
