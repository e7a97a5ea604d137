import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERASED_EMAIL, ERASED_NAME } from '../../../shared/personal-data';
import {
  auditLog,
  images,
  orders,
  outboxEmails,
  payments,
  repairBookings,
  returnImages,
  returnRequests,
  sessions,
  tradeInImages,
  tradeInPayouts,
  tradeIns,
  users,
} from '../../db/schema';
import { CUSTOMER_PASSWORD, me, newAddress, signedInAdmin, signUpCustomer } from '../../../../tests/support/accounts';
import { expectError, expectFieldError } from '../../../../tests/support/errors';
import { seedStore, SELLER_BANK, type StoreData } from '../../../../tests/support/store-data';
import { send, useTestApp } from '../../../../tests/support/test-app';
import { customer as checkoutCustomer, paid } from '../../../../tests/support/checkout';
import { insertDevices } from '../../../../tests/support/devices';
import { deliveredOrder, openReturn, returnBody } from '../../../../tests/support/returns';
import { emailedLinks } from '../../../../tests/support/order-links';
import { unzip } from '../../../../tests/support/xlsx';

const t = useTestApp({ PUBLIC_URL: 'https://shop.quickbuy.test', ALLOW_SANDBOX_PAYMENTS: 'true' });

/*
 * One seeded store for the file (its repair takes the one pickup slot it asks for): the copy is read first, the
 * customer's refusals come before their deletion, and the admin then handles the guest's request.
 */
let store: StoreData;
beforeAll(async () => {
  store = await seedStore(t);
}, 120_000);

const post = (path: string, cookie: string | undefined, body: unknown) =>
  send(t.app, 'POST', path, { cookie, body, headers: { 'x-forwarded-for': newAddress() } });

const IN_PROGRESS = (numbers: string[]) =>
  `These are still under way: ${numbers.join(', ')}. The data can be deleted once they are finished (cancel a repair not yet picked up from the Repairs tab, or a return request not yet collected from its page), or contact us.`;

/** The seeded customer's order delivered, repair returned and unpaid order's hold run out: nothing under way. */
async function finishEverything() {
  await t.db.update(orders).set({ status: 'delivered' }).where(eq(orders.orderNumber, store.orders.customerPaid));
  await t.db.update(repairBookings).set({ status: 'returned' }).where(eq(repairBookings.bookingNumber, store.repair));
  t.clock.advance(24 * 60 * 60_000);
}

async function imageIdsOf(tradeIn: string) {
  const [row] = await t.db.select({ id: tradeIns.id }).from(tradeIns).where(eq(tradeIns.transactionNumber, tradeIn));
  const photos = await t.db.select().from(tradeInImages).where(eq(tradeInImages.tradeInId, row!.id));
  return photos.map((photo) => photo.imageId);
}

