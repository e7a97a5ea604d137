// Shared pieces of the benchmarks (the leading _ keeps scripts/bench.mjs from running it alone).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs node with these arguments in the project root; resolves when it exits 0. */
export function runNode(args, env, { quiet = false } = {}) {
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

/** A bare node:http server answering `body` as JSON to every request: the ceiling to compare with. */
export function startBareServer(port, body) {
  return spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'application/json' }); s.end(${JSON.stringify(body)}); }).listen(${port}, '127.0.0.1')`,
    ],
    { stdio: 'ignore' },
  );
}

/** autocannon over `paths` in turn, with optional fixed headers (a session cookie). */
export function cannon(url, paths, { connections, duration, headers = {} }) {
  return new Promise((resolve, reject) => {
    let i = 0;
    autocannon(
      {
        url,
        connections,
        duration,
        headers,
        requests: [{ setupRequest: (request) => ({ ...request, path: paths[i++ % paths.length] }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** The figures table every API benchmark prints: requests/s, p99 and errors, and the ratio to the bare server. */
export function printTable(rows, heading) {
  console.log(`\n${heading}\n`);
  console.log(`${'target'.padEnd(52)} ${'requests/s'.padStart(11)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)}`);
  for (const [name, r] of rows) {
    const errors = r.errors + r.non2xx;
    console.log(
      `${name.padEnd(52)} ${r.requests.average.toFixed(0).padStart(11)} ${String(r.latency.p99).padStart(8)} ${String(errors).padStart(7)}`,
    );
  }
  const [first, last] = [rows[0][1], rows.at(-1)[1]];
  console.log(
    `${'ratio API / bare'.padEnd(52)} ${((first.requests.average / last.requests.average) * 100).toFixed(1).padStart(10)}%`,
  );
}

/** The real server on `port` (output hidden but errors), with these settings on top of the environment. */
export function startServer(port, env) {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
