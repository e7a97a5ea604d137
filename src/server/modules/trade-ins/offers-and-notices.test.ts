import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TrackReply } from '../../../shared/tracking';
import { outboxEmails } from '../../db/schema';
import { seedTradeInQuotes } from '../../seed/trade-in-quotes';
import { createAgent, signedInAdmin } from '../../../../tests/support/accounts';
import { nextAddress } from '../../../../tests/support/checkout';
import { expectError } from '../../../../tests/support/errors';
import { emailsAbout } from '../../../../tests/support/mail';
import { sellForm } from '../../../../tests/support/sell-form';
import { send, useTestApp, type TestApp } from '../../../../tests/support/test-app';
import {
  auditOf,
  bank,
  historyOf,
  insertTradeIn,
  linkTokenIn,
  offerLinkToken,
  rowOf,
  useTradeInTeam,
} from '../../../../tests/support/trade-ins';

/*
 * Offers outside the estimate's sane range need a second yes, an offer can be revised until
 * the seller answers (the old link dies), the agents given and relieved of a trade-in and the admin
 * are emailed, and the track page's timeline tells skipped steps from upcoming ones.
 */

const t = useTestApp();
const team = useTradeInTeam(t);

const post = (cookie: string | undefined, path: string, body: unknown = {}) =>
  send(t.app, 'POST', path, { body, cookie, headers: { 'x-forwarded-for': nextAddress() } });

/** A trade-in with a R10,450 estimate, assigned to `agent` and ready for an offer. */
const assigned = async (estimatedValue = 10_450) =>
  (
    await insertTradeIn(t, {
      status: 'Assigned to Agent',
      agentId: team.agent.id,
      estimatedValue,
      customerEmail: 'lindiwe@example.com',
    })
  ).transactionNumber;

const offer = (number: string, body: object, cookie = team.agent.cookie) =>
  post(cookie, `/api/agent/trade-ins/${number}/offer`, body);
const revise = (number: string, body: object, cookie = team.agent.cookie) =>
  post(cookie, `/api/agent/trade-ins/${number}/revise-offer`, body);

const emailsOf = (number: string, kind: string) => emailsAbout(t, number, kind);

describe('an offer outside 30%-150% of the estimate', () => {
  it.each([
    [3134, 29],
    [15_676, 151],
    [25_000, 240],
  ])(
    'refuses R%s on R10,450 without the confirmation, saying the share (%s%%) and the range',
    async (amount, percent) => {
      const number = await assigned();
      const res = await offer(number, { amount });
      const message = `This offer is ${percent}% of the estimate; an offer below 30% or above 150% of the estimate needs your confirmation`;
      expectError(res, 400, { code: 'VALIDATION_FAILED', message, fields: { confirmOutOfRange: message } });
      expect(await rowOf(t, number)).toMatchObject({ status: 'Assigned to Agent', offeredAmount: null });
      expect(await emailsOf(number, 'trade_in_offer')).toHaveLength(0);
    },
  );

  it('takes it with confirmOutOfRange, and the audit entry keeps the estimate, the share and the confirmation', async () => {
    const number = await assigned();
    const res = await offer(number, { amount: 25_000, confirmOutOfRange: true });
    expect(res.statusCode, res.body).toBe(200);
    expect((await rowOf(t, number)).offeredAmount).toBe(25_000);
    expect((await auditOf(t, number)).at(-1)).toMatchObject({
      action: 'trade_in.offer',
      details: { estimatedValue: 10_450, percentOfEstimate: 240, confirmedOutOfRange: true },
    });
  });

  it.each([3135, 15_675])('takes exactly 30%% and 150%% (R%s) without the confirmation', async (amount) => {
    const number = await assigned();
    const res = await offer(number, { amount });
    expect(res.statusCode, res.body).toBe(200);
    expect((await rowOf(t, number)).offeredAmount).toBe(amount);
  });
});

