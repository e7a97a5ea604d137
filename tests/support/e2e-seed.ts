/**
 * Run by scripts/e2e-server.mjs before the server starts, on the same fresh database: the first
 * start's seed, then an authenticator for each e2e staff member from its fixed secret (as if they
 * had set it up), and a second admin who has not set one up yet.
 */
import { eq, or } from 'drizzle-orm';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { staffFactors, users } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/lib/passwords';
import { seal, sealingKey } from '../../src/server/lib/sealing';
import { seedOnFirstStart } from '../../src/server/seed';
import { E2E_STAFF } from './e2e-staff';

const config = loadConfig();
const connection = await openDatabase({ dataDir: config.DATA_DIR });
try {
  await connection.migrate();
  const { db } = connection;
  await seedOnFirstStart(db, config, { info: () => {} });
  const key = await sealingKey(db);
  const { admin, agent, otherAgent, enrolAdmin } = E2E_STAFF;
  for (const { name, secret } of [
    { name: admin.email, secret: admin.secret },
    { name: agent.username, secret: agent.secret },
    { name: otherAgent.username, secret: otherAgent.secret },
  ]) {
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(or(eq(users.email, name), eq(users.username, name)));
    if (!user) throw new Error(`the e2e seed has no ${name}`);
    await db.insert(staffFactors).values({ userId: user.id, sealedSecret: seal(key, secret), confirmedAt: new Date() });
  }
  await db.insert(users).values({
    role: 'admin',
    email: enrolAdmin.email,
    passwordHash: await hashPassword(enrolAdmin.password, config.PASSWORD_WORK),
    firstName: 'New',
    lastName: 'Admin',
  });
} finally {
  await connection.close();
}
