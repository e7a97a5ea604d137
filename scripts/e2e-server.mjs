// The server Playwright drives: the built app, a fresh PGlite database in a temp folder, the demo
// catalog seeded, and known credentials for the admin and the demo agents.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { root, run } from './lib.mjs';

const port = process.env.E2E_PORT ?? '3100';
const dataDir = mkdtempSync(path.join(tmpdir(), 'quickbuy-e2e-'));
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
process.on('exit', cleanup);

// The store's mail goes to an SMTP server on loopback that writes each message into E2E_MAIL_DIR, where a
// spec reads the link a customer would follow (tests/e2e/fixtures.ts: `mailbox`): the admin's outbox never
// shows a secret link.
const mailDir = process.env.E2E_MAIL_DIR ?? path.join(dataDir, 'mail');
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });
let received = 0;
const smtp = new SMTPServer({
  secure: false,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      writeFileSync(path.join(mailDir, `${Date.now()}-${++received}.eml`), Buffer.concat(chunks));
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));

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
  SMTP_URL: `smtp://127.0.0.1:${smtp.server.address().port}`,
};

const code = await run(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  cwd: root,
  env: { ...process.env, ...E2E_ENV, DATABASE_URL: '' },
});
smtp.close(() => process.exit(code));