describe('POST /api/agent/trade-ins/:number/revise-offer', () => {
  /** An offer of R9,000 made; returns the token of its email's links. */
  async function offered() {
    const number = await assigned();
    expect((await offer(number, { amount: 9000, notes: 'Battery at 88%' })).statusCode).toBe(200);
    const [email] = await emailsOf(number, 'trade_in_offer');
    return { number, oldToken: linkTokenIn(email!) };
  }

  it('replaces the amount and notes, keeps both offers in the history, audits it and emails a new link', async () => {
    const { number } = await offered();
    t.clock.advance(60_000);
    const res = await revise(number, { amount: 8500, notes: 'Back glass cracked' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Offer revised to R8500; the seller was emailed a new link',
      tradeIn: { status: 'Offer Made', offeredAmount: 8500, assessmentNotes: 'Back glass cracked' },
    });
    const offers = (await historyOf(t, number)).filter((h) => h.status === 'Offer Made');
    expect(offers.map((h) => [h.description, h.actorId])).toEqual([
      ['Offer submitted and awaiting customer response', team.agent.id],
      ['Offer revised by Sarah Mitchell from R9,000 to R8,500', team.agent.id],
    ]);
    expect((await auditOf(t, number)).at(-1)).toMatchObject({
      action: 'trade_in.revise_offer',
      actorId: team.agent.id,
      before: { status: 'Offer Made', offeredAmount: 9000, assessmentNotes: 'Battery at 88%' },
      after: { status: 'Offer Made', offeredAmount: 8500, assessmentNotes: 'Back glass cracked' },
      details: { previousAmount: 9000, percentOfEstimate: 81 },
    });
    const [email] = await emailsOf(number, 'trade_in_offer_revised');
    expect(email).toMatchObject({ to: 'lindiwe@example.com', containsSecret: true });
    expect(email!.text).toContain('revised the offer for your Samsung Galaxy S21 from R9,000 to R8,500');
    expect(email!.text).toContain('The links of our earlier offer email no longer work');
  });

  it("voids the first email's link: it is refused with the reason, the new one accepts the revised offer", async () => {
    const { number, oldToken } = await offered();
    expect((await revise(number, { amount: 8500 })).statusCode).toBe(200);
    const [email] = await emailsOf(number, 'trade_in_offer_revised');
    const newToken = linkTokenIn(email!);
    expect(newToken).not.toBe(oldToken);
    const old = await post(undefined, `/api/trade-ins/${number}/accept`, { token: oldToken, ...bank });
    expectError(old, 403, {
      code: 'FORBIDDEN',
      message: 'This link is no longer valid: use the newest link we emailed you, or ask for a new link.',
    });
    expect((await rowOf(t, number)).status).toBe('Offer Made');
    // Asking for the link afterwards sends the revised offer's, never the void one.
    expect((await post(undefined, `/api/trade-ins/${number}/link`, {})).statusCode).toBe(202);
    const [asked] = await emailsOf(number, 'trade_in_link');
    expect(linkTokenIn(asked!)).toBe(newToken);
    const accepted = await post(undefined, `/api/trade-ins/${number}/accept`, { token: newToken, ...bank });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().tradeIn).toMatchObject({ status: 'Awaiting Payment', offeredAmount: 8500 });
  });

  it('needs the same confirmation out of range', async () => {
    const { number } = await offered();
    const res = await revise(number, { amount: 2000 });
    expect(res.json().error.fields).toEqual({
      confirmOutOfRange:
        'This offer is 19% of the estimate; an offer below 30% or above 150% of the estimate needs your confirmation',
    });
    expect((await revise(number, { amount: 2000, confirmOutOfRange: true })).statusCode).toBe(200);
  });

  it('is 409 once the seller answered, saying why, and changes nothing', async () => {
    const { number, oldToken } = await offered();
    expect((await post(undefined, `/api/trade-ins/${number}/decline`, { token: oldToken })).statusCode).toBe(200);
    const res = await revise(number, { amount: 9500 });
    expectError(res, 409, {
      code: 'CONFLICT',
      message:
        'This trade-in is Offer Declined; an offer can only be revised before the seller answers it, in Offer Made',
    });
    expect((await rowOf(t, number)).offeredAmount).toBe(9000);
    expect(await emailsOf(number, 'trade_in_offer_revised')).toHaveLength(0);
  });

  it("refuses another agent's trade-in (403) and one with no offer yet (409)", async () => {
    const { number } = await offered();
    expectError(await revise(number, { amount: 9500 }, team.otherAgent.cookie), 403, {
      code: 'FORBIDDEN',
      message: 'This trade-in is assigned to another agent',
    });
    expectError(await revise(await assigned(), { amount: 9500 }), 409, {
      code: 'CONFLICT',
      message:
        'This trade-in is Assigned to Agent; an offer can only be revised before the seller answers it, in Offer Made',
    });
    expect((await rowOf(t, number)).offeredAmount).toBe(9000);
  });
});