describe("a customer's copy of their data", () => {
  it('is a ZIP of their profile, address, orders, payments, trade-ins with photos, repairs, emails and sign-ins', async () => {
    const res = await post('/api/account/data-export', store.customer.cookie, { currentPassword: CUSTOMER_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="quickbuy-my-data-\d{4}-\d\d-\d\d\.zip"$/,
    );

    const files = unzip(res.rawPayload);
    const data = JSON.parse(files.get('my-data.json')!.toString('utf8'));
    expect(data.account.profile).toMatchObject({ firstName: 'Thandi', lastName: 'Nkosi', email: store.customer.email });
    expect(data.account.address).toEqual({
      apartment: 'Unit 4',
      city: 'Cape Town',
      province: 'Western Cape',
      postalCode: '8001',
    });
    expect(data.account.paymentDetails).toMatchObject({ accountNumber: SELLER_BANK.accountNumber, bankName: 'FNB' });
    expect(data.account.signIns.sessions.length).toBeGreaterThan(0);
    expect(data.orders.map((order: { orderNumber: string }) => order.orderNumber).sort()).toEqual(
      [store.orders.customerPaid, store.orders.customerUnpaid].sort(),
    );
    expect(data.payments.length).toBeGreaterThan(0);
    expect(data.repairs.map((repair: { bookingNumber: string }) => repair.bookingNumber)).toEqual([store.repair]);
    expect(data.emails.length).toBeGreaterThan(0);

    // The photos are the stored images, byte for byte, named in the JSON where they belong.
    const [tradeIn] = data.tradeIns;
    expect(tradeIn.transactionNumber).toBe(store.tradeIn);
    expect(tradeIn.photos).toEqual([
      `images/trade-in-${store.tradeIn}-1.webp`,
      `images/trade-in-${store.tradeIn}-2.webp`,
    ]);
    const stored = await t.db
      .select()
      .from(images)
      .where(inArray(images.id, await imageIdsOf(store.tradeIn)));
    expect(tradeIn.photos.map((name: string) => files.get(name)!.toString('base64')).sort()).toEqual(
      stored.map((image) => image.data.toString('base64')).sort(),
    );
    expect(files.get(data.account.picture)!.length).toBeGreaterThan(0);
    // Nothing of the guest's order, placed under another address.
    expect(files.get('my-data.json')!.toString('utf8')).not.toContain(store.orders.guestPaid);
  });

  it("asks for the password again: a wrong one is 400 on 'currentPassword', and a visitor signed out is 401", async () => {
    const { cookie } = await signUpCustomer(t);
    expectFieldError(
      await post('/api/account/data-export', cookie, { currentPassword: 'Not-my-password' }),
      400,
      'CURRENT_PASSWORD_INCORRECT',
      'currentPassword',
      'Current password is incorrect',
    );
    expectError(await post('/api/account/data-export', undefined, { currentPassword: CUSTOMER_PASSWORD }), 401, {
      code: 'UNAUTHORIZED',
      message: 'Please sign in',
    });
  });
});

describe("a customer's account deletion", () => {
  it('is refused without the box ticked, with a wrong password, and while an order or a repair is under way', async () => {
    const cookie = store.customer.cookie;
    expectFieldError(
      await post('/api/account/delete', cookie, { currentPassword: CUSTOMER_PASSWORD }),
      400,
      'VALIDATION_FAILED',
      'understood',
      'Tick the box to confirm you understand what is erased and what is kept',
    );
    expectFieldError(
      await post('/api/account/delete', cookie, { currentPassword: 'Not-my-password', understood: true }),
      400,
      'CURRENT_PASSWORD_INCORRECT',
      'currentPassword',
      'Current password is incorrect',
    );
    expectError(
      await post('/api/account/delete', cookie, { currentPassword: CUSTOMER_PASSWORD, understood: true }),
      409,
      {
        code: 'CONFLICT',
        message: IN_PROGRESS([store.orders.customerPaid, store.orders.customerUnpaid, store.repair]),
      },
    );
    expect(await me(t, cookie)).not.toBeNull();
  });

  it('erases the account, ends its sessions and emails a confirmation; orders and the paid trade-in stay, nameless', async () => {
    const { cookie, email, id } = store.customer;
    await finishEverything();
    const photoIds = await imageIdsOf(store.tradeIn);

    const res = await post('/api/account/delete', cookie, { currentPassword: CUSTOMER_PASSWORD, understood: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Your account has been deleted. We have emailed you a confirmation.' });
    // The browser's cookie cleared as sign-out clears it: the session cookie's own attributes, expired.
    expect(res.cookies.find((c) => c.name === 'qb_session')).toMatchObject({
      value: '',
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      expires: new Date(0),
    });

    // Signed out everywhere, and the password opens nothing.
    expect(await me(t, cookie)).toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    const signIn = await post('/api/auth/signin', undefined, { email, password: CUSTOMER_PASSWORD });
    expect(signIn.statusCode).toBe(401);

    // The account's row is a tombstone.
    const [user] = await t.db.select().from(users).where(eq(users.id, id));
    expect(user).toMatchObject({
      firstName: '',
      lastName: '',
      phone: '',
      idNumber: null,
      city: null,
      status: 'inactive',
    });
    expect(user!.email).toBe(`erased-${id}@erased.invalid`);

    // Orders and payments kept for the accounts, with the name and contact replaced.
    const kept = await t.db
      .select()
      .from(orders)
      .where(inArray(orders.orderNumber, [store.orders.customerPaid, store.orders.customerUnpaid]));
    expect(kept).toHaveLength(2);
    for (const order of kept) {
      expect(order).toMatchObject({ customerId: null, customerName: ERASED_NAME, customerEmail: ERASED_EMAIL });
      expect(order.customerPhone).toBe('');
    }
    const paidFor = await t.db
      .select()
      .from(payments)
      .where(
        inArray(
          payments.orderId,
          kept.map((o) => o.id),
        ),
      );
    expect(paidFor.length).toBeGreaterThan(0);
    expect(new Set(paidFor.map((p) => p.customerEmail))).toEqual(new Set([ERASED_EMAIL]));

    // The paid trade-in kept, its payout account cut to its last four digits, its photos deleted.
    const [tradeIn] = await t.db.select().from(tradeIns).where(eq(tradeIns.transactionNumber, store.tradeIn));
    expect(tradeIn).toMatchObject({
      status: 'Paid',
      customerName: ERASED_NAME,
      customerEmail: ERASED_EMAIL,
      imei: null,
    });
    const [payout] = await t.db.select().from(tradeInPayouts).where(eq(tradeInPayouts.tradeInId, tradeIn!.id));
    expect(payout).toMatchObject({ accountHolder: ERASED_NAME, accountNumber: '••••1234', bankName: 'FNB' });
    expect(await t.db.select().from(images).where(inArray(images.id, photoIds))).toEqual([]);

    const [repair] = await t.db.select().from(repairBookings).where(eq(repairBookings.bookingNumber, store.repair));
    expect(repair).toMatchObject({
      customerName: ERASED_NAME,
      customerEmail: ERASED_EMAIL,
      address: '',
      description: '',
    });

    // Of the emails to the address, only the confirmation is left; the guest's order is untouched.
    const emails = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    expect(emails.map((e) => e.kind)).toEqual(['personal_data_erased']);
    expect(emails[0]!.text).toContain('Orders, payments and refunds, and the trade-ins we paid you for, for 5 years');
    const [guest] = await t.db.select().from(orders).where(eq(orders.orderNumber, store.orders.guestPaid));
    expect(guest!.customerEmail).toBe('sipho@example.co.za');

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'personal_data.erase'), eq(auditLog.entityId, id)));
    expect(entry).toMatchObject({ actorId: id, actorRole: 'customer', entityType: 'user' });
  });
});

