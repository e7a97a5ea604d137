import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentSummary } from '../../../shared/agents';
import { AGENT_SALE_STATUSES, moveRefusal, TRADE_IN_MOVES } from '../../../shared/trade-in-statuses';
import type { AgentTradeIn } from '../../../shared/trade-ins';
import { auditLog, tradeIns, tradeInStatusHistory, users } from '../../db/schema';
import {
  AGENT_PASSWORD,
  newAddress,
  signedInAdmin,
  signedInAgent,
  signUpCustomer,
} from '../../../../tests/support/accounts';
import { bookFor } from '../../../../tests/support/repairs';
import { expectError } from '../../../../tests/support/errors';
import { emailsAbout } from '../../../../tests/support/mail';
import { send, useTestApp } from '../../../../tests/support/test-app';
import { insertTradeIn, offerLinkToken } from '../../../../tests/support/trade-ins';

// The agent's day on the server (docs/decisions/031): the dashboard's counts, the agent's own list, each move's
// rules under concurrency, the audit trail, and an agent who is made inactive.

const t = useTestApp();

let adminCookie: string;
beforeAll(async () => {
  adminCookie = (await signedInAdmin(t)).cookie;
});

const post = (cookie: string, path: string, body: unknown = {}) => send(t.app, 'POST', path, { body, cookie });
const assess = (cookie: string, number: string) => post(cookie, `/api/agent/trade-ins/${number}/assess`);
const offer = (cookie: string, number: string, amount = 4800, notes = '') =>
  post(cookie, `/api/agent/trade-ins/${number}/offer`, { amount, notes });
const statusOf = async (number: string) =>
  (await t.db.select().from(tradeIns).where(eq(tradeIns.transactionNumber, number)))[0]!.status;