describe('agent emails on assignment', () => {
  const assign = (number: string, agentId: string) =>
    post(team.adminCookie, `/api/admin/trade-ins/${number}/assign`, { agentId });

  it('tells the agent a trade-in is theirs, and when reassigned tells the old agent it was taken away', async () => {
    const first = await createAgent(t);
    const second = await createAgent(t);
    const { transactionNumber: number } = await insertTradeIn(t, { status: 'Confirmed', agentId: null });
    expect((await assign(number, first.id)).statusCode).toBe(200);
    const [given] = await emailsOf(number, 'trade_in_agent_assigned');
    expect(given).toMatchObject({ to: first.email, subject: `Trade-in assigned to you: ${number}` });
    expect(given!.text).toContain('http://localhost:3000/agent-dashboard');
    expect(given!.text).not.toContain('seller@example.co.za');

    t.clock.advance(1000);
    expect((await assign(number, second.id)).statusCode).toBe(200);
    const assignedMails = await emailsOf(number, 'trade_in_agent_assigned');
    expect(assignedMails.map((e) => e.to)).toEqual([first.email, second.email]);
    const taken = await emailsOf(number, 'trade_in_agent_unassigned');
    expect(taken).toHaveLength(1);
    expect(taken[0]).toMatchObject({ to: first.email, subject: `Trade-in taken off your list: ${number}` });
    expect(taken[0]!.text).toContain('was given to another agent');
  });

  it('hands over a trade-in awaiting its offer without moving its status, audited, both agents emailed', async () => {
    const first = await createAgent(t);
    const second = await createAgent(t);
    const { transactionNumber: number } = await insertTradeIn(t, { status: 'Awaiting Offer', agentId: first.id });
    const res = await assign(number, second.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowOf(t, number)).toMatchObject({ status: 'Awaiting Offer', agentId: second.id });
    expect((await historyOf(t, number)).at(-1)).toMatchObject({
      status: 'Awaiting Offer',
      description: 'Another agent now handles your trade-in',
    });
    expect((await auditOf(t, number)).at(-1)).toMatchObject({
      action: 'trade_in.reassign',
      before: { agentId: first.id },
      after: { agentId: second.id },
    });
    expect((await emailsOf(number, 'trade_in_agent_assigned')).map((e) => e.to)).toEqual([second.email]);
    expect((await emailsOf(number, 'trade_in_agent_unassigned')).map((e) => e.to)).toEqual([first.email]);
  });

  it('refuses a trade-in the seller already answered (409) and emails nobody', async () => {
    const first = await createAgent(t);
    const second = await createAgent(t);
    const { transactionNumber: number } = await insertTradeIn(t, { status: 'Awaiting Payment', agentId: first.id });
    expectError(await assign(number, second.id), 409, {
      code: 'CONFLICT',
      message:
        'This trade-in is Awaiting Payment; it can only be given to an agent in Confirmed, Assigned to Agent, Device Assessed, Awaiting Offer or Offer Made',
    });
    expect(await emailsOf(number, 'trade_in_agent_assigned')).toHaveLength(0);
    expect((await rowOf(t, number)).agentId).toBe(first.id);
  });

  it('emails no one when the trade-in is given to the agent who has it', async () => {
    const first = await createAgent(t);
    const { transactionNumber: number } = await insertTradeIn(t, { status: 'Assigned to Agent', agentId: first.id });
    expect((await assign(number, first.id)).statusCode).toBe(200);
    expect(await emailsOf(number, 'trade_in_agent_assigned')).toHaveLength(0);
  });
});

/** Submits the sell form; returns the new number. */
async function sell(app: TestApp) {
  app.clock.advance(1000);
  const res = await send(app.app, 'POST', '/api/trade-ins', {
    body: sellForm(),
    headers: { 'x-forwarded-for': nextAddress() },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().transactionNumber as string;
}

describe("the admin's email per new trade-in", () => {
  it('goes to the first admin (ADMIN_NOTIFY_EMAIL unset), once, with the device, the estimate and a link to the trade-in', async () => {
    const number = await sell(t);
    const mails = await emailsOf(number, 'trade_in_admin_new');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: team.adminEmail,
      subject: expect.stringContaining(`New trade-in ${number}: `),
    });
    expect(mails[0]!.text).toContain(`http://localhost:3000/admin?tab=transactions&q=${number}&open=${number}`);
  });

  describe('with ADMIN_NOTIFY_EMAIL set', () => {
    const own = useTestApp({ ADMIN_NOTIFY_EMAIL: 'ops@quickbuy.test' });
    beforeAll(() => seedTradeInQuotes(own.db));
    it('goes to that address', async () => {
      const number = await sell(own);
      const mails = await own.db.select().from(outboxEmails).where(eq(outboxEmails.entityId, number));
      expect(mails.filter((e) => e.kind === 'trade_in_admin_new').map((e) => e.to)).toEqual(['ops@quickbuy.test']);
    });
  });

  describe('with ADMIN_NOTIFY_EMAIL=off', () => {
    const off = useTestApp({ ADMIN_NOTIFY_EMAIL: 'off' });
    beforeAll(async () => {
      await seedTradeInQuotes(off.db);
      await signedInAdmin(off);
    });
    it('is not sent; the seller still gets theirs', async () => {
      const number = await sell(off);
      const mails = await off.db.select().from(outboxEmails).where(eq(outboxEmails.entityId, number));
      expect(mails.map((e) => e.kind)).toEqual(['trade_in_submitted']);
    });
  });
});