describe("the admin's handling of a request received by email", () => {
  it("looks an address up, sends its copy and erases a guest's data, each audited", async () => {
    // A new admin's session: the seeded one's ran out while the customer's records were finished.
    const { cookie: admin, id: adminId } = await signedInAdmin(t);
    const guest = 'sipho@example.co.za';

    const lookup = await send(t.app, 'GET', `/api/admin/privacy?email=${encodeURIComponent(guest)}`, { cookie: admin });
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json()).toMatchObject({
      email: guest,
      account: null,
      counts: { orders: 1, tradeIns: 0, repairs: 0 },
      inProgress: [store.orders.guestPaid],
    });

    const copy = await post('/api/admin/privacy/export', admin, { email: guest, request: 'Email of 27 Nov 2026' });
    expect(copy.statusCode, copy.body).toBe(200);
    const data = JSON.parse(unzip(copy.rawPayload).get('my-data.json')!.toString('utf8'));
    expect(data.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([store.orders.guestPaid]);

    const erase = { email: guest, confirmEmail: guest, request: 'Email of 27 Nov 2026' };
    expectFieldError(
      await post('/api/admin/privacy/erase', admin, { ...erase, confirmEmail: 'sipho@example.com' }),
      400,
      'VALIDATION_FAILED',
      'confirmEmail',
      'The email addresses do not match',
    );
    expectError(await post('/api/admin/privacy/erase', admin, erase), 409, {
      code: 'CONFLICT',
      message: IN_PROGRESS([store.orders.guestPaid]),
    });
    await t.db.update(orders).set({ status: 'delivered' }).where(eq(orders.orderNumber, store.orders.guestPaid));
    const erased = await post('/api/admin/privacy/erase', admin, erase);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toEqual({
      message: `The data held for ${guest} has been erased, and a confirmation emailed.`,
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.orderNumber, store.orders.guestPaid));
    expect(order).toMatchObject({ customerName: ERASED_NAME, customerEmail: ERASED_EMAIL });

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(
        and(inArray(auditLog.action, ['personal_data.export', 'personal_data.erase']), eq(auditLog.actorId, adminId)),
      );
    expect(entries.map((e) => [e.action, e.actorId, e.entityType, e.entityId])).toEqual([
      ['personal_data.export', adminId, 'request', 'Email of 27 Nov 2026'],
      ['personal_data.erase', adminId, 'request', 'Email of 27 Nov 2026'],
    ]);
    expect(JSON.stringify(entries)).not.toContain(guest);

    expectFieldError(
      await post('/api/admin/privacy/erase', admin, {
        ...erase,
        email: 'nobody@example.com',
        confirmEmail: 'nobody@example.com',
      }),
      404,
      'NOT_FOUND',
      'email',
      'We hold nothing under this email address',
    );
  });

  it("copies and erases a customer's account for a request received by email, audited against the account", async () => {
    const { cookie: admin, id: adminId } = await signedInAdmin(t);
    const person = await signUpCustomer(t, { firstName: 'Lerato', lastName: 'Mokoena' });
    const lookup = await send(t.app, 'GET', `/api/admin/privacy?email=${encodeURIComponent(person.email)}`, {
      cookie: admin,
    });
    expect(lookup.json()).toMatchObject({ email: person.email, account: { name: 'Lerato Mokoena' }, inProgress: [] });

    // The note of how the request came is required: it is what the audit log keeps instead of the address.
    expectFieldError(
      await post('/api/admin/privacy/export', admin, { email: person.email, request: ' ' }),
      400,
      'VALIDATION_FAILED',
      'request',
      'Request reference is required',
    );
    const copy = await post('/api/admin/privacy/export', admin, { email: person.email, request: 'Email of 3 Nov' });
    expect(copy.statusCode, copy.body).toBe(200);
    const upper = person.email.toUpperCase();
    const erase = { email: person.email, confirmEmail: upper, request: 'Email of 3 Nov' };
    expect((await post('/api/admin/privacy/erase', admin, erase)).statusCode).toBe(200);
    expect(await me(t, person.cookie)).toBeNull();

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, person.user.id), eq(auditLog.actorId, adminId)));
    expect(entries.map((e) => [e.action, e.actorRole, e.entityType, e.details])).toEqual([
      ['personal_data.export', 'admin', 'user', { request: 'Email of 3 Nov' }],
      ['personal_data.erase', 'admin', 'user', { orders: 0, emails: 1, messages: 0, request: 'Email of 3 Nov' }],
    ]);
    expect(JSON.stringify(entries).toLowerCase()).not.toContain(person.email.toLowerCase());
  });

  it("is the admin's alone: a customer is refused with 403", async () => {
    const { cookie, email } = await signUpCustomer(t);
    const res = await post('/api/admin/privacy/erase', cookie, { email, confirmEmail: email, request: 'Mine' });
    expectError(res, 403, { code: 'FORBIDDEN', message: 'You do not have access to this' });
    expect(await me(t, cookie)).not.toBeNull();
  });
});

