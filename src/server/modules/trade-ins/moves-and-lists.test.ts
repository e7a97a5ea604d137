import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OFFER_LINK_DAYS, type StaffTradeIn } from '../../../shared/trade-ins';
import { tradeIns, users } from '../../db/schema';
import { createAgent, signUpCustomer } from '../../../../tests/support/accounts';
import { TINY_WEBP } from '../../../../tests/support/devices';
import { expectError } from '../../../../tests/support/errors';
import { send, useTestApp } from '../../../../tests/support/test-app';
import * as tradeIn from '../../../../tests/support/trade-ins';

/*
 * The staff's moves (the admin confirms and assigns, the agent assesses and offers, the admin records a declined
 * device returned), then the lists. The lists share this file because they count what the moves left in its
 * database: the admin's list more trade-ins than its first test sells, the customer's test three agents, the
 * third the inactive one the assign test adds.
 */

const t = useTestApp();
const team = tradeIn.useTradeInTeam(t);

const tradeInsInDatabase = async () => (await t.db.select({ id: tradeIns.id }).from(tradeIns)).length;

describe('POST /api/admin/trade-ins/:number/confirm', () => {
  it('confirms once, with history, audit and email; a second time is 409', async () => {
    const number = await tradeIn.sell(t);
    const res = await tradeIn.staff(t, team.adminCookie, `/api/admin/trade-ins/${number}/confirm`);
    expect(res.statusCode).toBe(200);
    expect(res.json().tradeIn).toMatchObject({ transactionNumber: number, status: 'Confirmed' });
    await tradeIn.expectLatestStep(t, number, {
      history: {
        status: 'Confirmed',
        description: 'Submission confirmed by our team',
      },
      audit: { action: 'trade_in.confirm', actorRole: 'admin' },
    });
    expect((await tradeIn.emailOf(t, number, 'trade_in_confirmed')).subject).toBe(`${number}: Confirmed`);
    const again = await tradeIn.staff(t, team.adminCookie, `/api/admin/trade-ins/${number}/confirm`);
    expectError(again, 409, {
      code: 'CONFLICT',
      message: 'This trade-in is Confirmed; it can only be confirmed from Awaiting Confirmation',
    });
  });

  it('is the admin alone: 401 anonymous, 403 for an agent or a customer', async () => {
    const number = await tradeIn.sell(t);
    const { cookie } = await signUpCustomer(t);
    expect((await send(t.app, 'POST', `/api/admin/trade-ins/${number}/confirm`)).statusCode).toBe(401);
    expect((await tradeIn.staff(t, team.agent.cookie, `/api/admin/trade-ins/${number}/confirm`)).statusCode).toBe(403);
    expect((await tradeIn.staff(t, cookie, `/api/admin/trade-ins/${number}/confirm`)).statusCode).toBe(403);
    expect((await tradeIn.rowOf(t, number)).status).toBe('Awaiting Confirmation');
  });

  it('answers an unknown number with 404', async () => {
    const res = await tradeIn.staff(t, team.adminCookie, '/api/admin/trade-ins/TXN1/confirm');
    expectError(res, 404, tradeIn.TRADE_IN_NOT_FOUND);
  });
});

