import { buildApp } from './app';
import { ConfigError, loadConfig, logFormat } from './config';
import { openDatabase } from './db/client';
import { seedOnFirstStart } from './seed';
import { systemClock } from './lib/clock';
import { shutDownWithin } from './lib/shutdown';
import { startOutboxSender } from './modules/mail/outbox';
import { startReservationExpiry } from './modules/checkout/workflow';

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

  const connection = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
  );
  await connection.migrate();
  const app = await buildApp({
    config,
    db: connection.db,
    logFormat: logFormat(config, process.stdout.isTTY === true),
  });
  const outbox = startOutboxSender({ db: connection.db, config, log: app.log, clock: systemClock });
  const expiry = startReservationExpiry({ db: connection.db, clock: systemClock, log: app.log });
  await seedOnFirstStart(connection.db, config, app.log);

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await shutDownWithin({
      log: app.log,
      steps: async () => {
        await expiry.stop();
        await app.close();
        await outbox.stop();
        await connection.close();
      },
    });
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

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
