import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig, type TestDatabase } from '../../../tests/support/test-app';
import { verifyPassword } from '../lib/passwords';
import { openDatabase } from '../db/client';
import { devices, users } from '../db/schema';
import { seedOnFirstStart } from './index';

let database: TestDatabase;
const logged: string[] = [];
const log = { info: (message: string) => logged.push(message) };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('seedOnFirstStart', () => {
  it('seeds the admin, the demo agents and the catalog once, and a second start keeps every row', async () => {
    const config = testConfig({
      SEED_DEMO_DATA: 'true',
      ADMIN_EMAIL: 'boss@quickbuy.test',
      ADMIN_PASSWORD: 'Admin-pass-2026',
    });
    await seedOnFirstStart(database.db, config, log);
    const usersAfterFirst = await database.db.select().from(users).orderBy(users.email);
    const [devicesAfterFirst] = await database.db.select({ n: count() }).from(devices);

    await seedOnFirstStart(database.db, config, log);
    expect(await database.db.select().from(users).orderBy(users.email)).toEqual(usersAfterFirst);
    expect((await database.db.select({ n: count() }).from(devices))[0]).toEqual(devicesAfterFirst);

    const admin = usersAfterFirst.find((u) => u.role === 'admin')!;
    expect(admin.email).toBe('boss@quickbuy.test');
    expect(await verifyPassword('Admin-pass-2026', admin.passwordHash)).toBe(true);
    expect(usersAfterFirst.filter((u) => u.role === 'agent').map((u) => [u.username, u.agentRole])).toEqual([
      ['michael.johnson', 'Agent'],
      ['sarah.mitchell', 'Senior Agent'],
    ]);
  });

  it('prints a generated password once when none is configured', async () => {
    const fresh = await createTestDatabase();
    try {
      logged.length = 0;
      await seedOnFirstStart(fresh.db, testConfig({ SEED_DEMO_DATA: 'false' }), log);
      const line = logged.find((l) => l.startsWith('First admin created: admin@quickbuy.co.za with password '));
      expect(line).toBeDefined();
      const password = line!.split(' with password ')[1]!.split(' ')[0]!;
      const [admin] = await fresh.db.select().from(users);
      expect(await verifyPassword(password, admin!.passwordHash)).toBe(true);
      await seedOnFirstStart(fresh.db, testConfig({ SEED_DEMO_DATA: 'false' }), log);
      expect(logged.filter((l) => l.startsWith('First admin created'))).toHaveLength(1);
    } finally {
      await fresh.drop();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('migrations on a PostgreSQL server', () => {
  it('lets several instances start and migrate at once', async () => {
    const connections = await Promise.all([1, 2, 3].map(() => openDatabase({ url: database.url! })));
    try {
      await Promise.all(connections.map((c) => c.migrate()));
      const [row] = await connections[0]!.db.select({ n: count() }).from(users);
      expect(row!.n).toBeGreaterThan(0);
    } finally {
      await Promise.all(connections.map((c) => c.close()));
    }
  });
});
