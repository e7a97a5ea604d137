// The server Playwright drives: the built app, a fresh PGlite database in a temp folder, the demo
// catalog seeded, known credentials for the admin and the demo agents (their passwords, and authenticators
// set up from fixed secrets in tests/support/e2e-staff.ts, so the fixtures compute their codes), and a
// mailbox its outbox delivers to (scripts/e2e-mailbox.mjs), so a story can open a link from an email.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startMailbox } from './e2e-mailbox.mjs';
import { root, run } from './lib.mjs';

const port = process.env.E2E_PORT ?? '3100';
// The database, the socket that claims it (beside it) and the store's backups, all in one temp folder.
const folder = mkdtempSync(path.join(tmpdir(), 'quickbuy-e2e-'));
const dataDir = path.join(folder, 'data');
const cleanup = () => rmSync(folder, { recursive: true, force: true });
process.on('exit', cleanup);
// SMTP on the app's port + 1, the mailbox's reader on + 2 (tests/e2e/mailbox.ts).
const mailbox = await startMailbox({ smtpPort: Number(port) + 1, httpPort: Number(port) + 2 });

const E2E_ENV = {
  NODE_ENV: 'production',
  PORT: port,
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  BACKUP_DIR: path.join(folder, 'backups'),
  LOG_LEVEL: 'warn',
  ADMIN_EMAIL: 'admin@quickbuy.test',
  ADMIN_PASSWORD: 'Admin-pass-2026',
  DEMO_AGENT_PASSWORD: 'Agent-pass-2026',
  SEED_DEMO_DATA: 'true',
  PAYMENT_PROVIDER: 'sandbox',
  // Every test speaks from an address of its own through this one proxy (the extraHTTPHeaders fixture in
  // tests/e2e/fixtures.ts), so no test spends another's per-address allowances; the staff sessions the fixtures
  // sign in, and Prometheus's reads in operations.spec.ts, come from 127.0.0.1.
  TRUST_PROXY: '1',
  SMTP_URL: mailbox.smtpUrl,
  // The same scrypt, cheaper, and no least time on the answers whose time could tell an email is known: the
  // stories sign in and up far more often than they guess passwords, and the API tests check the floors.
  PASSWORD_WORK: 'light',
  TIMING_FLOORS: 'off',
};

const env = { ...process.env, ...E2E_ENV, DATABASE_URL: '' };
const seeded = await run(process.execPath, ['--import', 'tsx', 'tests/support/e2e-seed.ts'], { cwd: root, env });
if (seeded !== 0) process.exit(seeded);
const code = await run(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  cwd: root,
  env,
  forwardSignals: true,
});
await mailbox.close();
process.exit(code);
