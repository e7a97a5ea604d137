// Shared pieces of the benchmarks (the leading _ keeps scripts/bench.mjs from running it alone).
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function listenOn(port) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address();
      server.close(() => resolve(bound));
    });
  });
}

const handedOut = new Set();
/**
 * A port nothing listens on: any the system gives, or with BENCH_PORTS=3500-3599 (a machine shared by
 * several people, each with a range of their own) the first free one of that range not handed out yet.
 */
export async function freePort() {
  const range = process.env.BENCH_PORTS?.match(/^(\d+)-(\d+)$/);
  if (!range) return listenOn(0);
  for (let port = Number(range[1]); port <= Number(range[2]); port++) {
    if (handedOut.has(port)) continue;
    try {
      await listenOn(port);
      handedOut.add(port);
      return port;
    } catch {
      // taken: try the next
    }
  }
  throw new Error(`no free port in BENCH_PORTS=${process.env.BENCH_PORTS}`);
}

/** Runs node with these arguments in the project root; resolves (with its output when `capture`) when it exits 0. */
export function runNode(args, env, { quiet = false, capture = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: capture ? ['ignore', 'pipe', 'inherit'] : quiet ? 'ignore' : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${args.join(' ')} exited ${code}`)),
    );
  });
}

export async function waitFor(url, timeoutMs = 60_000) {
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

export function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * A bare node:http server: the ceiling to compare with. `bodies` is one JSON body for every request, or
 * the body to answer for each path (the bytes the real server answered for it), so both send the same;
 * a body starting with < goes out as HTML. A body may instead be `{ bytes, type, encoding }`: bytes sent
 * as they are with that Content-Type and Content-Encoding (what the store sent a browser, compressed).
 */
export function startBareServer(port, bodies) {
  const dir = mkdtempSync(path.join(tmpdir(), 'quickbuy-bare-'));
  const file = path.join(dir, 'bodies.json');
  const replies = Object.entries(typeof bodies === 'string' ? { '*': bodies } : bodies).map(([key, body]) => {
    if (typeof body !== 'string') {
      const headers = { 'content-type': body.type, ...(body.encoding ? { 'content-encoding': body.encoding } : {}) };
      return [key, { base64: body.bytes.toString('base64'), headers }];
    }
    const type = body.startsWith('<') ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8';
    return [key, { text: body, headers: { 'content-type': type } }];
  });
  writeFileSync(file, JSON.stringify(Object.fromEntries(replies)));
  return spawn(
    process.execPath,
    [
      '-e',
      `const fs = require('node:fs');
      const replies = JSON.parse(fs.readFileSync(${JSON.stringify(file)}, 'utf8'));
      fs.rmSync(${JSON.stringify(dir)}, { recursive: true, force: true });
      for (const reply of Object.values(replies)) reply.body = reply.text ?? Buffer.from(reply.base64, 'base64');
      require('node:http').createServer((q, s) => {
        const reply = replies[q.url] ?? replies['*'] ?? { headers: {}, body: '' };
        s.writeHead(200, reply.headers);
        s.end(reply.body);
      }).listen(${port}, '127.0.0.1')`,
    ],
    { stdio: 'ignore' },
  );
}

/** CPU seconds a process has used so far (Linux /proc; 0 elsewhere): steadier than wall time on a busy machine. */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * autocannon over `paths` in turn, with optional fixed headers (a session cookie), as fast as the server answers
 * or at `overallRate` requests a second. With `server` (the child
 * process answering), the result also has `cpuMsPerRequest`: the server's CPU time over the requests answered.
 */
export async function cannon(url, paths, { connections, duration, overallRate, headers = {}, server }) {
  const cpuBefore = server ? cpuSeconds(server.pid) : 0;
  const result = await new Promise((resolve, reject) => {
    let i = 0;
    autocannon(
      {
        url,
        connections,
        duration,
        overallRate,
        headers,
        requests: [{ setupRequest: (request) => ({ ...request, path: paths[i++ % paths.length] }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  if (server && result.requests.total) {
    result.cpuMsPerRequest = ((cpuSeconds(server.pid) - cpuBefore) * 1000) / result.requests.total;
  }
  return result;
}

/**
 * Runs of `cannon` (each `[url, paths, options]`) measured in turns, `rounds` slices each: a change in the
 * machine's speed (on a shared virtual machine, a fifth from one minute to the next) then falls on every run
 * rather than on whichever ran during it. Each run's figures summed over its slices: requests/s the mean,
 * p99 the highest, errors and CPU a request over all of them.
 */
export async function cannonInTurns(runs, rounds) {
  const slices = runs.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, [url, paths, options]] of runs.entries()) slices[i].push(await cannon(url, paths, options));
  }
  return slices.map((results) => {
    const sum = (pick) => results.reduce((total, r) => total + pick(r), 0);
    const total = sum((r) => r.requests.total);
    const cpuMs = results.every((r) => r.cpuMsPerRequest !== undefined)
      ? sum((r) => r.cpuMsPerRequest * r.requests.total)
      : undefined;
    return {
      requests: { average: sum((r) => r.requests.average) / results.length, total },
      latency: { p99: Math.max(...results.map((r) => r.latency.p99)) },
      errors: sum((r) => r.errors),
      non2xx: sum((r) => r.non2xx),
      cpuMsPerRequest: cpuMs === undefined || total === 0 ? undefined : cpuMs / total,
    };
  });
}

/** The figures table every API benchmark prints: requests/s, p99 and errors, and the ratio to the bare server. */
export function printTable(rows, heading) {
  console.log(`\n${heading}\n`);
  console.log(
    `${'target'.padEnd(52)} ${'requests/s'.padStart(11)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)} ${'cpu µs/req'.padStart(11)}`,
  );
  for (const [name, r] of rows) {
    const errors = r.errors + r.non2xx;
    const cpu = r.cpuMsPerRequest === undefined ? '' : (r.cpuMsPerRequest * 1000).toFixed(0);
    console.log(
      `${name.padEnd(52)} ${r.requests.average.toFixed(0).padStart(11)} ${String(r.latency.p99).padStart(8)} ${String(errors).padStart(7)} ${cpu.padStart(11)}`,
    );
  }
  const [first, last] = [rows[0][1], rows.at(-1)[1]];
  console.log(
    `${'ratio API / bare'.padEnd(52)} ${((first.requests.average / last.requests.average) * 100).toFixed(1).padStart(10)}%`,
  );
}

/** node's flags for a CPU profile written into BENCH_PROFILE_DIR when the process exits, if that is set. */
export function profiling() {
  const dir = process.env.BENCH_PROFILE_DIR;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(dir)}`] : [];
}

/**
 * The real server on `port` with these settings on top of the environment. Its log (stdout) goes to
 * `logFile` when given, as `npm start > store.log` would write it, else nowhere; errors show. `cwd`: another
 * checkout of the store to run (bench/side-by-side.mjs). BENCH_PROFILE_DIR=dir: the server writes a CPU profile
 * there when it stops (node --cpu-prof).
 */
export function startServer(port, env, { logFile, cwd = root } = {}) {
  return spawn(process.execPath, [...profiling(), '--import', 'tsx', 'src/server/main.ts'], {
    cwd,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', logFile ? openSync(logFile, 'w') : 'ignore', 'inherit'],
  });
}

/**
 * Signs `admin` ({ email, password }) in on the store at `base` by password alone (the benches run with
 * STAFF_MFA=off on loopback, docs/decisions/041): the headers that carry the session.
 */
export async function adminHeaders(base, admin) {
  const signIn = await fetch(`${base}/api/auth/admin/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-quickbuy-request': '1' },
    body: JSON.stringify(admin),
  });
  if (!signIn.ok) throw new Error(`admin sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie };
}
