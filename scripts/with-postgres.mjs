// Runs a command against a throwaway PostgreSQL server (scripts/lib.mjs startPostgres: Debian's binaries
// under /usr/lib/postgresql/*/bin, installed when missing and we are root), with TEST_DATABASE_URL pointing at it.
import { run, startPostgres } from './lib.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args...]');
  process.exit(2);
}

let server;
try {
  // Commits need not wait for the disk: nothing here outlives a crash.
  server = await startPostgres({ settings: { synchronous_commit: 'off' } });
} catch (error) {
  console.error(`PostgreSQL tests cannot run: ${error.message}`);
  process.exit(1);
}
let code = 1;
try {
  console.log(`PostgreSQL (${server.version}) running on 127.0.0.1:${server.port}`);
  code = await run(command, args, { env: { ...process.env, TEST_DATABASE_URL: server.url } });
} catch (error) {
  console.error(error);
} finally {
  server.stop();
}
process.exit(code);
