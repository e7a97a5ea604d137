// `npm run bench`: every benchmark under bench/, one after another (they share two cores, so never
// at once). Each prints its own table of figures beside their budgets; the checkout and catalog benches,
// whose budgets are ratios measured in the same run, exit 1 when one is missed, and so does this.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { root, run } from './lib.mjs';

const only = process.argv.slice(2);
const benches = readdirSync(path.join(root, 'bench'))
  .filter((file) => /\.(mjs|ts)$/.test(file) && !file.startsWith('_'))
  .filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
  .sort();

let failed = 0;
for (const file of benches) {
  console.log(`\n=== bench/${file} ===\n`);
  const args = file.endsWith('.ts') ? ['--import', 'tsx', `bench/${file}`] : [`bench/${file}`];
  if ((await run(process.execPath, args)) !== 0) failed++;
}
if (benches.length === 0) console.log('No benchmarks found under bench/.');
process.exit(failed ? 1 : 0);