describe('POST /api/admin/trade-ins/:number/assign', () => {
  it('assigns an active agent, with history, the audit entry and the customer emailed', async () => {
    const number = await tradeIn.sell(t);
    await tradeIn.staff(t, team.adminCookie, `/api/admin/trade-ins/${number}/confirm`);
    const res = await tradeIn.staff(t, team.adminCookie, `/api/admin/trade-ins/${number}/assign`, {
      agentId: team.agent.id,
    });
    tradeIn.expectMoved(res, 'Assigned to Sarah Mitchell', {
      status: 'Assigned to Agent',
      agentId: team.agent.id,
      agentName: 'Sarah Mitchell',
    });
    await tradeIn.expectLatestStep(t, number, {
      history: { status: 'Assigned to Agent' },
      audit: {
        action: 'trade_in.assign',
        actorRole: 'admin',
        before: { status: 'Confirmed', agentId: null },
        after: { status: 'Assigned to Agent', agentId: team.agent.id },
        details: { agentName: 'Sarah Mitchell' },
      },
    });
    const email = await tradeIn.emailOf(t, number, 'trade_in_assigned_to_agent');
    expect(email).toMatchObject({ to: 'lindiwe@example.com', subject: `${number}: Assigned to Agent` });
    expect(email.text).toContain(`/track?number=${number}`);
  });

  it('refuses an inactive agent and a trade-in not yet confirmed', async () => {
    const number = await tradeIn.sell(t);
    const inactive = await createAgent(t, undefined, 'inactive');
    const early = await tradeIn.staff(t, team.adminCookie, `/api/admin/trade-ins/${number}/assign`, {
      agentId: team.agent.id,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(
      'This trade-in is Awaiting Confirmation; it can only be given to an agent in Confirmed, Assigned to Agent, Device Assessed, Awaiting Offer or Offer Made',
    );
    await tradeIn.staff(t, team.adminCookie, `/api/admin/trade-ins/${number}/confirm`);
    const res = await tradeIn.staff(t, team.adminCookie, `/api/admin/trade-ins/${number}/assign`, {
      agentId: inactive.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ agentId: 'Choose an active agent' });
    expect((await tradeIn.rowOf(t, number)).agentId).toBeNull();
  });
});

describe('POST /api/agent/trade-ins/:number/assess', () => {
  it('rests in Device Assessed, only from Assigned to Agent, audited', async () => {
    const number = await tradeIn.sell(t);
    await tradeIn.staff(t, team.adminCookie, `/api/admin/trade-ins/${number}/confirm`);
    await tradeIn.staff(t, team.adminCookie, `/api/admin/trade-ins/${number}/assign`, { agentId: team.agent.id });
    const res = await tradeIn.staff(t, team.agent.cookie, `/api/agent/trade-ins/${number}/assess`);
    tradeIn.expectMoved(res, 'Device marked as assessed', { status: 'Device Assessed' });
    expect((await tradeIn.rowOf(t, number)).status).toBe('Device Assessed');
    expect((await tradeIn.historyOf(t, number)).at(-1)).toMatchObject({
      status: 'Device Assessed',
      description: 'Device assessment completed',
      actorId: team.agent.id,
    });
    expect((await tradeIn.auditOf(t, number)).at(-1)).toMatchObject({
      action: 'trade_in.assess',
      actorId: team.agent.id,
      before: { status: 'Assigned to Agent' },
      after: { status: 'Device Assessed' },
    });
    const again = await tradeIn.staff(t, team.agent.cookie, `/api/agent/trade-ins/${number}/assess`);
    expectError(again, 409, {
      code: 'CONFLICT',
      message: 'This trade-in is Device Assessed; it can only be marked as assessed from Assigned to Agent',
    });
  });

  it("is found by the admin's Device Assessed filter", async () => {
    const number = await tradeIn.sell(t);
    await tradeIn.staff(t, team.adminCookie, `/api/admin/trade-ins/${number}/confirm`);
    await tradeIn.staff(t, team.adminCookie, `/api/admin/trade-ins/${number}/assign`, { agentId: team.agent.id });
    await tradeIn.staff(t, team.agent.cookie, `/api/agent/trade-ins/${number}/assess`);
    const res = await send(t.app, 'GET', '/api/admin/trade-ins?status=Device%20Assessed', { cookie: team.adminCookie });
    const items: StaffTradeIn[] = res.json().items;
    expect(items.map((i) => i.transactionNumber)).toContain(number);
    expect(items.every((i) => i.status === 'Device Assessed')).toBe(true);
  });

  it("refuses another agent's trade-in with 403 and changes nothing", async () => {
    const number = await tradeIn.sell(t);
    await tradeIn.staff(t, team.adminCookie, `/api/admin/trade-ins/${number}/confirm`);
    await tradeIn.staff(t, team.adminCookie, `/api/admin/trade-ins/${number}/assign`, { agentId: team.agent.id });
    const res = await tradeIn.staff(t, team.otherAgent.cookie, `/api/agent/trade-ins/${number}/assess`);
    expectError(res, 403, { code: 'FORBIDDEN', message: 'This trade-in is assigned to another agent' });
    expect((await tradeIn.rowOf(t, number)).status).toBe('Assigned to Agent');
  });

  it('is the agent alone', async () => {
    const number = await tradeIn.sell(t);
    expect((await tradeIn.staff(t, team.adminCookie, `/api/agent/trade-ins/${number}/assess`)).statusCode).toBe(403);
  });
});

describe('POST /api/agent/trade-ins/:number/offer', () => {
  it('makes an offer from Device Assessed and emails the amount, notes and signed links', async () => {
    const number = await tradeIn.sell(t);
    await tradeIn.staff(t, team.adminCookie, `/api/admin/trade-ins/${number}/confirm`);
    await tradeIn.staff(t, team.adminCookie, `/api/admin/trade-ins/${number}/assign`, { agentId: team.agent.id });
    await tradeIn.staff(t, team.agent.cookie, `/api/agent/trade-ins/${number}/assess`);
    const res = await tradeIn.staff(t, team.agent.cookie, `/api/agent/trade-ins/${number}/offer`, {
      amount: 6500,
      notes: 'Screen perfect',
    });
    tradeIn.expectMoved(res, 'Offer of R6500 submitted successfully', {
      status: 'Offer Made',
      offeredAmount: 6500,
      assessmentNotes: 'Screen perfect',
    });
    expect((await tradeIn.historyOf(t, number)).at(-1)).toMatchObject({
      status: 'Offer Made',
      description: 'Offer submitted and awaiting customer response',
    });
    const email = await tradeIn.emailOf(t, number, 'trade_in_offer');
    expect(email.containsSecret).toBe(true);
    expect(email.text).toContain('offers R6,500');
    expect(email.text).toContain("Agent's notes: Screen perfect");
    expect(email.text).toMatch(
      new RegExp(`Accept Offer: http://localhost:3000/track\\?number=${number}#token=[\\w-]{43}&answer=accept`),
    );
    expect(email.text).toContain(`They work for ${OFFER_LINK_DAYS} days, and only the newest link we sent works`);
    expect(await tradeIn.rowOf(t, number)).toMatchObject({
      accessTokenHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      accessTokenExpiresAt: new Date(t.clock.now().getTime() + OFFER_LINK_DAYS * tradeIn.DAY),
    });
  });

  it('refuses an offer from Offer Made with the reason', async () => {
    const number = await tradeIn.sell(t);
    await tradeIn.offered(t, team, number);
    const res = await tradeIn.staff(t, team.agent.cookie, `/api/agent/trade-ins/${number}/offer`, { amount: 7000 });
    expectError(res, 409, {
      code: 'CONFLICT',
      message:
        'This trade-in is Offer Made; an offer can only be made from Assigned to Agent, Device Assessed or Awaiting Offer',
    });
    expect((await tradeIn.rowOf(t, number)).offeredAmount).toBe(5000);
  });

  it.each([
    [0, 'Offer amount must be greater than 0'],
    [12.5, 'Offer amount must be a whole number of rand'],
    ['', 'Offer amount is required'],
    [undefined, 'Offer amount is required'],
  ])('refuses the amount %s', async (amount, message) => {
    const number = await tradeIn.sell(t);
    const res = await tradeIn.staff(t, team.agent.cookie, `/api/agent/trade-ins/${number}/offer`, { amount });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ amount: message });
  });

  it('changes the trade-in once when two tabs offer at the same moment', async () => {
    const number = await tradeIn.sell(t);
    await tradeIn.staff(t, team.adminCookie, `/api/admin/trade-ins/${number}/confirm`);
    await tradeIn.staff(t, team.adminCookie, `/api/admin/trade-ins/${number}/assign`, { agentId: team.agent.id });
    const results = await Promise.all(
      [4000, 4500].map((amount) =>
        tradeIn.staff(t, team.agent.cookie, `/api/agent/trade-ins/${number}/offer`, { amount }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await tradeIn.historyOf(t, number)).filter((h) => h.status === 'Offer Made')).toHaveLength(1);
    expect((await tradeIn.emailsOf(t, number)).filter((e) => e.kind === 'trade_in_offer')).toHaveLength(1);
  });
});

describe('POST /api/admin/trade-ins/:number/return-device', () => {
  const returnDevice = (number: string, body: unknown, cookie = team.adminCookie) =>
    tradeIn.staff(t, cookie, `/api/admin/trade-ins/${number}/return-device`, body);

  it('records a declined device back with its seller: Device Returned, history with how, audit, email', async () => {
    const number = await tradeIn.sell(t);
    expect((await tradeIn.decline(t, number, { token: await tradeIn.offered(t, team, number) })).statusCode).toBe(200);
    const res = await returnDevice(number, { note: '  Aramex ARX-0042 ' });
    tradeIn.expectMoved(res, 'Device recorded as returned to the seller', { status: 'Device Returned' });
    await tradeIn.expectLatestStep(t, number, {
      history: {
        status: 'Device Returned',
        description: 'Device returned to the customer: Aramex ARX-0042',
        actorId: team.adminId,
      },
      audit: {
        action: 'trade_in.return_device',
        actorId: team.adminId,
        before: { status: 'Offer Declined' },
        after: { status: 'Device Returned' },
        details: { note: 'Aramex ARX-0042' },
      },
    });
    const email = await tradeIn.emailOf(t, number, 'trade_in_device_returned');
    expect(email.subject).toBe(`${number}: Device Returned`);
    expect(email.text).toContain('Device returned to the customer.');
    expect(email.text).toContain('How it went back: Aramex ARX-0042');
  });

  it('takes no note: the history says the status alone', async () => {
    const number = await tradeIn.sell(t);
    await tradeIn.decline(t, number, { token: await tradeIn.offered(t, team, number) });
    expect((await returnDevice(number, {})).statusCode).toBe(200);
    expect((await tradeIn.historyOf(t, number)).at(-1)).toMatchObject({
      status: 'Device Returned',
      description: 'Device returned to the customer',
    });
  });

  it('refuses any status but Offer Declined with 409 saying why, a second press too, and changes nothing', async () => {
    const open = await tradeIn.sell(t);
    await tradeIn.offered(t, team, open);
    const before = await tradeIn.everythingAbout(t, open);
    expectError(await returnDevice(open, {}), 409, {
      code: 'CONFLICT',
      message: 'This trade-in is Offer Made; its device can only be recorded as returned from Offer Declined',
    });
    expect(await tradeIn.everythingAbout(t, open)).toEqual(before);
    const declined = await tradeIn.sell(t);
    await tradeIn.decline(t, declined, { token: await tradeIn.offered(t, team, declined) });
    expect((await returnDevice(declined, {})).statusCode).toBe(200);
    expectError(await returnDevice(declined, {}), 409, {
      code: 'CONFLICT',
      message: 'This trade-in is Device Returned; its device can only be recorded as returned from Offer Declined',
    });
    expect((await tradeIn.auditOf(t, declined)).filter((a) => a.action === 'trade_in.return_device')).toHaveLength(1);
  });

  it('is the admin alone, and refuses a note too long under its name', async () => {
    const number = await tradeIn.sell(t);
    await tradeIn.decline(t, number, { token: await tradeIn.offered(t, team, number) });
    expect((await returnDevice(number, {}, team.agent.cookie)).statusCode).toBe(403);
    const long = await returnDevice(number, { note: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().error.fields)).toEqual(['note']);
    expect((await tradeIn.rowOf(t, number)).status).toBe('Offer Declined');
  });
});

describe('GET /api/admin/trade-ins', () => {
  it('lists newest first with the agent name, filtered by status and searched by number or email', async () => {
    const first = await tradeIn.sell(t, { contactEmail: 'search.me@example.com' });
    const second = await tradeIn.sell(t);
    await tradeIn.offered(t, team, second);
    const all = await send(t.app, 'GET', '/api/admin/trade-ins?pageSize=2', { cookie: team.adminCookie });
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.items.map((i: StaffTradeIn) => i.transactionNumber)).toEqual([second, first]);
    expect(body.items[0]).toMatchObject({
      agentName: 'Sarah Mitchell',
      status: 'Offer Made',
      customerEmail: 'lindiwe@example.com',
    });
    expect(body.total).toBeGreaterThan(2);
    const offers = await send(t.app, 'GET', '/api/admin/trade-ins?status=Offer%20Made&pageSize=100', {
      cookie: team.adminCookie,
    });
    expect(offers.json().items.every((i: StaffTradeIn) => i.status === 'Offer Made')).toBe(true);
    const byEmail = await send(t.app, 'GET', '/api/admin/trade-ins?q=SEARCH.ME', { cookie: team.adminCookie });
    expect(byEmail.json().items.map((i: StaffTradeIn) => i.transactionNumber)).toEqual([first]);
    const byNumber = await send(t.app, 'GET', `/api/admin/trade-ins?q=${second}`, { cookie: team.adminCookie });
    expect(byNumber.json().total).toBe(1);
  });

  it('searches by a part of the customer name, any case, and by a lower-case number', async () => {
    const number = await tradeIn.sell(t, { contactEmail: 'nx@example.com', customerName: 'Nomvula Xabanisa' });
    const search = async (q: string) =>
      (
        await send(t.app, 'GET', `/api/admin/trade-ins?q=${encodeURIComponent(q)}`, { cookie: team.adminCookie })
      ).json() as {
        items: StaffTradeIn[];
        total: number;
      };
    const byName = await search('xabani');
    expect(byName.items.map((i) => i.transactionNumber)).toEqual([number]);
    expect(byName.items[0]!.customerName).toBe('Nomvula Xabanisa');
    expect((await search('NOMVULA XAB')).total).toBe(1);
    expect((await search(number.toLowerCase())).items.map((i) => i.transactionNumber)).toEqual([number]);
    expect((await search('Xabanisa_')).total).toBe(0);
  });

  it('counts a trade-in submitted after the first page was read (its total is remembered between writes) and shows its moves at once', async () => {
    const firstPage = async () =>
      (await send(t.app, 'GET', '/api/admin/trade-ins', { cookie: team.adminCookie })).json() as {
        items: StaffTradeIn[];
        total: number;
      };
    const before = await firstPage();
    expect(before.total).toBe(await tradeInsInDatabase());
    await firstPage();

    t.clock.advance(60_000);
    const number = await tradeIn.sell(t);
    const submitted = await firstPage();
    expect(submitted.total).toBe(before.total + 1);
    expect(submitted.items[0]).toMatchObject({ transactionNumber: number, status: 'Awaiting Confirmation' });

    await tradeIn.staff(t, team.adminCookie, `/api/admin/trade-ins/${number}/confirm`);
    const confirmed = await firstPage();
    expect(confirmed.total).toBe(before.total + 1);
    expect(confirmed.items[0]).toMatchObject({ transactionNumber: number, status: 'Confirmed' });
    expect(confirmed.total).toBe(await tradeInsInDatabase());
  });

  it('counts a trade-in submitted while the first page is being read', async () => {
    t.clock.advance(60_000);
    const [, number] = await Promise.all([
      send(t.app, 'GET', '/api/admin/trade-ins', { cookie: team.adminCookie }),
      tradeIn.sell(t),
    ]);
    const after = (await send(t.app, 'GET', '/api/admin/trade-ins', { cookie: team.adminCookie })).json();
    expect(after.items[0].transactionNumber).toBe(number);
    expect(after.total).toBe(await tradeInsInDatabase());
  });

  it('refuses a status outside the list', async () => {
    const res = await send(t.app, 'GET', '/api/admin/trade-ins?status=Lost', { cookie: team.adminCookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ status: 'Choose a status from the list' });
  });
});