describe("a guest's request by their order's emailed link", () => {
  it("gets their copy and erases their data with the link; never with the placing browser's token or a bad one", async () => {
    const [device] = await insertDevices(t.db, [{ brand: 'Samsung', model: 'Galaxy S23', quantity: 2 }]);
    const email = 'lerato@example.co.za';
    const order = await paid(t, [{ deviceId: device!.id, quantity: 1 }], {
      customer: checkoutCustomer({ email, firstName: 'Lerato', lastName: 'Mokoena' }),
    });
    const [link] = await emailedLinks(t, order.orderNumber);
    const path = `/api/orders/${order.orderNumber}/personal-data`;
    const LINK_INVALID = {
      code: 'FORBIDDEN',
      message: 'This link is not valid or has expired: ask for a new one from your order page',
    };

    expectError(await post(path, undefined, { token: order.accessToken }), 403, LINK_INVALID);
    expectError(await post(path, undefined, { token: `${link!.token}x` }), 403, LINK_INVALID);

    const copy = await post(path, undefined, { token: link!.token });
    expect(copy.statusCode, copy.body).toBe(200);
    const data = JSON.parse(unzip(copy.rawPayload).get('my-data.json')!.toString('utf8'));
    expect(data.account).toBeNull();
    expect(data.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([order.orderNumber]);

    expectFieldError(
      await post(`${path}/erase`, undefined, { token: link!.token }),
      400,
      'VALIDATION_FAILED',
      'understood',
      'Tick the box to confirm you understand what is erased and what is kept',
    );
    expectError(await post(`${path}/erase`, undefined, { token: link!.token, understood: true }), 409, {
      code: 'CONFLICT',
      message: IN_PROGRESS([order.orderNumber]),
    });
    await t.db.update(orders).set({ status: 'delivered' }).where(eq(orders.orderNumber, order.orderNumber));
    const erased = await post(`${path}/erase`, undefined, { token: link!.token, understood: true });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toEqual({ message: 'Your details have been erased. We have emailed you a confirmation.' });
    const [kept] = await t.db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber));
    expect(kept).toMatchObject({ customerName: ERASED_NAME, customerEmail: ERASED_EMAIL });
    const emails = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    expect(emails.map((e) => e.kind)).toEqual(['personal_data_erased']);
    // The erasure moved the order's links on: the one used is spent.
    expectError(await post(path, undefined, { token: link!.token }), 403, LINK_INVALID);
  });

  it('sends an address that has an account to its Privacy tab', async () => {
    const { email } = await signUpCustomer(t);
    const [device] = await insertDevices(t.db, [{ brand: 'Samsung', model: 'Galaxy A54', quantity: 2 }]);
    const order = await paid(t, [{ deviceId: device!.id, quantity: 1 }], { customer: checkoutCustomer({ email }) });
    const [link] = await emailedLinks(t, order.orderNumber);
    expectError(await post(`/api/orders/${order.orderNumber}/personal-data`, undefined, { token: link!.token }), 409, {
      code: 'CONFLICT',
      message:
        'This email address has an account: sign in and use My Account > Privacy to download or delete your data',
    });
  });
});

