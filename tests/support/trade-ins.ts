import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect } from 'vitest';
import type { SellFormInput } from '../../src/shared/sell-form';
import { auditLog, outboxEmails, tradeInPayouts, tradeIns, tradeInStatusHistory } from '../../src/server/db/schema';
import { everyTradeIn } from '../../src/server/modules/trade-ins/lists';
import { seedTradeInQuotes } from '../../src/server/seed/trade-in-quotes';
import { signedInAdmin, signedInAgent, signUpCustomer } from './accounts';
import { nextAddress } from './checkout';
import { emailsAbout } from './mail';
import { sellForm } from './sell-form';
import { send, type TestApp } from './test-app';

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

/**
 * The sell form posted from an address of its own (the route throttles one address), the clock a second on so
 * each trade-in has a moment of its own.
 */
export function submit(t: TestApp, body: unknown, cookie?: string, address = nextAddress()) {
  t.clock.advance(1000);
  return send(t.app, 'POST', '/api/trade-ins', { body, cookie, headers: { 'x-forwarded-for': address } });
}

/** A new trade-in through the sell form, `overrides` changed; returns its transaction number. */
export async function sell(t: TestApp, overrides: Partial<SellFormInput> = {}, cookie?: string): Promise<string> {
  const res = await submit(t, sellForm(overrides), cookie);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().transactionNumber as string;
}

export const rowOf = async (t: TestApp, number: string) =>
  (await t.db.select().from(tradeIns).where(eq(tradeIns.transactionNumber, number)))[0]!;

export const historyOf = async (t: TestApp, number: string) => {
  const row = await rowOf(t, number);
  return t.db
    .select()
    .from(tradeInStatusHistory)
    .where(eq(tradeInStatusHistory.tradeInId, row.id))
    .orderBy(tradeInStatusHistory.createdAt, tradeInStatusHistory.id);
};

export const emailsOf = (t: TestApp, number: string) =>
  t.db.select().from(outboxEmails).where(eq(outboxEmails.entityId, number));

/** The one email of this kind about the trade-in (several share the test clock's moment, so not by order). */
export const emailOf = async (t: TestApp, number: string, kind: string) => {
  const found = await emailsAbout(t, number, kind);
  expect(found).toHaveLength(1);
  return found[0]!;
};

export const auditOf = (t: TestApp, number: string) =>
  t.db.select().from(auditLog).where(eq(auditLog.entityId, number)).orderBy(auditLog.id);

/** A move's reply: 200 with its message and the trade-in as it now stands. */
export const expectMoved = (res: LightMyRequestResponse, message: string, tradeIn: object) => {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ message, tradeIn });
};

/** The trade-in's newest history entry and newest audit record, each matching what is given. */
export const expectLatestStep = async (t: TestApp, number: string, latest: { history: object; audit: object }) => {
  expect((await historyOf(t, number)).at(-1)).toMatchObject(latest.history);
  expect((await auditOf(t, number)).at(-1)).toMatchObject(latest.audit);
};

/** All a refused answer could have changed about a trade-in: compared before and after, they must be equal. */
export const everythingAbout = async (t: TestApp, number: string) => {
  const row = await rowOf(t, number);
  return {
    status: row.status,
    payouts: await t.db.select().from(tradeInPayouts).where(eq(tradeInPayouts.tradeInId, row.id)),
    history: await historyOf(t, number),
    audit: await auditOf(t, number),
    outbox: (await emailsOf(t, number)).map((e) => e.id).sort(),
  };
};

export const staff = (t: TestApp, cookie: string, path: string, body: unknown = {}) =>
  send(t.app, 'POST', path, { body, cookie });

/** Moves a new trade-in to 'Offer Made' through the staff routes; returns the token of the offer email's links. */
export async function offered(t: TestApp, team: TradeInTeam, number: string, amount = 5000, notes = 'Battery at 88%') {
  expect((await staff(t, team.adminCookie, `/api/admin/trade-ins/${number}/confirm`)).statusCode).toBe(200);
  expect(
    (await staff(t, team.adminCookie, `/api/admin/trade-ins/${number}/assign`, { agentId: team.agent.id })).statusCode,
  ).toBe(200);
  const res = await staff(t, team.agent.cookie, `/api/agent/trade-ins/${number}/offer`, { amount, notes });
  expect(res.statusCode, res.body).toBe(200);
  return linkTokenIn(await emailOf(t, number, 'trade_in_offer'));
}

/** The one reply to a number that finds nothing (spec 001 'Transaction Not Found'). */
export const TRADE_IN_NOT_FOUND = {
  code: 'TRADE_IN_NOT_FOUND',
  message: 'Transaction Not Found - No transaction found with this number.',
};
export const bank = {
  accountHolder: 'Lindiwe Dube',
  bankName: 'FNB',
  accountNumber: '62 1234 5678',
  branchCode: '250655',
};
/** Where a stranger would have the payout go. */
export const malloryBank = {
  accountHolder: 'Mallory',
  bankName: 'Nedbank',
  accountNumber: '1122334455',
  branchCode: '198765',
};

/** The seller's routes as the track page calls them, each from an address of its own (the routes limit one address). */
export const bySeller = (t: TestApp, method: 'POST' | 'PUT', path: string, body: unknown, cookie?: string) =>
  send(t.app, method, path, { body, cookie, headers: { 'x-forwarded-for': nextAddress() } });
export const accept = (t: TestApp, number: string, body: unknown, cookie?: string) =>
  bySeller(t, 'POST', `/api/trade-ins/${number}/accept`, body, cookie);
export const decline = (t: TestApp, number: string, body: unknown, cookie?: string) =>
  bySeller(t, 'POST', `/api/trade-ins/${number}/decline`, body, cookie);
export const askForLink = (t: TestApp, number: string) => bySeller(t, 'POST', `/api/trade-ins/${number}/link`, {});

/** A signed-in seller's trade-in brought along by `reach`, another customer signed in, and all about it before they act. */
export async function signedInSellers(t: TestApp, reach: (number: string) => Promise<string>) {
  const seller = await signUpCustomer(t);
  const number = await sell(t, {}, seller.cookie);
  await reach(number);
  const other = await signUpCustomer(t);
  return { number, cookie: seller.cookie, otherCookie: other.cookie, before: await everythingAbout(t, number) };
}

export const HOUR = 60 * 60_000;
export const DAY = 24 * HOUR;
/** Runs `work` with the clock `ms` ahead, then puts it back, so the staff sessions of the file stay fresh. */
export async function later(t: TestApp, ms: number, work: () => Promise<void>) {
  const now = t.clock.now();
  t.clock.advance(ms);
  try {
    await work();
  } finally {
    t.clock.set(now);
  }
}

/** The refusals of a seller's action without the proof: none, or a link that is not the newest. */
export const LINK_REQUIRED = {
  code: 'FORBIDDEN',
  message:
    'This needs the link from the email we sent you about this trade-in, or sign in as the seller. Lost the email? We can send you a new link.',
};
export const LINK_INVALID = {
  code: 'FORBIDDEN',
  message: 'This link is no longer valid: use the newest link we emailed you, or ask for a new link.',
};
