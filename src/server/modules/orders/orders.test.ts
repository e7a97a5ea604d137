import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxEmails } from '../../db/schema';
import { signedInAdmin, signUpCustomer } from '../../../../tests/support/accounts';
import { nextAddress, paid, placed } from '../../../../tests/support/checkout';
import { insertDevices } from '../../../../tests/support/devices';
import { expectError } from '../../../../tests/support/errors';
import { send, useTestApp } from '../../../../tests/support/test-app';

const t = useTestApp();

describe('GET /api/orders/:orderNumber', () => {
  it('shows the order to the browser holding its token', async () => {
    const [device] = await insertDevices(t.db, [
      { brand: 'Apple', model: 'iPad Air', type: 'tablet', price: 7000, quantity: 2 },
    ]);
    const reply = await placed(t, [{ deviceId: device!.id, quantity: 2 }]);
    const res = await send(t.app, 'GET', `/api/orders/${reply.orderNumber}`, {
      headers: { 'x-order-token': reply.accessToken, 'x-forwarded-for': nextAddress() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      orderNumber: reply.orderNumber,
      status: 'pending',
      paymentStatus: 'awaiting_payment',
      totalAmount: 14000,
      currency: 'NGN',
      paymentReference: null,
      customer: { name: 'Thandi Nkosi', email: 'thandi@example.co.za', phone: '+27 82 000 0000' },
      shippingAddress: { street: '12 Long Street', city: 'Cape Town', country: 'South Africa' },
      items: [
        {
          name: 'Apple iPad Air',
          price: 7000,
          quantity: 2,
          lineTotal: 14000,
          condition: 'Good',
          storage: '128GB',
          image: expect.stringMatching(/^\/images\//),
        },
      ],
    });
  });

  it('answers a stranger 404 Order not found, as for a missing order', async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
    const reply = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
    const stranger = await send(t.app, 'GET', `/api/orders/${reply.orderNumber}`);
    const wrongToken = await send(t.app, 'GET', `/api/orders/${reply.orderNumber}`, {
      headers: { 'x-order-token': 'x'.repeat(43) },
    });
    const missing = await send(t.app, 'GET', '/api/orders/ORD-2026-000000');
    for (const res of [stranger, wrongToken, missing]) {
      expectError(res, 404, { code: 'ORDER_NOT_FOUND', message: 'Order not found' });
    }
    const otherCustomer = await signUpCustomer(t);
    const res = await send(t.app, 'GET', `/api/orders/${reply.orderNumber}`, { cookie: otherCustomer.cookie });
    expect(res.statusCode).toBe(404);
  });

  it('shows the order to the customer who owns it and to the admin', async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
    const owner = await signUpCustomer(t);
    const reply = await placed(t, [{ deviceId: device!.id, quantity: 1 }], { cookie: owner.cookie });
    const mine = await send(t.app, 'GET', `/api/orders/${reply.orderNumber}`, { cookie: owner.cookie });
    expect(mine.statusCode).toBe(200);
    const admin = await signedInAdmin(t);
    const res = await send(t.app, 'GET', `/api/orders/${reply.orderNumber}`, { cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().orderNumber).toBe(reply.orderNumber);
  });
});

describe("the confirmation email's link and 'enter the email used for this order'", () => {
  const open = (orderNumber: string, token?: string) =>
    send(t.app, 'GET', `/api/orders/${orderNumber}`, { headers: token ? { 'x-order-token': token } : {} });
  const NOT_FOUND = { error: { code: 'ORDER_NOT_FOUND', message: 'Order not found' } };

  it('opens the order in any browser from the signed link in its email, carried in the fragment', async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
    const order = await paid(t, [{ deviceId: device!.id, quantity: 1 }]);
    const [mail] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.entityId, order.orderNumber));
    expect(mail).toMatchObject({ kind: 'order_confirmation', containsSecret: true, entityType: 'order' });
    const link = new RegExp(`/order-confirmation/${order.orderNumber}#token=([\\w-]{43})`).exec(mail!.text)!;
    expect(link).not.toBeNull();
    expect(mail!.html).toContain(`#token=${link[1]}`);
    const res = await open(order.orderNumber, link[1]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ orderNumber: order.orderNumber, paymentStatus: 'paid' });
    // The link of one order opens no other.
    const [other] = await insertDevices(t.db, [{ quantity: 1 }]);
    const second = await placed(t, [{ deviceId: other!.id, quantity: 1 }]);
    expect((await open(second.orderNumber, link[1])).json()).toEqual(NOT_FOUND);
    // One character changed, the first: the last carries two padding bits, so A for a last B, C or D decodes to the same token.
    const forged = `${link[1]![0] === 'A' ? 'B' : 'A'}${link[1]!.slice(1)}`;
    expect((await open(order.orderNumber, forged)).statusCode).toBe(404);
  });

  it('gives the link token to whoever knows the order email, in any case, and 404 to anyone else', async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
    const order = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
    const ask = (email: string) =>
      send(t.app, 'POST', `/api/orders/${order.orderNumber}/access`, {
        body: { email },
        headers: { 'x-forwarded-for': nextAddress() },
      });
    const right = await ask('  THANDI@example.co.za ');
    expect(right.statusCode).toBe(200);
    const { accessToken } = right.json() as { accessToken: string };
    expect((await open(order.orderNumber, accessToken)).statusCode).toBe(200);
    const wrong = await ask('someone@example.co.za');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual(NOT_FOUND);
    const missing = await send(t.app, 'POST', '/api/orders/ORD-2026-999999/access', {
      body: { email: 'thandi@example.co.za' },
      headers: { 'x-forwarded-for': nextAddress() },
    });
    expect(missing.json()).toEqual(NOT_FOUND);
    const bad = await ask('not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ email: 'Enter a valid email address' });
  });

  it('allows ten tries per address in 15 minutes', async () => {
    const address = nextAddress();
    const tries = [];
    for (let i = 0; i < 11; i++) {
      tries.push(
        await send(t.app, 'POST', '/api/orders/ORD-2026-999998/access', {
          body: { email: `guess${i}@example.co.za` },
          headers: { 'x-forwarded-for': address },
        }),
      );
    }
    expect(tries.slice(0, 10).every((r) => r.statusCode === 404)).toBe(true);
    expect(tries[10]!.statusCode).toBe(429);
  });
});