describe("a customer's return request", () => {
  it('is in their copy with its photos, stops their deletion while open, and is kept nameless once cancelled', async () => {
    const admin = await signedInAdmin(t);
    const customer = await signUpCustomer(t);
    const order = await deliveredOrder(t, admin, { cookie: customer.cookie });
    const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer();
    const opened = await openReturn(
      t,
      returnBody(t.clock.now(), {
        orderNumber: order.orderNumber,
        items: [{ deviceId: order.deviceIds[0]!, quantity: 1 }],
        photos: [`data:image/png;base64,${png.toString('base64')}`],
      }),
      { cookie: customer.cookie },
    );
    expect(opened.statusCode, opened.body).toBe(201);
    const number = opened.json().returnNumber as string;
    const [row] = await t.db.select().from(returnRequests).where(eq(returnRequests.returnNumber, number));
    expect(row!.customerId).toBe(customer.user.id);
    const photoIds = (await t.db.select().from(returnImages).where(eq(returnImages.requestId, row!.id))).map(
      (photo) => photo.imageId,
    );
    expect(photoIds).toHaveLength(1);

    // The copy holds the request, its history and its photo, byte for byte.
    const res = await post('/api/account/data-export', customer.cookie, { currentPassword: CUSTOMER_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    const files = unzip(res.rawPayload);
    const data = JSON.parse(files.get('my-data.json')!.toString('utf8'));
    expect(data.returns).toHaveLength(1);
    expect(data.returns[0]).toMatchObject({
      returnNumber: number,
      kind: 'return',
      status: 'requested',
      orderNumber: order.orderNumber,
      reason: 'faulty',
      description: 'The screen flickers',
      units: [{ quantity: 1, price: 5000 }],
      contact: { name: row!.customerName, email: row!.customerEmail, address: '12 Long Street, Cape Town' },
      history: [{ status: 'requested' }],
      photos: [`images/return-${number}-1.webp`],
    });
    const [stored] = await t.db.select().from(images).where(eq(images.id, photoIds[0]!));
    expect(files.get(`images/return-${number}-1.webp`)!.equals(stored!.data)).toBe(true);

    // Open, it stops the deletion, named.
    const remove = () =>
      post('/api/account/delete', customer.cookie, { currentPassword: CUSTOMER_PASSWORD, understood: true });
    expectError(await remove(), 409, { code: 'CONFLICT', message: IN_PROGRESS([number]) });

    // Cancelled, the deletion goes through: the request stays, without who, where, what they wrote or their photo.
    const cancelled = await send(t.app, 'POST', `/api/returns/${number}/cancel`, { cookie: customer.cookie });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const erased = await remove();
    expect(erased.statusCode, erased.body).toBe(200);
    const [kept] = await t.db.select().from(returnRequests).where(eq(returnRequests.returnNumber, number));
    expect(kept).toMatchObject({
      status: 'cancelled',
      orderNumber: order.orderNumber,
      customerId: null,
      customerName: ERASED_NAME,
      customerEmail: ERASED_EMAIL,
      customerPhone: '',
      pickupAddress: '',
      description: '',
    });
    expect(await t.db.select().from(returnImages).where(eq(returnImages.requestId, row!.id))).toEqual([]);
    expect(await t.db.select().from(images).where(inArray(images.id, photoIds))).toEqual([]);
  });
});
