/**
 * `npm run staff:reset-mfa -- <admin email or agent username>`: removes a staff member's
 * authenticator and recovery codes and ends their sessions, so their next sign-in sets up a new
 * app. The admin's way back in when their phone and codes are lost (an agent's is reset from the
 * Agents tab). Reads the same DATABASE_URL or DATA_DIR as the server; with PGlite, stop the server first.
 */
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { systemClock } from '../../lib/clock';
import { resetStaffSecondFactor } from './second-factor';

const identifier = process.argv[2];
if (!identifier || identifier.startsWith('-')) {
  console.log('usage: npm run staff:reset-mfa -- <admin email or agent username>');
  process.exit(identifier ? 0 : 1);
}
const config = loadConfig();
const connection = await openDatabase(
  config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
);
try {
  await connection.migrate();
  const reset = await resetStaffSecondFactor({ db: connection.db, clock: systemClock, identifier });
  if (!reset) {
    console.error(`No agent or admin goes by ${identifier}`);
    process.exitCode = 1;
  } else {
    console.log(`The ${reset.role} ${reset.email} sets up a new authenticator app at their next sign-in.`);
  }
} finally {
  await connection.close();
}