/** A new signed-in agent holding one trade-in in `status`. */
async function agentHolding(status: string, values: Partial<Parameters<typeof insertTradeIn>[1]> = {}) {
  const agent = await signedInAgent(t);
  const row = await insertTradeIn(t, { status, agentId: agent.id, ...values });
  return { agent, row, number: row.transactionNumber };
}
const summaryOf = async (cookie: string) => {
  const res = await send(t.app, 'GET', '/api/agent/summary', { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AgentSummary;
};

describe('GET /api/agent/summary', () => {
  it('counts assigned, awaiting assessment, offers made and completed for this agent alone, trade-ins and pickups', async () => {
    const agent = await signedInAgent(t);
    const other = await signedInAgent(t);
    // One of each status an agent's trade-in rests in, and a second waiting for its assessment.
    const statuses = [...AGENT_SALE_STATUSES, 'Assigned to Agent'];
    for (const status of statuses) await insertTradeIn(t, { status, agentId: agent.id });
    await insertTradeIn(t, { status: 'Assigned to Agent', agentId: other.id });
    await insertTradeIn(t, { status: 'Confirmed', agentId: null });
    const open = await bookFor(t, agent.id, { pickupDate: '2026-11-24', pickupTime: '10:00 AM' });
    const done = await bookFor(t, agent.id, { pickupDate: '2026-11-24', pickupTime: '11:00 AM' });
    for (const status of ['picked_up', 'in_repair', 'ready', 'returned']) {
      expect((await post(agent.cookie, `/api/agent/repairs/${done}/status`, { status })).statusCode).toBe(200);
    }
    expect(open).not.toBe(done);

    // Assigned is the work still open: Assigned to Agent (2), Device Assessed, Awaiting Offer and Offer Made, and the
    // pickup not yet returned.
    expect(await summaryOf(agent.cookie)).toEqual({
      assigned: 6,
      awaitingAssessment: 2,
      offersMade: 1,
      completed: 6,
      tradeIns: { assigned: 5, completed: 5 },
      pickups: { assigned: 1, completed: 1 },
      collections: { assigned: 0, completed: 0 },
    });
    expect(await summaryOf(other.cookie)).toMatchObject({
      assigned: 1,
      awaitingAssessment: 1,
      completed: 0,
      pickups: { assigned: 0, completed: 0 },
    });
  });

  it('follows the agent’s moves: assessing leaves Awaiting Assessment, an offer is counted and assigned until it is answered', async () => {
    const { agent, number } = await agentHolding('Assigned to Agent', { customerEmail: 'lindiwe@example.com' });
    expect(await summaryOf(agent.cookie)).toMatchObject({ assigned: 1, awaitingAssessment: 1, offersMade: 0 });
    await assess(agent.cookie, number);
    expect(await summaryOf(agent.cookie)).toMatchObject({ assigned: 1, awaitingAssessment: 0, offersMade: 0 });
    await offer(agent.cookie, number);
    expect(await summaryOf(agent.cookie)).toMatchObject({ offersMade: 1, completed: 0 });
    const declined = await send(t.app, 'POST', `/api/trade-ins/${number}/decline`, {
      body: { token: await offerLinkToken(t, number) },
      headers: { 'x-forwarded-for': newAddress() },
    });
    expect(declined.statusCode).toBe(200);
    expect(await summaryOf(agent.cookie)).toMatchObject({ assigned: 0, offersMade: 0, completed: 1 });
  });
});

describe('GET /api/agent/trade-ins', () => {
  it('shows the customer by first name only: never their email, phone or address', async () => {
    const agent = await signedInAgent(t);
    await insertTradeIn(t, {
      status: 'Assigned to Agent',
      agentId: agent.id,
      customerName: 'Thandi Nkosi',
      imei: '490154203237518',
    });
    const res = await send(t.app, 'GET', '/api/agent/trade-ins', { cookie: agent.cookie });
    expect(res.statusCode).toBe(200);
    const [card] = res.json().items as AgentTradeIn[];
    expect(Object.keys(card!).sort()).toEqual(
      [
        'transactionNumber',
        'customerFirstName',
        'deviceInfo',
        'deviceType',
        'brand',
        'model',
        'storage',
        'ram',
        'color',
        'condition',
        'imei',
        'status',
        'estimatedValue',
        'offeredAmount',
        'assessmentNotes',
        'submittedDate',
        'photos',
      ].sort(),
    );
    expect(card).toMatchObject({
      customerFirstName: 'Thandi',
      deviceInfo: 'Samsung Galaxy S21',
      condition: 'good',
      estimatedValue: 5000,
      imei: '490154203237518',
      photos: [],
    });
  });

  it('filters by status and pages on the server, newest first', async () => {
    const agent = await signedInAgent(t);
    const made: string[] = [];
    for (const status of ['Assigned to Agent', 'Awaiting Offer', 'Assigned to Agent'] as const) {
      t.clock.advance(60_000);
      const row = await insertTradeIn(t, { status, agentId: agent.id, createdAt: t.clock.now() });
      made.push(row.transactionNumber);
    }
    const page = async (query: string) => {
      const res = await send(t.app, 'GET', `/api/agent/trade-ins?${query}`, { cookie: agent.cookie });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      return { ...body, items: body.items.map((i: AgentTradeIn) => i.transactionNumber) };
    };
    expect(await page('pageSize=2')).toEqual({ items: [made[2], made[1]], total: 3, page: 1, pageSize: 2 });
    expect(await page('pageSize=2&page=2')).toEqual({ items: [made[0]], total: 3, page: 2, pageSize: 2 });
    expect(await page('status=Assigned%20to%20Agent')).toMatchObject({ items: [made[2], made[0]], total: 2 });
    expect(await page('status=Awaiting%20Offer')).toMatchObject({ items: [made[1]], total: 1 });
    const bad = await send(t.app, 'GET', '/api/agent/trade-ins?status=Lost', { cookie: agent.cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ status: 'Choose a status from the list' });
  });
});

describe('the status rules of the agent’s moves', () => {
  it.each(['assess', 'offer'] as const)(
    'lets %s start only from its statuses and refuses every other with 409 and the reason',
    async (move) => {
      const agent = await signedInAgent(t);
      const from: readonly string[] = TRADE_IN_MOVES[move].from;
      for (const status of AGENT_SALE_STATUSES) {
        const { transactionNumber: number } = await insertTradeIn(t, { status, agentId: agent.id });
        const res = move === 'assess' ? await assess(agent.cookie, number) : await offer(agent.cookie, number);
        if (from.includes(status)) {
          expect(res.statusCode, `${move} from ${status}`).toBe(200);
          expect(await statusOf(number)).toBe(TRADE_IN_MOVES[move].to);
        } else {
          expect(res.statusCode, `${move} from ${status}`).toBe(409);
          expect(res.json().error).toEqual({ code: 'CONFLICT', message: moveRefusal(move, status) });
          expect(await statusOf(number)).toBe(status);
        }
      }
    },
  );

  it('refuses a trade-in no agent or another agent holds with 403, before looking at its status', async () => {
    const agent = await signedInAgent(t);
    const other = await signedInAgent(t);
    const theirs = await insertTradeIn(t, { status: 'Offer Made', agentId: other.id });
    const nobodys = await insertTradeIn(t, { status: 'Confirmed', agentId: null });
    for (const number of [theirs.transactionNumber, nobodys.transactionNumber]) {
      for (const res of [await assess(agent.cookie, number), await offer(agent.cookie, number)]) {
        expectError(res, 403, { code: 'FORBIDDEN', message: 'This trade-in is assigned to another agent' });
      }
    }
  });
});

describe('two tabs or two people acting at once', () => {
  it('assesses once when two tabs press Mark as Assessed together', async () => {
    const { agent, row } = await agentHolding('Assigned to Agent');
    const replies = await Promise.all([
      assess(agent.cookie, row.transactionNumber),
      assess(agent.cookie, row.transactionNumber),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const history = await t.db.select().from(tradeInStatusHistory).where(eq(tradeInStatusHistory.tradeInId, row.id));
    expect(history.map((h) => h.status)).toEqual(['Device Assessed']);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, row.transactionNumber));
    expect(audit.map((a) => a.action)).toEqual(['trade_in.assess']);
  });

  it('orders the agent’s move and the admin’s reassignment: either the assessed trade-in is handed over, or the old agent gets 403', async () => {
    const { agent, row, number } = await agentHolding('Assigned to Agent');
    const next = await signedInAgent(t);
    const [assessed, reassigned] = await Promise.all([
      assess(agent.cookie, number),
      post(adminCookie, `/api/admin/trade-ins/${number}/assign`, { agentId: next.id }),
    ]);
    const [after] = await t.db.select().from(tradeIns).where(eq(tradeIns.id, row.id));
    if (assessed.statusCode === 200) {
      // An assessed trade-in can be handed over (reassignTradeIn): the status stays.
      expect(reassigned.statusCode).toBe(200);
      expect(after).toMatchObject({ status: 'Device Assessed', agentId: next.id });
    } else {
      expect(reassigned.statusCode).toBe(200);
      expect(assessed.statusCode).toBe(403);
      expect(after).toMatchObject({ status: 'Assigned to Agent', agentId: next.id });
    }
  });
});

describe('the audit trail of an agent’s moves', () => {
  it('records who, what, when, from where, and the trade-in before and after each move', async () => {
    const { agent, number } = await agentHolding('Assigned to Agent');
    const address = newAddress();
    const as = { cookie: agent.cookie, headers: { 'x-forwarded-for': address } };
    await send(t.app, 'POST', `/api/agent/trade-ins/${number}/assess`, { ...as, body: {} });
    t.clock.advance(5 * 60_000);
    await send(t.app, 'POST', `/api/agent/trade-ins/${number}/offer`, { ...as, body: { amount: 5200, notes: 'Mint' } });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, number)).orderBy(auditLog.id);
    const before = { agentId: agent.id, offeredAmount: null, assessmentNotes: null };
    expect(audit.map((a) => [a.action, a.actorId, a.actorRole, a.ip, a.entityType, a.before, a.after])).toEqual([
      [
        'trade_in.assess',
        agent.id,
        'agent',
        address,
        'trade_in',
        { ...before, status: 'Assigned to Agent' },
        { ...before, status: 'Device Assessed' },
      ],
      [
        'trade_in.offer',
        agent.id,
        'agent',
        address,
        'trade_in',
        { ...before, status: 'Device Assessed' },
        { agentId: agent.id, status: 'Offer Made', offeredAmount: 5200, assessmentNotes: 'Mint' },
      ],
    ]);
    expect(audit[1]!.createdAt.getTime() - audit[0]!.createdAt.getTime()).toBe(5 * 60_000);
  });

  it('records the agent’s own profile, picture and password changes, never the password', async () => {
    const agent = await signedInAgent(t);
    const profile = await send(t.app, 'PUT', '/api/account/profile', {
      cookie: agent.cookie,
      body: { name: 'Sarah M. Mitchell', email: `${agent.username}@quickbuy.co.za` },
    });
    expect(profile.json().message).toBe('Profile updated successfully!');
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const picture = await send(t.app, 'POST', '/api/account/profile/picture', {
      cookie: agent.cookie,
      body: png,
      headers: { 'content-type': 'image/png' },
    });
    expect(picture.json().message).toBe('Profile updated successfully!');
    const password = await post(agent.cookie, '/api/account/password', {
      currentPassword: AGENT_PASSWORD,
      newPassword: 'Lions-Head-2026',
      confirmPassword: 'Lions-Head-2026',
    });
    expect(password.json()).toEqual({ message: 'Password changed successfully!' });

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.actorId, agent.id)).orderBy(auditLog.id);
    // The first entry is their first sign-in's: setting up the authenticator.
    expect(audit.map((a) => [a.action, a.entityType, a.entityId])).toEqual([
      ['agent.mfa_enrol', 'agent', agent.id],
      ['profile.update', 'agent', agent.id],
      ['profile.picture', 'agent', agent.id],
      ['profile.password', 'agent', agent.id],
    ]);
    expect(audit[2]!.after).toEqual({ profilePicture: picture.json().profile.profilePicture });
    expect(JSON.stringify(audit[3])).not.toContain('Lions-Head-2026');
  });
});

