/**
 * `npm run seed -- --devices 100000`: fill the database named by DATABASE_URL (or the PGlite
 * database in DATA_DIR) with a large catalog for benchmarks. Idempotent by count: when the catalog
 * already lists that many devices it adds none, otherwise it adds the difference.
 */
import { count, isNull } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { devices } from '../db/schema';
import { seedBulkDevices } from './bulk';

function parseArgs(argv: string[]): { devices: number } {
  let wanted = 100_000;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = arg.startsWith('--devices=')
      ? arg.slice('--devices='.length)
      : arg === '--devices'
        ? argv[++i]
        : null;
    if (value === null) {
      if (arg === '--help' || arg === '-h') {
        console.log('usage: npm run seed -- --devices <count>   (default 100000)');
        process.exit(0);
      }
      throw new Error(`Unknown argument ${arg}: try --devices 100000`);
    }
    if (!value || !/^\d+$/.test(value)) throw new Error('--devices takes a whole number, such as --devices 100000');
    wanted = Number(value);
  }
  return { devices: wanted };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const target = config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR };
  const connection = await openDatabase(target);
  try {
    await connection.migrate();
    const [row] = await connection.db.select({ n: count() }).from(devices).where(isNull(devices.deletedAt));
    const existing = Number(row?.n ?? 0);
    const missing = args.devices - existing;
    const where = config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${config.DATA_DIR}`;
    if (missing <= 0) {
      console.log(`The catalog already lists ${existing} devices (${where}): nothing to add.`);
      return;
    }
    const started = Date.now();
    console.log(`Adding ${missing} devices to ${existing} (${where})...`);
    await seedBulkDevices(connection.db, {
      count: missing,
      onProgress: (done) => console.log(`  ${done} / ${missing}`),
    });
    console.log(`Done: ${args.devices} devices listed, in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await connection.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
