import { describe, expect, it } from 'vitest';
import type { AccountOrder } from '../../../shared/accounts';
import { CHECKOUT_NOT_OPEN_MESSAGE, type OpenCheckout, type OrderView } from '../../../shared/orders';
import { signedInAdmin, signUpCustomer } from '../../../../tests/support/accounts';
import { charge, customer, nextAddress, paid, placed, verify } from '../../../../tests/support/checkout';
import { insertDevices } from '../../../../tests/support/devices';
import { expectError } from '../../../../tests/support/errors';
import { send, useTestApp, type TestApp } from '../../../../tests/support/test-app';

const t = useTestApp();

async function aDevice(quantity = 5) {
  const [device] = await insertDevices(t.db, [
    { brand: 'Samsung', model: 'Galaxy S23', type: 'phone', price: 9000, quantity },
  ]);
  return device!.id;
}

const listOf = async (cookie: string) =>
  ((await send(t.app, 'GET', '/api/account/orders', { cookie })).json() as { orders: AccountOrder[] }).orders;

const cancel = (orderNumber: string, accessToken: string) =>
  send(t.app, 'POST', `/api/checkout/${orderNumber}/cancel`, {
    body: { accessToken },
    headers: { 'x-forwarded-for': nextAddress() },
  });

const resume = (orderNumber: string, options: { token?: string; cookie?: string } = {}) =>
  send(t.app, 'GET', `/api/checkout/${orderNumber}`, {
    cookie: options.cookie,
    headers: { 'x-forwarded-for': nextAddress(), ...(options.token ? { 'x-order-token': options.token } : {}) },
  });

const afterTheHold = (app: TestApp) => app.clock.advance((app.config.RESERVATION_MINUTES + 1) * 60_000);

