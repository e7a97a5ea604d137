import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxEmails, repairBookings, returnImages, returnRequests } from '../../db/schema';
import { signUpCustomer } from '../../../../tests/support/accounts';
import { expectError, expectFieldError } from '../../../../tests/support/errors';
import { bookFor } from '../../../../tests/support/repairs';
import { deliveredOrder, freshSlot, openReturn, returnBody } from '../../../../tests/support/returns';
import { DAY, photoDataUrl, START, useReturnsDesk } from '../../../../tests/support/returns-desk';
import { send } from '../../../../tests/support/test-app';
import { RETURN_MESSAGES, type ReturnRequestView } from '../../../shared/returns';
import { SELL_MESSAGES } from '../../../shared/sell-form';

// A request opened: by the placing browser, a signed-in customer, or refused; its moves are return-moves.test.ts's.
const { t, admin, agent, adminPost, opened, signIn } = useReturnsDesk();

describe('POST /api/returns', () => {
  it('opens a guest return by the order token: a RET number, the units, the customer and the admin emailed', async () => {
    const { order, request } = await opened();
    expect(request.returnNumber).toMatch(/^RET-\d{9}$/);
    expect(request).toMatchObject({ status: 'requested', kind: 'return', orderNumber: order.orderNumber });
    expect(request.units).toEqual([expect.objectContaining({ quantity: 1, price: 5000 })]);
    const mail = await t.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.entityId, request.returnNumber))
      .orderBy(asc(outboxEmails.createdAt));
    expect(mail.map((m) => [m.kind, m.to])).toEqual([
      ['return_status', 'thandi@example.co.za'],
      ['admin_new_return', 'returns-desk@quickbuy.test'],
    ]);
    // Mail to the order's address carries nothing the requester typed.
    expect(mail[0]!.text).not.toContain('The screen flickers');
  });

  it("keeps up to 4 photos under the sell form's rules, private to the admin", async () => {
    const order = await deliveredOrder(t, admin);
    const body = (photos: string[]) =>
      returnBody(t.clock.now(), {
        orderNumber: order.orderNumber,
        items: [{ deviceId: order.deviceIds[0]!, quantity: 1 }],
        photos,
      });
    const photo = await photoDataUrl();
    expectFieldError(
      await openReturn(t, body(Array(5).fill(photo)), { token: order.accessToken }),
      400,
      'VALIDATION_FAILED',
      'photos',
      RETURN_MESSAGES.tooManyPhotos,
    );
    const text = `data:image/png;base64,${Buffer.from('not an image').toString('base64')}`;
    expectFieldError(
      await openReturn(t, body([text]), { token: order.accessToken }),
      415,
      'INVALID_IMAGE',
      'photos',
      SELL_MESSAGES.photoInvalid,
    );
    const res = await openReturn(t, body([photo, photo]), { token: order.accessToken });
    expect(res.statusCode, res.body).toBe(201);
    const number = (res.json() as ReturnRequestView).returnNumber;
    expect(res.json().photoCount).toBe(2);
    const path = `/api/admin/returns/${number}/photos/request/1`;
    expect((await send(t.app, 'GET', path, { cookie: admin.cookie })).statusCode).toBe(200);
    expect((await send(t.app, 'GET', path)).statusCode).toBe(401);
    // Never served by the public /images/ route, whatever their id.
    const [request] = await t.db.select().from(returnRequests).where(eq(returnRequests.returnNumber, number));
    const stored = await t.db.select().from(returnImages).where(eq(returnImages.requestId, request!.id));
    expect(stored).toHaveLength(2);
    for (const { imageId } of stored) {
      expectError(await send(t.app, 'GET', `/images/${imageId}`), 404, {
        code: 'IMAGE_NOT_FOUND',
        message: 'Image not found',
      });
    }
  });

  it('answers a stranger without the order token as if the order did not exist', async () => {
    const order = await deliveredOrder(t, admin);
    const res = await openReturn(
      t,
      returnBody(t.clock.now(), {
        orderNumber: order.orderNumber,
        items: [{ deviceId: order.deviceIds[0]!, quantity: 1 }],
      }),
    );
    expectError(res, 404, { code: 'ORDER_NOT_FOUND', message: 'Order not found' });
  });

  it('refuses an order not yet delivered', async () => {
    const order = await deliveredOrder(t, admin, { until: 'shipped' });
    const res = await openReturn(
      t,
      returnBody(t.clock.now(), {
        orderNumber: order.orderNumber,
        items: [{ deviceId: order.deviceIds[0]!, quantity: 1 }],
      }),
      { token: order.accessToken },
    );
    expectError(res, 409, {
      code: 'ORDER_NOT_DELIVERED',
      message: 'This order has not been delivered yet: a request can be opened once it arrives',
      fields: { orderNumber: 'This order has not been delivered yet: a request can be opened once it arrives' },
    });
  });

  it('accepts a return on day 14 after delivery and refuses it after, naming the day it ended', async () => {
    const order = await deliveredOrder(t, admin);
    const body = (now: Date) =>
      returnBody(now, { orderNumber: order.orderNumber, items: [{ deviceId: order.deviceIds[0]!, quantity: 1 }] });
    t.clock.set(new Date(START.getTime() + 14 * DAY + 60_000));
    const late = await openReturn(t, body(t.clock.now()), { token: order.accessToken });
    expectError(late, 409, {
      code: 'RETURN_WINDOW_CLOSED',
      message: 'Returns for this order closed on 6 Dec 2026, 14 days after delivery',
      fields: { kind: 'Returns for this order closed on 6 Dec 2026, 14 days after delivery' },
    });
    t.clock.set(new Date(START.getTime() + 14 * DAY - 60_000));
    expect((await openReturn(t, body(t.clock.now()), { token: order.accessToken })).statusCode).toBe(201);
  });

  it('accepts a warranty claim within 6 months of delivery and refuses it after', async () => {
    // Months later the order's links have lapsed: the customer's session opens it.
    const customer = await signUpCustomer(t);
    const order = await deliveredOrder(t, admin, { cookie: customer.cookie });
    const ask = async (at: string) => {
      t.clock.set(new Date(at));
      const body = returnBody(t.clock.now(), {
        kind: 'warranty',
        orderNumber: order.orderNumber,
        items: [{ deviceId: order.deviceIds[0]!, quantity: 1 }],
      });
      return openReturn(t, body, { cookie: await signIn(customer.email) });
    };
    expectError(await ask('2027-05-22T10:01:00Z'), 409, {
      code: 'RETURN_WINDOW_CLOSED',
      message: 'The 6-month warranty on this order ended on 22 May 2027',
      fields: { kind: 'The 6-month warranty on this order ended on 22 May 2027' },
    });
    expect((await ask('2027-05-21T10:00:00Z')).statusCode).toBe(201);
  });

  it('never returns more units than were bought, and a unit has one open request at a time', async () => {
    const order = await deliveredOrder(t, admin, { quantities: [2] });
    const ask = (quantity: number) =>
      openReturn(
        t,
        returnBody(t.clock.now(), {
          orderNumber: order.orderNumber,
          items: [{ deviceId: order.deviceIds[0]!, quantity }],
        }),
        { token: order.accessToken },
      );
    const tooMany = await ask(3);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.code).toBe('UNITS_UNAVAILABLE');
    const first = await ask(1);
    expect(first.statusCode).toBe(201);
    expect((await ask(1)).statusCode).toBe(201);
    expectError(await ask(1), 409, {
      code: 'UNITS_UNAVAILABLE',
      message: `Every unit of ${first.json().units[0].name} is already returned or in an open request`,
      fields: { items: `Every unit of ${first.json().units[0].name} is already returned or in an open request` },
    });
    // A declined request gives its unit back to the customer, who may ask again.
    const declined = await adminPost(first.json().returnNumber, 'decline', { reason: 'Outside the policy' });
    expect(declined.statusCode).toBe(200);
    expect((await ask(1)).statusCode).toBe(201);
  });

  it('takes a place in the repairs pickup slot and refuses a full one', async () => {
    const order = await deliveredOrder(t, admin, { quantities: [3] });
    const slot = freshSlot(t.clock.now());
    const ask = () =>
      openReturn(
        t,
        {
          ...returnBody(t.clock.now(), {
            orderNumber: order.orderNumber,
            items: [{ deviceId: order.deviceIds[0]!, quantity: 1 }],
          }),
          ...slot,
        },
        { token: order.accessToken },
      );
    expect((await ask()).statusCode).toBe(201);
    expect((await ask()).statusCode).toBe(201);
    const full = await ask();
    expect(full.statusCode).toBe(409);
    expect(full.json().error.code).toBe('SLOT_FULL');
  });

  it('opens a repair warranty from a finished repair within 90 days, only for the customer who booked it', async () => {
    const customer = await signUpCustomer(t);
    const booking = await bookFor(t, agent.id, freshSlot(t.clock.now()));
    await t.db
      .update(repairBookings)
      .set({ customerId: customer.user.id })
      .where(eq(repairBookings.bookingNumber, booking));
    for (const status of ['picked_up', 'in_repair', 'ready', 'returned']) {
      const res = await send(t.app, 'POST', `/api/agent/repairs/${booking}/status`, {
        cookie: agent.cookie,
        body: { status },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const body = (now: Date) =>
      returnBody(now, { kind: 'repair_warranty', repairNumber: booking, reason: 'repair_failed' });
    expectError(await openReturn(t, body(t.clock.now())), 404, {
      code: 'REPAIR_NOT_FOUND',
      message: 'No repair booking found with this number.',
    });
    t.clock.set(new Date(START.getTime() + 91 * DAY));
    const late = await openReturn(t, body(t.clock.now()), { cookie: await signIn(customer.email) });
    expect(late.json().error).toMatchObject({
      code: 'RETURN_WINDOW_CLOSED',
      message: 'The 90-day warranty on this repair ended on 20 Feb 2027',
    });
    t.clock.set(new Date(START.getTime() + 89 * DAY));
    const cookie = await signIn(customer.email);
    const ok = await openReturn(t, body(t.clock.now()), { cookie });
    expect(ok.statusCode, ok.body).toBe(201);
    expectError(await openReturn(t, body(t.clock.now()), { cookie }), 409, {
      code: 'REQUEST_ALREADY_OPEN',
      message: 'This repair already has an open warranty request',
      fields: { repairNumber: 'This repair already has an open warranty request' },
    });
  });
});
