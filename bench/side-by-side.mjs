// The store at BENCH_BASE (a commit) and the store in this working tree (or at BENCH_TREE), answering the catalog bench's 8 listing
// URLs at the same moments, each from its own autocannon client at a fixed rate: CPU µs a request of each, and
// their ratio, round by round. On a shared virtual machine a server's CPU a request swings by a fifth from one run
// to the next; served side by side, both swing together and their ratio holds to a few per cent, so a change of a
// few microseconds a request shows (docs/performance/server-throughput.md). Against itself it read 0.98-1.03 a
// round: a ratio outside that is the change's. Without BENCH_BASE it says how to ask and stops: `npm run bench`
// runs every bench, and this one compares only when told with what.
//   BENCH_BASE=HEAD~1 npm run bench -- side-by-side   (BENCH_RATE requests/s each, 4000; BENCH_SECONDS; BENCH_ROUNDS;
//   BENCH_WARMUP_SECONDS, 3, unmeasured before the first round)
//   BENCH_BASE=HEAD~1 BENCH_TREE=HEAD npm run bench -- side-by-side   (two commits, each from a worktree)
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CATALOG_PATHS, catalogDataDir, catalogEnv, seedCatalog } from './_catalog.mjs';
import { cannon, freePort, root, startServer, stop, waitFor } from './_lib.mjs';

const base = process.env.BENCH_BASE;
if (!base) {
  console.log('Set BENCH_BASE to a commit to compare this working tree with, e.g. BENCH_BASE=HEAD~1.');
  process.exit(0);
}
const RATE = Number(process.env.BENCH_RATE ?? 4000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);

// BENCH_TREE=<commit>: that commit instead of the working tree, served from a worktree as the base is. Whichever
// store sits second has come out a point or two ahead of its twin: compare a pair both ways round.
const treeCommit = process.env.BENCH_TREE;
const scratch = mkdtempSync(path.join(tmpdir(), 'quickbuy-side-by-side-'));

/** A worktree of `commit` in the scratch folder, sharing this checkout's node_modules. */
function worktreeOf(commit, name) {
  const tree = path.join(scratch, name);
  execFileSync('git', ['worktree', 'add', '--detach', tree, commit], { cwd: root, stdio: 'ignore' });
  symlinkSync(path.join(root, 'node_modules'), path.join(tree, 'node_modules'));
  return tree;
}
const treeName = treeCommit ?? 'this tree';

/** A store from `tree` on its own copy of the seeded catalog, as `npm start` runs it (its log into a file). */
async function startStore(name, tree) {
  const dataDir = path.join(scratch, `data-${name}`);
  cpSync(catalogDataDir, dataDir, { recursive: true });
  const port = await freePort();
  const logFile = path.join(scratch, `${name}.log`);
  const child = startServer(port, { ...catalogEnv, DATA_DIR: dataDir }, { logFile, cwd: tree });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`);
  for (const p of CATALOG_PATHS) await (await fetch(url + p)).text();
  return { name, child, url };
}

/** CPU µs a request of `store` while autocannon asks it the URLs in turn at RATE a second for `seconds`. */
async function cpuPerRequest(store, seconds = SECONDS) {
  const run = { connections: 25, duration: seconds, overallRate: RATE, server: store.child };
  const result = await cannon(store.url, CATALOG_PATHS, run);
  const failed = result.errors + result.non2xx;
  if (failed > 0) throw new Error(`${store.name}: ${failed} failed requests`);
  return result.cpuMsPerRequest * 1000;
}

const worktrees = [];
const stores = [];
try {
  worktrees.push(worktreeOf(base, 'base'));
  if (treeCommit) worktrees.push(worktreeOf(treeCommit, 'tree'));
  const [baseTree, tree = root] = worktrees;
  await seedCatalog();
  // Started together: the store started second came out about 3% ahead of its twin when they were started in turn.
  stores.push(...(await Promise.all([startStore('base', baseTree), startStore('tree', tree)])));
  console.log(`${base} against ${treeName}: ${RATE} requests/s each, ${SECONDS} s a round, at the same moments`);
  // Unmeasured first, both at once: the first round otherwise paid for compiling each store's code, unevenly.
  await Promise.all(stores.map((store) => cpuPerRequest(store, WARMUP)));
  const ratios = [];
  for (let round = 1; round <= ROUNDS; round++) {
    // Whose client starts first alternates from round to round, in case going first or second is worth something.
    const [then, now] =
      round % 2
        ? await Promise.all(stores.map((store) => cpuPerRequest(store)))
        : (await Promise.all([...stores].reverse().map((store) => cpuPerRequest(store)))).reverse();
    ratios.push(now / then);
    console.log(
      `round ${round}: ${base} ${then.toFixed(1)} µs a request, ${treeName} ${now.toFixed(1)}: ${(now / then).toFixed(3)}`,
    );
  }
  const sorted = [...ratios].sort((a, b) => a - b);
  console.log(`median ratio, ${treeName} / ${base}: ${sorted[Math.floor(sorted.length / 2)].toFixed(3)}`);
} finally {
  await Promise.all(stores.map((store) => stop(store.child)));
  for (const worktree of worktrees) {
    execFileSync('git', ['worktree', 'remove', '--force', worktree], { cwd: root, stdio: 'ignore' });
  }
  rmSync(scratch, { recursive: true, force: true });
}
