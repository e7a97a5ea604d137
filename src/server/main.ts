import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedOnFirstStart } from './seed';
import { systemClock } from './lib/clock';
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
  const app = await buildApp({ config, db: connection.db });
  const outbox = startOutboxSender({ db: connection.db, config, log: app.log, clock: systemClock });
  const stopExpiry = startReservationExpiry({ db: connection.db, clock: systemClock, log: app.log });
  await seedOnFirstStart(connection.db, config, app.log);

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    stopExpiry();
    await app.close();
    await outbox.stop();
    await connection.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    `QuickBuy is serving ${config.PUBLIC_URL} on ${connection.engine === 'pglite' ? `PGlite in ${config.DATA_DIR}` : 'PostgreSQL'}`,
  );
}

void main();
