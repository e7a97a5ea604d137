// `npm test`: every check and every test, on every engine, in order:
//   1. ESLint, the type checker and Prettier's check (the layering rules are lint rules: a new crossing fails the build),
//   2. Vitest unit and API tests on PGlite,
//   3. the API tests again on a real PostgreSQL server (scripts/with-postgres.mjs),
//   4. Playwright in Chromium against the built app and the real server,
//   5. the cluster test, 20 s of it (scripts/cluster-test.mjs: three instances behind nginx on PostgreSQL, one
//      killed and the database restarted under load).
// Then it checks that the run left nothing of its own (a `quickbuy-` entry) in the system's temp folder.
// Prints one closing line "N passed, N failed" over all of them.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root, run } from './lib.mjs';

const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const vitestReporters = (name) => [
  '--reporter=default',
  '--reporter=./tests/reporters/vitest-time-limits.ts',
  '--reporter=json',
  `--outputFile.json=test-results/${name}.json`,
];

const stages = [
  { name: 'lint, typecheck and format', command: process.execPath, args: ['scripts/check-code.mjs'] },
  {
    name: 'unit and API tests on PGlite',
    command: 'npx',
    args: ['vitest', 'run', ...vitestReporters('vitest-pglite')],
    report: 'vitest-pglite',
  },
  {
    name: 'API tests on PostgreSQL',
    command: process.execPath,
    args: [
      'scripts/with-postgres.mjs',
      'npx',
      'vitest',
      'run',
      '--project',
      'api',
      ...vitestReporters('vitest-postgres'),
    ],
    report: 'vitest-postgres',
  },
  { name: 'browser tests in Chromium', command: process.execPath, args: ['scripts/e2e.mjs'], report: 'e2e' },
  { name: 'cluster test (20 s)', command: process.execPath, args: ['scripts/cluster-test.mjs', '--seconds', '20'] },
];

function counts(report) {
  if (!report) return null;
  const file = path.join(results, `${report}.json`);
  if (!existsSync(file)) return null;
  const data = JSON.parse(readFileSync(file, 'utf8'));
  if (data.stats) {
    // Playwright: flaky tests passed on retry.
    return {
      passed: data.stats.expected + data.stats.flaky,
      failed: data.stats.unexpected,
      skipped: data.stats.skipped,
    };
  }
  return {
    passed: data.numPassedTests,
    failed: data.numFailedTests,
    skipped: data.numPendingTests + data.numTodoTests,
  };
}

/** What the suite's tests and scripts make in the temp folder is named quickbuy-something, and removed by them. */
const ownTempEntries = () => readdirSync(tmpdir()).filter((name) => name.startsWith('quickbuy-'));
const tempBefore = new Set(ownTempEntries());

let passed = 0;
let failed = 0;
let skipped = 0;
let exitCode = 0;
const summary = [];
for (const stage of stages) {
  console.log(`\n=== ${stage.name} ===\n`);
  const started = Date.now();
  const code = await run(stage.command, stage.args, {
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
  });
  const c = counts(stage.report);
  const seconds = Math.round((Date.now() - started) / 1000);
  if (c) {
    passed += c.passed;
    failed += c.failed;
    skipped += c.skipped;
  }
  if (code !== 0) {
    exitCode = 1;
    if (!c || c.failed === 0) failed += 1; // a stage that could not run counts as a failure
  }
  const outcome = c
    ? `${c.passed} passed, ${c.failed} failed`
    : stage.report
      ? 'did not report'
      : code === 0
        ? 'clean'
        : 'failed';
  summary.push(`${stage.name}: ${outcome} (exit ${code}, ${seconds}s)`);
}

const leftInTemp = ownTempEntries().filter((name) => !tempBefore.has(name));
if (leftInTemp.length > 0) {
  exitCode = 1;
  failed += 1;
  summary.push(`left in ${tmpdir()}: ${leftInTemp.join(', ')}`);
}

console.log(`\n${summary.join('\n')}\n`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(exitCode);
