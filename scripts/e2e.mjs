// `npm run test:e2e [spec files...]`: make sure Chromium's headless shell is there, build the app when stale, run Playwright.
import { ensureHeadlessShell } from './ensure-chromium.mjs';
import { buildWebIfStale, run } from './lib.mjs';

if (!ensureHeadlessShell()) process.exit(1);
const built = await buildWebIfStale();
if (built !== 0) process.exit(built);
process.exit(await run('npx', ['playwright', 'test', ...process.argv.slice(2)]));
