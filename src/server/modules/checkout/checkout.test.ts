import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { devices, orderItems, orders } from '../../db/schema';
import { expectError } from '../../../../tests/support/errors';
import { send, useTestApp } from '../../../../tests/support/test-app';
import { signUpCustomer } from '../../../../tests/support/accounts';
import { insertDevices } from '../../../../tests/support/devices';
import { expireReservations } from './reservation-expiry';
import { checkout, customer, paid, placed } from '../../../../tests/support/checkout';

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
    expect(order!.reservedUntil!.getTime()).toBe(t.clock.now().getTime() + 15 * 60_000);
    expect(reply.reservedUntil).toBe(order!.reservedUntil!.toISOString());
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

  it("keeps the device's default picture on the order line, or its first when the default is gone", async () => {
    const [second, beyond, none] = await insertDevices(t.db, [
      { quantity: 1, imageCount: 3, defaultImageIndex: 1 },
      { quantity: 1, imageCount: 2, defaultImageIndex: 5 },
      { quantity: 1, imageCount: 0 },
    ]);
    const reply = await placed(
      t,
      [second!, beyond!, none!].map((d) => ({ deviceId: d.id, quantity: 1 })),
    );
    const [order] = await t.db.select().from(orders).where(eq(orders.orderNumber, reply.orderNumber));
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    const imageOf = (id: string) => items.find((i) => i.deviceId === id)!.image;
    expect(imageOf(second!.id)).toBe(`/images/${second!.imageIds[1]}`);
    expect(imageOf(beyond!.id)).toBe(`/images/${beyond!.imageIds[0]}`);
    expect(imageOf(none!.id)).toBeNull();
  });

  it('keeps a separate billing address when it is not the same as shipping', async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
    const billingAddress = { street: '1 Main Road', city: 'Durban', state: 'KwaZulu-Natal', zipCode: '4001' };
    const reply = await placed(t, [{ deviceId: device!.id, quantity: 1 }], {
      customer: customer({ sameAsShipping: false, billingAddress }),
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.orderNumber, reply.orderNumber));
    expect(order!.billingAddress).toEqual({ ...billingAddress, country: 'South Africa' });
    expect(await stockOf(device!.id)).toEqual({ quantity: 0, inStock: true });
  });

  it('refuses an unticked same-as-shipping with no billing address, naming its fields, and writes nothing', async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
    const before = await orderCount();
    const message = 'Please provide complete billing address';
    for (const billingAddress of [undefined, { street: '', city: '', state: '', zipCode: '' }]) {
      const res = await checkout(t, [{ deviceId: device!.id, quantity: 1 }], {
        customer: customer({ sameAsShipping: false, billingAddress }),
      });
      expectError(res, 400, {
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid',
        fields: { 'customer.billingAddress.street': message, 'customer.billingAddress.city': message },
      });
    }
    expect(await orderCount()).toBe(before);
    expect(await stockOf(device!.id)).toEqual({ quantity: 1, inStock: true });
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
    const [a, b] = await insertDevices(t.db, [{ quantity: 5 }, { brand: 'HP', model: 'EliteBook', quantity: 0 }]);
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
    expect(await stockOf(device!.id)).toEqual({ quantity: 0, inStock: true });
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
    expect(await stockOf(device!.id)).toEqual({ quantity: 0, inStock: true });
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

  it('parses its body with the shared schema: a token that is not text is a 400 naming it', async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 2 }]);
    const reply = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
    const res = await send(t.app, 'POST', `/api/checkout/${reply.orderNumber}/cancel`, {
      body: { accessToken: 12345 },
    });
    expectError(res, 400, {
      code: 'VALIDATION_FAILED',
      message: 'accessToken: The order token must be text',
      fields: { accessToken: 'The order token must be text' },
    });
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
    expect(await shown(device!.id)).toMatchObject({ quantity: 0, inStock: true });
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
    expect(await stockOf(device!.id)).toEqual({ quantity: 0, inStock: true });
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

describe('POST /api/checkout: the order and its lines in one statement', () => {
  it('gives orders placed in the same millisecond their own numbers, each with exactly its own lines', async () => {
    const made = await insertDevices(
      t.db,
      Array.from({ length: 4 }, (_, i) => ({ brand: 'Oppo', model: `Find X${i}`, price: 1000 + i, quantity: 5 })),
    );
    // The test clock stands still: the second order's clock-made number is taken, so it writes nothing and
    // the next number is tried, which must not leave lines behind or give them to another order.
    const carts = [
      [{ deviceId: made[0]!.id, quantity: 1 }],
      [
        { deviceId: made[1]!.id, quantity: 2 },
        { deviceId: made[2]!.id, quantity: 1 },
      ],
      [{ deviceId: made[3]!.id, quantity: 3 }],
    ];
    const numbers = [];
    for (const items of carts) numbers.push((await placed(t, items)).orderNumber);
    expect(new Set(numbers).size).toBe(3);
    for (const [index, number] of numbers.entries()) {
      const rows = await t.db
        .select({ deviceId: orderItems.deviceId, quantity: orderItems.quantity, price: orderItems.price })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(eq(orders.orderNumber, number));
      const expected = carts[index]!.map((line) => ({
        ...line,
        price: made.find((device) => device.id === line.deviceId)!.price,
      }));
      expect(rows.sort((a, b) => a.deviceId.localeCompare(b.deviceId))).toEqual(
        expected.sort((a, b) => a.deviceId.localeCompare(b.deviceId)),
      );
    }
  });
});

