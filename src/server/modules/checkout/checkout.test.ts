import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { devices, orderItems, orders } from '../../db/schema';
import { send, useTestApp } from '../../../../tests/support/test-app';
import { signUpCustomer } from '../../../../tests/support/accounts';
import { insertDevices } from '../../../../tests/support/devices';
import { expireReservations } from './workflow';
import { checkout, customer, placed } from '../../../../tests/support/checkout';

const t = useTestApp();

async function stockOf(id: string) {
  const [row] = await t.db
    .select({ quantity: devices.quantity, inStock: devices.inStock })
    .from(devices)
    .where(eq(devices.id, id));
  return row!;
}

const orderCount = async () => (await t.db.select({ id: orders.id }).from(orders)).length;

describe('POST /api/checkout', () => {
  it('prices the order from the database, ignoring prices the client sends', async () => {
    const [phone, laptop] = await insertDevices(t.db, [
      { brand: 'Apple', model: 'iPhone 13', price: 9000, quantity: 3, storage: '128GB', condition: 'Excellent' },
      { brand: 'Dell', model: 'XPS 13', type: 'laptop', price: 15000, quantity: 2 },
    ]);
    const res = await checkout(
      t,
      [
        { deviceId: phone!.id, quantity: 2, price: 1 } as never,
        { deviceId: laptop!.id, quantity: 1, price: 1 } as never,
      ],
      { extra: { total: 3, totalAmount: 3 } },
    );
    expect(res.statusCode).toBe(201);
    const reply = res.json();
    expect(reply.orderNumber).toMatch(/^ORD-2026-\d{6}$/);
    expect(reply.accessToken).toMatch(/^[\w-]{43}$/);
    expect(reply.payment).toEqual({
      provider: 'sandbox',
      publicKey: expect.any(String),
      scriptUrl: '/payments/sandbox/inline.js',
      reference: expect.stringMatching(/^QB-[0-9A-F]{16}$/),
      email: 'thandi@example.co.za',
      amount: 3_300_000,
      currency: 'NGN',
      metadata: { customer_name: 'Thandi Nkosi', items_count: 3 },
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.orderNumber, reply.orderNumber));
    expect(order).toMatchObject({
      totalAmount: 33000,
      status: 'pending',
      paymentStatus: 'awaiting_payment',
      billingAddress: null,
      currency: 'NGN',
      shippingAddress: {
        street: '12 Long Street',
        city: 'Cape Town',
        state: 'Western Cape',
        zipCode: '8001',
        country: 'South Africa',
      },
      customerId: null,
    });
    expect(order!.accessTokenHash).not.toContain(reply.accessToken);
    expect(order!.reservedUntil!.getTime()).toBe(t.clock.now().getTime() + 30 * 60_000);
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(items).toHaveLength(2);
    expect(items.find((i) => i.deviceId === phone!.id)).toMatchObject({
      name: 'Apple iPhone 13',
      price: 9000,
      quantity: 2,
      condition: 'Excellent',
      storage: '128GB',
      image: `/images/${phone!.imageIds[0]}`,
    });
    expect(await stockOf(phone!.id)).toEqual({ quantity: 1, inStock: true });
    expect(await stockOf(laptop!.id)).toEqual({ quantity: 1, inStock: true });
  });

  it('keeps a separate billing address when it is not the same as shipping', async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
    const billingAddress = { street: '1 Main Road', city: 'Durban', state: 'KwaZulu-Natal', zipCode: '4001' };
    const reply = await placed(t, [{ deviceId: device!.id, quantity: 1 }], {
      customer: customer({ sameAsShipping: false, billingAddress }),
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.orderNumber, reply.orderNumber));
    expect(order!.billingAddress).toEqual({ ...billingAddress, country: 'South Africa' });
    expect(await stockOf(device!.id)).toEqual({ quantity: 0, inStock: false });
  });

  it('answers 409 naming the device when the stock is short, and writes nothing', async () => {
    const [device] = await insertDevices(t.db, [{ brand: 'Samsung', model: 'Galaxy S21', quantity: 1 }]);
    const before = await orderCount();
    const res = await checkout(t, [{ deviceId: device!.id, quantity: 2 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'OUT_OF_STOCK', message: 'Only 1 left of Samsung Galaxy S21' });
    expect(await orderCount()).toBe(before);
    expect(await stockOf(device!.id)).toEqual({ quantity: 1, inStock: true });
  });

  it('rolls back every line when a later line is short', async () => {
    const [a, b] = await insertDevices(t.db, [
      { quantity: 5 },
      { brand: 'HP', model: 'EliteBook', quantity: 0, inStock: false },
    ]);
    const before = await orderCount();
    const res = await checkout(t, [
      { deviceId: a!.id, quantity: 2 },
      { deviceId: b!.id, quantity: 1 },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('HP EliteBook is out of stock');
    expect(await orderCount()).toBe(before);
    expect(await stockOf(a!.id)).toEqual({ quantity: 5, inStock: true });
  });

  it('treats a deleted device as out of stock', async () => {
    const [device] = await insertDevices(t.db, [{ brand: 'Huawei', model: 'P30', quantity: 4, deletedAt: new Date() }]);
    const res = await checkout(t, [{ deviceId: device!.id, quantity: 1 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Huawei P30 is out of stock');
  });

  it('answers 404 for an unknown device', async () => {
    const res = await checkout(t, [{ deviceId: '00000000-0000-4000-8000-000000000000', quantity: 1 }]);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: 'DEVICE_NOT_FOUND', message: 'Device not found' });
  });

  it("asks for the required fields with the spec's messages", async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
    const items = [{ deviceId: device!.id, quantity: 1 }];
    const missingName = await checkout(t, items, { customer: customer({ firstName: ' ' }) });
    expect(missingName.statusCode).toBe(400);
    expect(missingName.json().error.fields).toEqual({ 'customer.firstName': 'Please fill in all required fields' });
    const missingCity = await checkout(t, items, {
      customer: customer({ shippingAddress: { street: '12 Long Street', city: '' } }),
    });
    expect(missingCity.statusCode).toBe(400);
    expect(missingCity.json().error.fields).toEqual({
      'customer.shippingAddress.city': 'Please provide complete shipping address',
    });
    expect(await stockOf(device!.id)).toEqual({ quantity: 1, inStock: true });
  });

  it('rejects a quantity below 1', async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 3 }]);
    const res = await checkout(t, [{ deviceId: device!.id, quantity: 0 }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ 'items.0.quantity': 'Quantity must be at least 1' });
  });

  it('sells the last unit exactly once to 20 concurrent buyers', async () => {
    const [device] = await insertDevices(t.db, [{ brand: 'Apple', model: 'MacBook Air', type: 'laptop', quantity: 1 }]);
    const before = await orderCount();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => checkout(t, [{ deviceId: device!.id, quantity: 1 }])),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await orderCount()).toBe(before + 1);
    expect(await stockOf(device!.id)).toEqual({ quantity: 0, inStock: false });
  });

  it('links the order to the signed-in customer', async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
    const { cookie, user } = await signUpCustomer(t);
    const reply = await placed(t, [{ deviceId: device!.id, quantity: 1 }], { cookie });
    const [order] = await t.db.select().from(orders).where(eq(orders.orderNumber, reply.orderNumber));
    expect(order!.customerId).toBe(user.id);
  });
});