describe('POST /api/agent/trade-ins/:number/offer, the email', () => {
  it('goes to the customer with the amount, the notes and the links to accept or decline', async () => {
    const { agent, number } = await agentHolding('Awaiting Offer', { customerEmail: 'naledi@example.com' });
    const res = await offer(agent.cookie, number, 7300, 'Battery at 91%');
    expect(res.json()).toMatchObject({
      message: 'Offer of R7300 submitted successfully',
      tradeIn: { status: 'Offer Made', offeredAmount: 7300, customerFirstName: 'Lindiwe' },
    });
    expect(res.json().tradeIn.customerEmail).toBeUndefined();
    const [email] = await emailsAbout(t, number, 'trade_in_offer');
    expect(email!.to).toBe('naledi@example.com');
    expect(email!.text).toContain('R7,300');
    expect(email!.text).toContain('Battery at 91%');
    expect(email!.text).toMatch(/Accept Offer: \S+answer=accept/);
    expect(email!.text).toMatch(/Decline Offer: \S+answer=decline/);
  });
});

describe('an inactive agent', () => {
  it('cannot sign in, and an open session ends at its next request', async () => {
    const agent = await signedInAgent(t);
    expect((await send(t.app, 'GET', '/api/agent/summary', { cookie: agent.cookie })).statusCode).toBe(200);
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.id, agent.id));

    const res = await send(t.app, 'GET', '/api/agent/summary', { cookie: agent.cookie });
    expectError(res, 401, { code: 'UNAUTHORIZED', message: 'Please sign in' });
    expect(res.cookies.find((c) => c.name === 'qb_session')?.value).toBe('');
    const signIn = await send(t.app, 'POST', '/api/auth/agent/signin', {
      body: { username: agent.username, password: AGENT_PASSWORD },
      headers: { 'x-forwarded-for': newAddress() },
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().error.message).toBe('Invalid agent credentials. Please check your username and password.');
  });
});

describe('the agent routes', () => {
  it('answer anonymous callers 401 and customers and the admin 403', async () => {
    const customer = await signUpCustomer(t);
    for (const url of ['/api/agent/summary', '/api/agent/trade-ins', '/api/agent/repairs']) {
      expect((await send(t.app, 'GET', url, { cookie: customer.cookie })).statusCode, url).toBe(403);
      expect((await send(t.app, 'GET', url, { cookie: adminCookie })).statusCode, url).toBe(403);
      expect((await send(t.app, 'GET', url)).statusCode, url).toBe(401);
    }
  });
});