describe('POST /api/checkout: nobody hoards the stock', () => {
  /** Units held in unpaid, unexpired orders from one address, read from the database. */
  async function heldBy(address: string) {
    const rows = await t.db
      .select({ quantity: orderItems.quantity, paymentStatus: orders.paymentStatus })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orders.clientAddress, address));
    return rows.filter((r) => r.paymentStatus === 'awaiting_payment').reduce((sum, r) => sum + r.quantity, 0);
  }

  it('takes at most 5 units of one device per order, two lines of it counted together, and writes nothing', async () => {
    const [device] = await insertDevices(t.db, [{ brand: 'Apple', model: 'iPhone 12', quantity: 20 }]);
    const before = await orderCount();
    for (const items of [
      [{ deviceId: device!.id, quantity: 6 }],
      [
        { deviceId: device!.id, quantity: 3 },
        { deviceId: device!.id, quantity: 3 },
      ],
    ]) {
      const res = await checkout(t, items);
      expectError(res, 409, {
        code: 'HOLD_LIMIT',
        message: 'Apple iPhone 12: one order may take at most 5 of one device',
      });
    }
    expect(await orderCount()).toBe(before);
    expect((await stockOf(device!.id)).quantity).toBe(20);
    expect((await checkout(t, [{ deviceId: device!.id, quantity: 5 }])).statusCode).toBe(201);
  });

  it('lets one address hold at most 10 units in unpaid orders, naming the line that goes over', async () => {
    const [a, b, c] = await insertDevices(t.db, [
      { brand: 'Samsung', model: 'Galaxy S21', quantity: 10 },
      { brand: 'Samsung', model: 'Galaxy S22', quantity: 10 },
      { brand: 'Samsung', model: 'Galaxy S23', quantity: 10 },
    ]);
    const address = '10.77.0.1';
    expect((await checkout(t, [{ deviceId: a!.id, quantity: 5 }], { address })).statusCode).toBe(201);
    expect((await checkout(t, [{ deviceId: b!.id, quantity: 4 }], { address })).statusCode).toBe(201);
    const before = await orderCount();
    const res = await checkout(
      t,
      [
        { deviceId: c!.id, quantity: 1 },
        { deviceId: a!.id, quantity: 1 },
      ],
      { address },
    );
    expect(res.statusCode).toBe(429);
    const first = [a!.id, c!.id].sort()[1] === a!.id ? 'Samsung Galaxy S21' : 'Samsung Galaxy S23';
    expect(res.json().error).toEqual({
      code: 'HOLD_LIMIT',
      message: `${first}: one address may hold at most 10 units in unpaid orders at once (9 held now); pay for or cancel an open order first`,
    });
    // The refused order was written before its address's holdings were read: its rollback took it back.
    expect(await orderCount()).toBe(before);
    expect(await heldBy(address)).toBe(9);
    expect((await stockOf(c!.id)).quantity).toBe(10);
    // Another client is not held back.
    expect((await checkout(t, [{ deviceId: c!.id, quantity: 5 }], { address: '10.77.0.2' })).statusCode).toBe(201);
    // A lapsed reservation no longer counts.
    t.clock.advance(16 * 60_000);
    expect((await checkout(t, [{ deviceId: c!.id, quantity: 5 }], { address })).statusCode).toBe(201);
  });

  it('counts concurrent checkouts from one address one after the other: 10 at once of 2 units hold 10', async () => {
    const made = await insertDevices(
      t.db,
      Array.from({ length: 10 }, (_, i) => ({ brand: 'Xiaomi', model: `Redmi ${i}`, quantity: 2 })),
    );
    const address = '10.77.1.1';
    const replies = await Promise.all(made.map((d) => checkout(t, [{ deviceId: d.id, quantity: 2 }], { address })));
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(replies.filter((r) => r.statusCode === 429)).toHaveLength(5);
    expect(await heldBy(address)).toBe(10);
  });

  it('replaces the unpaid order of the same cart, giving its stock back', async () => {
    const [device] = await insertDevices(t.db, [{ brand: 'Google', model: 'Pixel 7', quantity: 3 }]);
    const cartId = 'cart-0123456789abcdef';
    const first = await placed(t, [{ deviceId: device!.id, quantity: 3 }], { extra: { cartId } });
    expect((await stockOf(device!.id)).quantity).toBe(0);
    const second = await placed(t, [{ deviceId: device!.id, quantity: 2 }], { extra: { cartId } });
    const [old] = await t.db.select().from(orders).where(eq(orders.orderNumber, first.orderNumber));
    expect(old).toMatchObject({ status: 'cancelled', paymentStatus: 'cancelled' });
    expect(second.orderNumber).not.toBe(first.orderNumber);
    expect((await stockOf(device!.id)).quantity).toBe(1);
  });

  it('holds at most 10 units for an address that keeps trying to take the whole catalog; another client buys the rest', async () => {
    const catalog = await insertDevices(
      t.db,
      Array.from({ length: 6 }, (_, i) => ({ brand: 'Nokia', model: `G${i}0`, quantity: 2 })),
    );
    const attacker = '10.77.2.1';
    const everything = catalog.map((d) => ({ deviceId: d.id, quantity: 2 }));
    // A minute of trying (the checkout route allows 30 a minute): the whole catalog, then device by device.
    for (let attempt = 0; attempt < 30; attempt++) {
      const items = attempt % 7 === 0 ? everything : [everything[attempt % 6]!];
      const res = await checkout(t, items, { address: attacker });
      expect([201, 409, 429]).toContain(res.statusCode);
      expect(await heldBy(attacker)).toBeLessThanOrEqual(10);
      t.clock.advance(2_000);
    }
    expect(await heldBy(attacker)).toBe(10);
    const left = [];
    for (const device of catalog) {
      const { quantity } = await stockOf(device.id);
      if (quantity > 0) left.push({ deviceId: device.id, quantity });
    }
    expect(left.reduce((sum, line) => sum + line.quantity, 0)).toBe(2);
    expect((await checkout(t, left, { address: '10.77.2.2' })).statusCode).toBe(201);
  });
});

