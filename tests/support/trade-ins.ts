import { beforeAll } from 'vitest';
import { tradeIns } from '../../src/server/db/schema';
import { everyTradeIn } from '../../src/server/modules/trade-ins/lists';
import { seedTradeInQuotes } from '../../src/server/seed/trade-in-quotes';
import { signedInAdmin, signedInAgent } from './accounts';
import { emailsAbout } from './mail';
import type { TestApp } from './test-app';

let counter = 0;

/** The staff a trade-in test works with: the admin and two agents, each signed in. */
export interface TradeInTeam {
  adminId: string;
  adminCookie: string;
  adminEmail: string;
  agent: Awaited<ReturnType<typeof signedInAgent>>;
  otherAgent: Awaited<ReturnType<typeof signedInAgent>>;
}

/**
 * The quotes a sale is priced from, seeded, and the staff signed in, before the first test of the file
 * or describe block (as useTestApp, read it inside tests only).
 */
export function useTradeInTeam(t: TestApp): TradeInTeam {
  const team = {} as TradeInTeam;
  beforeAll(async () => {
    await seedTradeInQuotes(t.db);
    const admin = await signedInAdmin(t);
    Object.assign(team, {
      adminId: admin.id,
      adminCookie: admin.cookie,
      adminEmail: admin.email,
      agent: await signedInAgent(t),
      otherAgent: await signedInAgent(t),
    });
  });
  return team;
}

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

/**
 * The token of a link that acts for the seller, read from an email's text as the seller's inbox has it
 * ('Accept Offer: https://.../track?number=...#token=...&answer=accept', or 'Change payout account: ...').
 */
export function linkTokenIn(email: { text: string }): string {
  const link = /(?:Accept Offer|Change payout account): (\S+)/.exec(email.text)?.[1];
  if (!link) throw new Error(`no seller's link in this email:\n${email.text}`);
  return new URLSearchParams(new URL(link).hash.slice(1)).get('token')!;
}

/** The token of the offer email's links for a trade-in (the one offer email about it). */
export async function offerLinkToken(t: TestApp, number: string): Promise<string> {
  const emails = await emailsAbout(t, number, 'trade_in_offer');
  if (emails.length !== 1) throw new Error(`${emails.length} offer emails about ${number}, not 1`);
  return linkTokenIn(emails[0]!);
}