describe('POST /api/checkout/:orderNumber/cancel', () => {
  it('gives the reserved stock back, once', async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 3 }]);
    const reply = await placed(t, [{ deviceId: device!.id, quantity: 2 }]);
    expect(await stockOf(device!.id)).toEqual({ quantity: 1, inStock: true });
    const url = `/api/checkout/${reply.orderNumber}/cancel`;
    const first = await send(t.app, 'POST', url, { body: {}, headers: { 'x-order-token': reply.accessToken } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ orderNumber: reply.orderNumber, status: 'cancelled', paymentStatus: 'cancelled' });
    const again = await send(t.app, 'POST', url, { body: { accessToken: reply.accessToken } });
    expect(again.statusCode).toBe(200);
    expect(await stockOf(device!.id)).toEqual({ quantity: 3, inStock: true });
  });

  it('makes a sold-out device available again', async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
    const reply = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
    expect(await stockOf(device!.id)).toEqual({ quantity: 0, inStock: false });
    await send(t.app, 'POST', `/api/checkout/${reply.orderNumber}/cancel`, {
      body: { accessToken: reply.accessToken },
    });
    expect(await stockOf(device!.id)).toEqual({ quantity: 1, inStock: true });
  });

  it('answers 404 without the right token and changes nothing', async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 2 }]);
    const reply = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
    const res = await send(t.app, 'POST', `/api/checkout/${reply.orderNumber}/cancel`, {
      body: { accessToken: 'guessed' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Order not found');
    expect(await stockOf(device!.id)).toEqual({ quantity: 1, inStock: true });
  });
});

describe('the catalog during checkout', () => {
  const shown = async (id: string) =>
    (await send(t.app, 'GET', `/api/devices/${id}`)).json() as { quantity: number; inStock: boolean };

  it('shows the stock a checkout takes and a cancel gives back at once, though the reply is cached', async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 2 }]);
    expect(await shown(device!.id)).toMatchObject({ quantity: 2, inStock: true });
    const reply = await placed(t, [{ deviceId: device!.id, quantity: 2 }]);
    expect(await shown(device!.id)).toMatchObject({ quantity: 0, inStock: false });
    await send(t.app, 'POST', `/api/checkout/${reply.orderNumber}/cancel`, {
      body: { accessToken: reply.accessToken },
    });
    expect(await shown(device!.id)).toMatchObject({ quantity: 2, inStock: true });
  });
});

describe('expireReservations', () => {
  it('releases reservations unpaid after RESERVATION_MINUTES, and only those', async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 2 }]);
    const old = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
    t.clock.advance(20 * 60_000);
    const recent = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
    expect(await stockOf(device!.id)).toEqual({ quantity: 0, inStock: false });
    t.clock.advance(11 * 60_000);
    expect(await expireReservations({ db: t.db, clock: t.clock })).toBeGreaterThanOrEqual(1);
    expect(await stockOf(device!.id)).toEqual({ quantity: 1, inStock: true });
    const rows = await t.db.select().from(orders);
    expect(rows.find((o) => o.orderNumber === old.orderNumber)).toMatchObject({
      paymentStatus: 'expired',
      status: 'cancelled',
      reservedUntil: null,
    });
    expect(rows.find((o) => o.orderNumber === recent.orderNumber)!.paymentStatus).toBe('awaiting_payment');
    // Running again releases nothing twice.
    await expireReservations({ db: t.db, clock: t.clock });
    expect(await stockOf(device!.id)).toEqual({ quantity: 1, inStock: true });
  });

  it('never releases an order twice when two instances run at once', async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 4 }]);
    for (let i = 0; i < 4; i++) await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
    t.clock.advance(31 * 60_000);
    await Promise.all([
      expireReservations({ db: t.db, clock: t.clock }),
      expireReservations({ db: t.db, clock: t.clock }),
      expireReservations({ db: t.db, clock: t.clock }),
    ]);
    expect(await stockOf(device!.id)).toEqual({ quantity: 4, inStock: true });
  });
});
