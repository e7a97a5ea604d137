import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxEmails } from '../../db/schema';
import { ORDER_LINK_MS } from './routes';
import { signedInAdmin, signUpCustomer } from '../../../../tests/support/accounts';
import { customer, nextAddress, paid, placed } from '../../../../tests/support/checkout';
import { insertDevices } from '../../../../tests/support/devices';
import { expectError } from '../../../../tests/support/errors';
import { askForLink, emailedLinks, openOrder } from '../../../../tests/support/order-links';
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
      // Kept by no cache either: what the number shows depends on who asks.
      expect(res.headers['cache-control']).toBe('private, no-store');
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

describe("the confirmation email's link", () => {
  const NOT_FOUND = { error: { code: 'ORDER_NOT_FOUND', message: 'Order not found' } };

  it('opens the order in any browser from the signed link in its email, carried in the fragment', async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
    const order = await paid(t, [{ deviceId: device!.id, quantity: 1 }]);
    const [mail] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.entityId, order.orderNumber));
    expect(mail).toMatchObject({ kind: 'order_confirmation', containsSecret: true, entityType: 'order' });
    const [link] = await emailedLinks(t, order.orderNumber);
    const res = await openOrder(t, order.orderNumber, link!.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ orderNumber: order.orderNumber, paymentStatus: 'paid' });
    // The link of one order opens no other.
    const [other] = await insertDevices(t.db, [{ quantity: 1 }]);
    const second = await placed(t, [{ deviceId: other!.id, quantity: 1 }]);
    expect((await openOrder(t, second.orderNumber, link!.token)).json()).toEqual(NOT_FOUND);
    // One character of the signature changed, or the expiry moved: nothing opens.
    const [expires, signature] = link!.token.split('.') as [string, string];
    const forged = `${expires}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect((await openOrder(t, order.orderNumber, forged)).statusCode).toBe(404);
    const later = `${Number(expires) + 86_400}.${signature}`;
    expect((await openOrder(t, order.orderNumber, later)).statusCode).toBe(404);
  });

  it('lives ORDER_LINK_DAYS (30 by default) from the payment', async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
    const order = await paid(t, [{ deviceId: device!.id, quantity: 1 }]);
    const [link] = await emailedLinks(t, order.orderNumber);
    const expires = Number(link!.token.split('.')[0]) * 1000;
    expect(expires).toBe(t.clock.now().getTime() + 30 * 24 * 60 * 60_000);
  });
});

describe('POST /api/orders/:orderNumber/access', () => {
  const SENT = { message: 'If that email placed this order, we have sent it a link to the order.' };
  const floored = useTestApp({ TIMING_FLOORS: 'on' });

  it('answers 202 with the same words, no sooner than ORDER_LINK_MS, whether or not the email placed the order', async () => {
    const [device] = await insertDevices(floored.db, [{ quantity: 1 }]);
    const order = await paid(floored, [{ deviceId: device!.id, quantity: 1 }]);
    const timed = async (orderNumber: string, email: string) => {
      const started = performance.now();
      const res = await askForLink(floored, orderNumber, email);
      return { res, ms: performance.now() - started };
    };
    const asks = [
      await timed(order.orderNumber, '  THANDI@example.co.za '),
      await timed(order.orderNumber, 'someone@example.co.za'),
      await timed('ORD-2026-999999', 'thandi@example.co.za'),
    ];
    for (const { res, ms } of asks) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual(SENT);
      expect(res.body).not.toMatch(/token/i);
      expect(ms).toBeGreaterThanOrEqual(ORDER_LINK_MS);
    }
  });

  it("emails a fresh link to the order's email alone, and the link opens the order", async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
    const order = await paid(t, [{ deviceId: device!.id, quantity: 1 }], {
      customer: customer({ email: 'lindiwe@example.co.za' }),
    });
    await askForLink(t, order.orderNumber, 'someone@example.co.za');
    expect((await emailedLinks(t, order.orderNumber)).map((l) => l.kind)).toEqual(['order_confirmation']);
    await askForLink(t, order.orderNumber, 'Lindiwe@Example.co.za');
    const links = await emailedLinks(t, order.orderNumber);
    expect(links.map(({ kind, to }) => ({ kind, to }))).toEqual([
      { kind: 'order_confirmation', to: 'lindiwe@example.co.za' },
      { kind: 'order_link', to: 'lindiwe@example.co.za' },
    ]);
    const [mail] = await t.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.kind, 'order_link'), eq(outboxEmails.entityId, order.orderNumber)));
    expect(mail).toMatchObject({ subject: `Your link to order ${order.orderNumber}`, containsSecret: true });
    // Anyone may ask for it, and the checkout's name was typed by whoever placed the order: it names nobody.
    expect(mail!.text).toContain('Hello,');
    expect(mail!.text + mail!.html).not.toContain('Thandi');
    const res = await openOrder(t, order.orderNumber, links[1]!.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().customer).toMatchObject({ email: 'lindiwe@example.co.za', phone: '+27 82 000 0000' });
  });

  it('sends one link per order an hour, however often it is asked for', async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
    const order = await paid(t, [{ deviceId: device!.id, quantity: 1 }]);
    for (let i = 0; i < 3; i++)
      expect((await askForLink(t, order.orderNumber, 'thandi@example.co.za')).statusCode).toBe(202);
    expect((await emailedLinks(t, order.orderNumber)).filter((l) => l.kind === 'order_link')).toHaveLength(1);
  });

  it('refuses a malformed email under its field', async () => {
    const res = await askForLink(t, 'ORD-2026-999999', 'not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ email: 'Enter a valid email address' });
  });

  it('allows ten asks per address in 15 minutes', async () => {
    const address = nextAddress();
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      const res = await send(t.app, 'POST', `/api/orders/ORD-2026-9998${String(i).padStart(2, '0')}/access`, {
        body: { email: `guess${i}@example.co.za` },
        headers: { 'x-forwarded-for': address },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(202), 429]);
  });
});
