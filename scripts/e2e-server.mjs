// The server Playwright drives: the built app, a fresh PGlite database in a temp folder, the demo
// catalog seeded, known credentials for the admin and the demo agents, and its mail delivered to a
// mailbox the specs read (scripts/e2e-mailbox.mjs, on E2E_PORT + 1).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startMailbox } from './e2e-mailbox.mjs';
import { root, run } from './lib.mjs';

const port = process.env.E2E_PORT ?? '3100';
const dataDir = mkdtempSync(path.join(tmpdir(), 'quickbuy-e2e-'));
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
process.on('exit', cleanup);
const mailbox = await startMailbox({ httpPort: Number(port) + 1 });

const E2E_ENV = {
  NODE_ENV: 'production',
  PORT: port,
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  ADMIN_EMAIL: 'admin@quickbuy.test',
  ADMIN_PASSWORD: 'Admin-pass-2026',
  DEMO_AGENT_PASSWORD: 'Agent-pass-2026',
  SEED_DEMO_DATA: 'true',
  PAYMENT_PROVIDER: 'sandbox',
  // Specs may play other shoppers with X-Forwarded-For (tests/e2e/repair-booking.ts); the browser sends none,
  // so its address stays 127.0.0.1.
  TRUST_PROXY: '1',
  SMTP_URL: mailbox.smtpUrl,
};

const code = await run(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  cwd: root,
  env: { ...process.env, ...E2E_ENV, DATABASE_URL: '' },
});
await mailbox.close();
process.exit(code);