describe('GET /api/account/orders: the orders that matter to the customer', () => {
  it('lists paid orders and an unpaid one within its hold, never a cancelled or lapsed payment attempt', async () => {
    const { cookie } = await signUpCustomer(t);
    const deviceId = await aDevice();
    const line = [{ deviceId, quantity: 1 }];

    const paidOrder = await placed(t, line, { cookie });
    expect((await charge(t, paidOrder.payment.reference)).json().status).toBe('success');
    expect((await verify(t, paidOrder.payment.reference)).json().status).toBe('paid');
    t.clock.advance(60_000);
    const cancelled = await placed(t, line, { cookie });
    expect((await cancel(cancelled.orderNumber, cancelled.accessToken)).statusCode).toBe(200);
    t.clock.advance(60_000);
    const held = await placed(t, line, { cookie });

    expect(await listOf(cookie)).toEqual([
      expect.objectContaining({ orderNumber: held.orderNumber, status: 'pending', paymentStatus: 'awaiting_payment' }),
      expect.objectContaining({ orderNumber: paidOrder.orderNumber, status: 'pending', paymentStatus: 'paid' }),
    ]);

    // Past its hold the unpaid order leaves the list at once, whether or not the expiry job has closed it yet.
    afterTheHold(t);
    expect((await listOf(cookie)).map((o) => o.orderNumber)).toEqual([paidOrder.orderNumber]);
  });

  it("shows the paid orders a guest placed with the account's address, marked, and opens them; never another's", async () => {
    const deviceId = await aDevice();
    const line = [{ deviceId, quantity: 1 }];
    const email = `lerato.${crypto.randomUUID().slice(0, 8)}@example.co.za`;
    // Before the account: one paid as a guest (the address typed in capitals), one left unpaid, one of a stranger.
    const asGuest = await paid(t, line, { customer: customer({ email: email.toUpperCase() }) });
    const unpaid = await placed(t, line, { customer: customer({ email }) });
    await paid(t, line, { customer: customer({ email: 'someone.else@example.co.za' }) });
    t.clock.advance(60_000);

    const { cookie } = await signUpCustomer(t, { email });
    const own = await paid(t, line, { cookie });

    expect(await listOf(cookie)).toEqual([
      expect.objectContaining({ orderNumber: own.orderNumber, placedAsGuest: false }),
      expect.objectContaining({ orderNumber: asGuest.orderNumber, paymentStatus: 'paid', placedAsGuest: true }),
    ]);
    const opened = await send(t.app, 'GET', `/api/orders/${asGuest.orderNumber}`, { cookie });
    expect(opened.statusCode).toBe(200);
    expect((opened.json() as OrderView).orderNumber).toBe(asGuest.orderNumber);
    // The unpaid attempt is not listed, and paying it stays with the browser that placed it.
    expect((await resume(unpaid.orderNumber, { cookie })).statusCode).toBe(404);

    const stranger = await signUpCustomer(t);
    expect(await listOf(stranger.cookie)).toEqual([]);
    expect(
      (await send(t.app, 'GET', `/api/orders/${asGuest.orderNumber}`, { cookie: stranger.cookie })).statusCode,
    ).toBe(404);
  });

  it('keeps a paid order that was later cancelled and refunded', async () => {
    const { cookie } = await signUpCustomer(t);
    const order = await placed(t, [{ deviceId: await aDevice(), quantity: 1 }], { cookie });
    await charge(t, order.payment.reference);
    await verify(t, order.payment.reference);
    const admin = await signedInAdmin(t);
    const cancelled = await send(t.app, 'POST', `/api/admin/orders/${order.orderNumber}/cancel`, {
      cookie: admin.cookie,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await listOf(cookie)).toEqual([
      expect.objectContaining({ orderNumber: order.orderNumber, status: 'cancelled' }),
    ]);
  });
});

describe('GET /api/checkout/:orderNumber: Pay now on an unpaid order', () => {
  it("reopens the order's own payment for the placing browser and its signed-in owner while the hold lasts", async () => {
    const { cookie } = await signUpCustomer(t);
    const order = await placed(t, [{ deviceId: await aDevice(), quantity: 2 }], { cookie });

    const view = (
      await send(t.app, 'GET', `/api/orders/${order.orderNumber}`, {
        headers: { 'x-order-token': order.accessToken, 'x-forwarded-for': nextAddress() },
      })
    ).json() as OrderView;
    expect(view.reservedUntil).toBe(order.reservedUntil);

    for (const who of [{ token: order.accessToken }, { cookie }]) {
      const res = await resume(order.orderNumber, who);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        orderNumber: order.orderNumber,
        payment: order.payment,
        reservedUntil: order.reservedUntil,
      } satisfies Omit<OpenCheckout, 'items'>);
    }
    // Paying through it pays the order, as the checkout's widget would.
    await charge(t, order.payment.reference);
    expect((await verify(t, order.payment.reference)).json().status).toBe('paid');
    expectError(await resume(order.orderNumber, { cookie }), 409, {
      code: 'CHECKOUT_NOT_OPEN',
      message: CHECKOUT_NOT_OPEN_MESSAGE,
    });
  });

  it('is a 404 to a stranger, as a missing order is', async () => {
    const order = await placed(t, [{ deviceId: await aDevice(), quantity: 1 }]);
    const stranger = await signUpCustomer(t);
    for (const res of [await resume(order.orderNumber), await resume(order.orderNumber, { cookie: stranger.cookie })]) {
      expectError(res, 404, { code: 'ORDER_NOT_FOUND', message: 'Order not found' });
    }
  });

  it('refuses a cancelled order and one whose hold has lapsed', async () => {
    const deviceId = await aDevice();
    const cancelled = await placed(t, [{ deviceId, quantity: 1 }]);
    await cancel(cancelled.orderNumber, cancelled.accessToken);
    expectError(await resume(cancelled.orderNumber, { token: cancelled.accessToken }), 409, {
      code: 'CHECKOUT_NOT_OPEN',
      message: CHECKOUT_NOT_OPEN_MESSAGE,
    });

    const lapsed = await placed(t, [{ deviceId, quantity: 1 }]);
    afterTheHold(t);
    expectError(await resume(lapsed.orderNumber, { token: lapsed.accessToken }), 409, {
      code: 'CHECKOUT_NOT_OPEN',
      message: CHECKOUT_NOT_OPEN_MESSAGE,
    });
  });
});