describe('GET /api/agent/trade-ins', () => {
  it("lists this agent's trade-ins only, with photos and IMEI", async () => {
    const photo = `data:image/webp;base64,${TINY_WEBP.toString('base64')}`;
    const mine = await tradeIn.sell(t, { imei: '490154203237518', photos: [photo] });
    await tradeIn.staff(t, team.adminCookie, `/api/admin/trade-ins/${mine}/confirm`);
    await tradeIn.staff(t, team.adminCookie, `/api/admin/trade-ins/${mine}/assign`, { agentId: team.otherAgent.id });
    const res = await send(t.app, 'GET', '/api/agent/trade-ins', { cookie: team.otherAgent.cookie });
    expect(res.json().items).toEqual([
      expect.objectContaining({
        transactionNumber: mine,
        imei: '490154203237518',
        photos: [`/api/agent/trade-ins/${mine}/photos/0`],
      }),
    ]);
    const filtered = await send(t.app, 'GET', '/api/agent/trade-ins?status=Offer%20Made', {
      cookie: team.otherAgent.cookie,
    });
    expect(filtered.json()).toMatchObject({ items: [], total: 0 });
  });
});

describe('GET /api/account/trade-ins', () => {
  it("lists the signed-in customer's own trade-ins", async () => {
    const { cookie } = await signUpCustomer(t);
    const number = await tradeIn.sell(t, {}, cookie);
    await tradeIn.sell(t);
    const res = await send(t.app, 'GET', '/api/account/trade-ins', { cookie });
    expect(res.json().tradeIns).toEqual([
      expect.objectContaining({
        transactionNumber: number,
        deviceInfo: 'Apple iPhone 13 128GB',
        status: 'Awaiting Confirmation',
      }),
    ]);
    expect(await t.db.select().from(users).where(eq(users.role, 'agent'))).toHaveLength(3);
  });
});
