import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from './app';
import { ConfigError, loadConfig, logFormat } from './config';
import { openDatabase } from './db/client';
import { seedOnFirstStart } from './seed';
import { systemClock } from './lib/clock';
import { createLifecycle, shutDownWithin } from './lib/shutdown';
import { claimDataDir, DataDirInUse, startBackupSchedule, takeBackup } from './modules/backups';
import { stopImageJobs } from './modules/images';
import { startOutboxSender } from './modules/mail';
import { startReservationExpiry } from './modules/checkout';
import { startRetentionPurges } from './modules/privacy';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // PGlite keeps no lock on its data directory: the store claims it first, and serves `npm run backup` on the
  // claim's socket, since only this process can read a running PGlite (docs/decisions/075).
  let backUpNow: (() => Promise<unknown>) | null = null;
  let dataDirClaim: { release(): Promise<void> } | null = null;
  if (!config.DATABASE_URL) {
    try {
      dataDirClaim = await claimDataDir(config.DATA_DIR, 'store', {
        backup: async () => {
          if (!backUpNow) throw new Error('the store is still starting: try again in a moment');
          return backUpNow();
        },
      });
    } catch (error) {
      if (!(error instanceof DataDirInUse)) throw error;
      console.error(error.message);
      process.exit(1);
    }
  }
  const connection = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
  );
  await connection.migrate();
  const lifecycle = createLifecycle();
  const app = await buildApp({
    config,
    db: connection.db,
    lifecycle,
    logFormat: logFormat(config, process.stdout.isTTY === true),
  });
  const outbox = startOutboxSender({ db: connection.db, config, log: app.log, clock: systemClock });
  const expiry = startReservationExpiry({ db: connection.db, clock: systemClock, log: app.log });
  const backups = startBackupSchedule({ db: connection.db, config, clock: systemClock, log: app.log });
  const retention = startRetentionPurges({ db: connection.db, clock: systemClock, log: app.log });
  await seedOnFirstStart(connection.db, config, app.log);
  backUpNow = () =>
    takeBackup({
      db: connection.db,
      dir: config.BACKUP_DIR,
      keep: config.BACKUP_KEEP,
      clock: systemClock,
      log: app.log,
      trigger: 'command',
      wait: true,
    });

  // The stop, for load balancers and orchestrators (README, "Stopping an instance"; docs/decisions/060).
  // SIGINT is a person at a terminal: no drain. A second signal changes nothing: the first stop is under
  // way, and its deadline holds.
  const stop = async (signal: 'SIGTERM' | 'SIGINT') => {
    if (lifecycle.stopping) return;
    const drainMs = signal === 'SIGTERM' ? config.SHUTDOWN_DRAIN_MS : 0;
    // 1. Not ready from now: /api/health/ready answers 503, every reply closes its connection; an image
    // being decoded is dropped (its request answers 503) rather than waited for.
    lifecycle.stopping = true;
    stopImageJobs();
    app.log.info(
      `${signal}: not ready; taking requests for ${drainMs} ms more, then finishing those in flight ` +
        `(exit within ${config.SHUTDOWN_TIMEOUT_MS} ms)`,
    );
    await shutDownWithin({
      deadlineMs: config.SHUTDOWN_TIMEOUT_MS,
      log: app.log,
      steps: async () => {
        // 2. The background loops stop (each waits for a pass in progress) while the balancer moves traffic away.
        // A backup in progress is cut short (its files removed, the run recorded as failed).
        await Promise.all([expiry.stop(), outbox.stop(), backups.stop(), retention.stop(), sleep(drainMs)]);
        // 3. The listener closes, the requests in flight finish, the onClose hooks run; then the database.
        await app.close();
        await connection.close();
        await dataDirClaim?.release();
        app.log.info('stopped');
      },
    });
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  // Fastify names every address it really listens on (each interface for 0.0.0.0, the port it got for 0).
  await app.listen({
    port: config.PORT,
    host: config.HOST,
    listenTextResolver: (address) => `QuickBuy is listening at ${address}`,
  });
  if (config.STAFF_MFA === 'off') {
    app.log.warn('STAFF_MFA=off: agents and the admin sign in with a password alone. For local demos and tests only.');
  }
  const database = connection.engine === 'pglite' ? `PGlite in ${config.DATA_DIR}` : 'PostgreSQL';
  app.log.info(`Database: ${database}. Links in emails and the sitemap use PUBLIC_URL ${config.PUBLIC_URL}`);
}

void main();
