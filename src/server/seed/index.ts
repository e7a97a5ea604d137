import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import { transaction, type Database } from '../db/client';
import { claimMeta } from '../lib/app-meta';
import { seedDemoCatalog } from './catalog';
import { seedTradeInQuotes } from './trade-in-quotes';
import { seedAdmin, seedDemoAgents, type SeedLog } from './users';

const SEEDED_KEY = 'demo_seeded_at';

/**
 * First start of an empty database: the first admin always; the demo catalog and agents when
 * SEED_DEMO_DATA is on; the sell quote table whenever it is empty. A row in app_meta marks it done, so a second start never seeds again.
 * The claim and the seed share one transaction: two instances starting together seed once.
 */
export async function seedOnFirstStart(db: Database, config: Config, log: SeedLog) {
  await transaction(db, async (tx) => {
    const claimed = await claimMeta(tx, SEEDED_KEY, new Date().toISOString());
    await seedTradeInQuotes(tx);
    if (!claimed) return;
    const work = config.PASSWORD_WORK;
    await seedAdmin(tx, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD, work, log });
    if (config.SEED_DEMO_DATA) {
      await seedDemoAgents(tx, { password: config.DEMO_AGENT_PASSWORD, work, log });
      const count = await seedDemoCatalog(tx);
      log.info(`Demo catalog seeded with ${count} devices`);
    }
  });
  await db.execute(sql`analyze`);
}