describe("GET /api/checkout/:orderNumber: the shopper's unpaid order, after a reload closed its widget", () => {
  const open = (orderNumber: string, headers: Record<string, string> = {}, cookie?: string) =>
    send(t.app, 'GET', `/api/checkout/${orderNumber}`, { headers, cookie });
  const withToken = (token: string) => ({ 'x-order-token': token });

  it('gives the placing browser its order to pay again, and the units it holds: the last unit is theirs', async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
    const order = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
    // The store's read of the device says none left: the shopper's own order holds it.
    const read = await send(t.app, 'GET', `/api/devices/${device!.id}`);
    expect(read.json()).toMatchObject({ quantity: 0 });
    const res = await open(order.orderNumber, withToken(order.accessToken));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({
      orderNumber: order.orderNumber,
      payment: order.payment,
      reservedUntil: order.reservedUntil,
      items: [{ deviceId: device!.id, quantity: 1 }],
    });
  });

  it('opens for the signed-in customer who placed it, without the token', async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
    const { cookie } = await signUpCustomer(t);
    const order = await placed(t, [{ deviceId: device!.id, quantity: 1 }], { cookie });
    expect((await open(order.orderNumber, {}, cookie)).statusCode).toBe(200);
  });

  it("answers a stranger as for a missing order: the order number alone, or another order's token", async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 2 }]);
    const mine = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
    const theirs = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
    const missing = { code: 'ORDER_NOT_FOUND', message: 'Order not found' };
    expectError(await open(mine.orderNumber), 404, missing);
    expectError(await open(mine.orderNumber, withToken(theirs.accessToken)), 404, missing);
    const { cookie } = await signUpCustomer(t);
    expectError(await open(mine.orderNumber, {}, cookie), 404, missing);
  });

  it('refuses with 409 once the order is replaced by a new checkout of the cart, past its hold, or paid', async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
    const notOpen = { code: 'CHECKOUT_NOT_OPEN', message: 'This order is no longer awaiting payment' };
    const cartId = 'cart-fedcba9876543210';
    // The shopper's own hold is the last unit: a new checkout of the same cart replaces the order and gets it.
    const first = await placed(t, [{ deviceId: device!.id, quantity: 1 }], { extra: { cartId } });
    const second = await placed(t, [{ deviceId: device!.id, quantity: 1 }], { extra: { cartId } });
    expect(await stockOf(device!.id)).toEqual({ quantity: 0, inStock: true });
    expectError(await open(first.orderNumber, withToken(first.accessToken)), 409, notOpen);
    expect((await open(second.orderNumber, withToken(second.accessToken))).statusCode).toBe(200);
    t.clock.advance(15 * 60_000);
    expectError(await open(second.orderNumber, withToken(second.accessToken)), 409, notOpen);
  });

  it('refuses with 409 a paid order', async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
    const order = await paid(t, [{ deviceId: device!.id, quantity: 1 }]);
    expectError(await open(order.orderNumber, withToken(order.accessToken)), 409, {
      code: 'CHECKOUT_NOT_OPEN',
      message: 'This order is no longer awaiting payment',
    });
  });
});
