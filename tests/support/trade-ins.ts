import { tradeIns } from '../../src/server/db/schema';
import { everyTradeIn } from '../../src/server/modules/trade-ins/service';
import type { TestApp } from './test-app';

let counter = 0;

/**
 * A trade-in written straight into its table in any status (no history, photos or email), for tests
 * that need many of them or one in a status the routes take several steps to reach. Like the
 * module's own insert, it makes the admin list count its total again.
 */
export async function insertTradeIn(
  t: TestApp,
  values: { status: string; agentId: string | null } & Partial<typeof tradeIns.$inferInsert>,
) {
  const [row] = await t.db
    .insert(tradeIns)
    .values({
      transactionNumber: `TXN${Date.now()}${++counter % 1000}`,
      customerName: 'Lindiwe Dube',
      customerEmail: 'seller@example.co.za',
      customerPhone: '+27 82 000 0000',
      address: '1 Main Road',
      deviceType: 'phone',
      brand: 'Samsung',
      model: 'Galaxy S21',
      condition: 'good',
      isOwner: true,
      estimatedValue: 5000,
      ...values,
    })
    .returning();
  everyTradeIn.forget(t.db);
  return row!;
}
