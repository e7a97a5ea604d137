import { describe, expect, it } from 'vitest';
import { createAdmin, signInAs, signUpCustomer } from '../../../../tests/support/accounts';
import { nextAddress, placed } from '../../../../tests/support/checkout';
import { insertDevices } from '../../../../tests/support/devices';
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
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'ORDER_NOT_FOUND', message: 'Order not found' } });
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
    const admin = await createAdmin(t);
    const adminCookie = await signInAs(t, 'admin', admin.email);
    const res = await send(t.app, 'GET', `/api/orders/${reply.orderNumber}`, { cookie: adminCookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().orderNumber).toBe(reply.orderNumber);
  });
});