describe('the track page timeline of a trade-in', () => {
  const timelineOf = async (number: string) => {
    const res = await send(t.app, 'GET', `/api/track/${number}`);
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json() as TrackReply;
    if (reply.kind !== 'trade-in') throw new Error('not a trade-in');
    return reply.tradeIn.timeline.map((s) => [s.status, s.state, s.date, s.current]);
  };

  it('shows steps never reached under a later one as skipped, later ones upcoming, each done step once at its first time', async () => {
    const number = await sell(t);
    const submitted = t.clock.now().toISOString();
    await post(team.adminCookie, `/api/admin/trade-ins/${number}/confirm`);
    t.clock.advance(60_000);
    const assignedAt = t.clock.now().toISOString();
    await post(team.adminCookie, `/api/admin/trade-ins/${number}/assign`, { agentId: team.agent.id });
    t.clock.advance(60_000);
    const offeredAt = t.clock.now().toISOString();
    expect((await offer(number, { amount: 4000, confirmOutOfRange: true })).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await revise(number, { amount: 4100, confirmOutOfRange: true })).statusCode).toBe(200);
    expect(await timelineOf(number)).toEqual([
      ['Awaiting Confirmation', 'done', submitted, false],
      ['Confirmed', 'done', submitted, false],
      ['Assigned to Agent', 'done', assignedAt, false],
      ['Device Assessed', 'skipped', null, false],
      ['Awaiting Offer', 'skipped', null, false],
      ['Offer Made', 'done', offeredAt, true],
      ['Awaiting Payment', 'upcoming', null, false],
      ['Paid', 'upcoming', null, false],
    ]);
  });

  it('shows an assessed trade-in resting in Device Assessed, and Awaiting Offer passed once the offer is made', async () => {
    const number = await sell(t);
    await post(team.adminCookie, `/api/admin/trade-ins/${number}/confirm`);
    await post(team.adminCookie, `/api/admin/trade-ins/${number}/assign`, { agentId: team.agent.id });
    t.clock.advance(60_000);
    const assessedAt = t.clock.now().toISOString();
    expect((await post(team.agent.cookie, `/api/agent/trade-ins/${number}/assess`)).statusCode).toBe(200);
    const resting = await timelineOf(number);
    expect(resting[3]).toEqual(['Device Assessed', 'done', assessedAt, true]);
    expect(resting[4]).toEqual(['Awaiting Offer', 'upcoming', null, false]);
    t.clock.advance(60_000);
    expect((await offer(number, { amount: 4000, confirmOutOfRange: true })).statusCode).toBe(200);
    const offered = await timelineOf(number);
    expect(offered.slice(3, 6)).toEqual([
      ['Device Assessed', 'done', assessedAt, false],
      ['Awaiting Offer', 'skipped', null, false],
      ['Offer Made', 'done', t.clock.now().toISOString(), true],
    ]);
  });

  it("ends a declined offer's timeline with the device's way back, done once the store records it", async () => {
    const number = await sell(t);
    await post(team.adminCookie, `/api/admin/trade-ins/${number}/confirm`);
    await post(team.adminCookie, `/api/admin/trade-ins/${number}/assign`, { agentId: team.agent.id });
    expect((await offer(number, { amount: 4000, confirmOutOfRange: true })).statusCode).toBe(200);
    const declined = await send(t.app, 'POST', `/api/trade-ins/${number}/decline`, {
      body: { token: await offerLinkToken(t, number) },
    });
    expect(declined.statusCode).toBe(200);
    const statesOf = async () => (await timelineOf(number)).slice(-3).map(([status, state]) => [status, state]);
    expect(await statesOf()).toEqual([
      ['Offer Made', 'done'],
      ['Offer Declined', 'done'],
      ['Device Returned', 'upcoming'],
    ]);
    t.clock.advance(60_000);
    expect((await post(team.adminCookie, `/api/admin/trade-ins/${number}/return-device`, {})).statusCode).toBe(200);
    expect((await timelineOf(number)).at(-1)).toEqual(['Device Returned', 'done', t.clock.now().toISOString(), true]);
  });

  it('keeps steps not yet reached upcoming while the assessment waits', async () => {
    const number = await sell(t);
    await post(team.adminCookie, `/api/admin/trade-ins/${number}/confirm`);
    await post(team.adminCookie, `/api/admin/trade-ins/${number}/assign`, { agentId: team.agent.id });
    const steps = await timelineOf(number);
    expect(steps.map(([status, state]) => [status, state])).toEqual([
      ['Awaiting Confirmation', 'done'],
      ['Confirmed', 'done'],
      ['Assigned to Agent', 'done'],
      ['Device Assessed', 'upcoming'],
      ['Awaiting Offer', 'upcoming'],
      ['Offer Made', 'upcoming'],
      ['Awaiting Payment', 'upcoming'],
      ['Paid', 'upcoming'],
    ]);
  });
});
