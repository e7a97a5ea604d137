import { expect } from 'vitest';
import sharp from 'sharp';
import { seedTradeInQuotes } from '../../src/server/seed/trade-in-quotes';
import { CUSTOMER_PASSWORD, newAddress, signedInAdmin, signedInAgent, signUpCustomer } from './accounts';
import { customer as checkoutCustomer, paid, placed } from './checkout';
import { insertDevices } from './devices';
import { repairForm } from './repair-form';
import { sellForm } from './sell-form';
import { send, type TestApp } from './test-app';
import { offerLinkToken } from './trade-ins';

/** A photo as a phone takes one: noisy pixels, so its bytes are not a pattern compression hides. */
export async function photoDataUrl(seed: number, width = 96, height = 72): Promise<string> {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed * 2_654_435_761;
  for (let i = 0; i < pixels.length; i++) {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    pixels[i] = state >>> 24;
  }
  const png = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** The payout account a seller gives. */
export const SELLER_BANK = {
  accountHolder: 'Thandi Nkosi',
  bankName: 'FNB',
  accountNumber: '62123451234',
  branchCode: '250655',
};

export interface StoreData {
  customer: { id: string; email: string; password: string; cookie: string };
  admin: { id: string; cookie: string };
  agent: { id: string; cookie: string };
  /** The customer's paid order, a guest's paid order, and the customer's unpaid one. */
  orders: { customerPaid: string; guestPaid: string; customerUnpaid: string };
  /** The customer's trade-in, with two photos, through to Paid (its payout recorded). */
  tradeIn: string;
  /** The customer's repair booking, picked up by the agent. */
  repair: string;
}

/**
 * A store with a little of everything, made through its own routes as people would: devices with images, a
 * customer with an address, payout details and a picture; paid and unpaid orders (one a guest's) and an admin's
 * move on one; a trade-in with photos confirmed, assigned, offered, accepted into a bank account and paid; a
 * repair booking picked up; audit entries for each staff step, emails in the outbox. The clock is moved on a
 * little between steps so each row has its own time.
 */
export async function seedStore(t: TestApp): Promise<StoreData> {
  const step = () => t.clock.advance(61_000);
  await seedTradeInQuotes(t.db);
  const admin = await signedInAdmin(t);
  const agent = await signedInAgent(t);
  const [phone, laptop] = await insertDevices(t.db, [
    { brand: 'Apple', model: 'iPhone 14', quantity: 6, imageCount: 2 },
    { brand: 'Dell', model: 'XPS 13', type: 'laptop', quantity: 4 },
  ]);

  const signedUp = await signUpCustomer(t, { firstName: 'Thandi', lastName: 'Nkosi' });
  const customer = {
    id: signedUp.user.id,
    email: signedUp.email,
    password: CUSTOMER_PASSWORD,
    cookie: signedUp.cookie,
  };
  const put = (path: string, body: unknown) => send(t.app, 'PUT', path, { cookie: customer.cookie, body });
  expect(
    (
      await put('/api/account/address', {
        apartment: 'Unit 4',
        city: 'Cape Town',
        province: 'Western Cape',
        postalCode: '8001',
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (await put('/api/account/payment-details', { method: 'bank', accountType: 'savings', ...SELLER_BANK })).statusCode,
  ).toBe(200);
  const picture = await send(t.app, 'POST', '/api/account/profile/picture', {
    cookie: customer.cookie,
    body: { image: (await photoDataUrl(7)).split(',')[1] },
  });
  expect(picture.statusCode, picture.body).toBe(200);

  step();
  const buyer = checkoutCustomer({ email: customer.email, firstName: 'Thandi', lastName: 'Nkosi' });
  const customerPaid = await paid(t, [{ deviceId: phone!.id, quantity: 1 }], {
    cookie: customer.cookie,
    customer: buyer,
  });
  step();
  const guestPaid = await paid(t, [{ deviceId: laptop!.id, quantity: 1 }], {
    customer: checkoutCustomer({ email: 'sipho@example.co.za', firstName: 'Sipho', lastName: 'Dlamini' }),
  });
  step();
  const customerUnpaid = await placed(t, [{ deviceId: phone!.id, quantity: 1 }], {
    cookie: customer.cookie,
    customer: buyer,
  });
  const advanced = await send(t.app, 'POST', `/api/admin/orders/${customerPaid.orderNumber}/status`, {
    cookie: admin.cookie,
    body: { status: 'processing' },
  });
  expect(advanced.statusCode, advanced.body).toBe(200);

  step();
  const sold = await send(t.app, 'POST', '/api/trade-ins', {
    cookie: customer.cookie,
    headers: { 'x-forwarded-for': newAddress() },
    body: sellForm({ contactEmail: customer.email, photos: [await photoDataUrl(1), await photoDataUrl(2)] }),
  });
  expect(sold.statusCode, sold.body).toBe(201);
  const tradeIn = sold.json().transactionNumber as string;
  const staff = async (cookie: string, path: string, body: unknown = {}) => {
    step();
    const res = await send(t.app, 'POST', path, { cookie, body });
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  };
  await staff(admin.cookie, `/api/admin/trade-ins/${tradeIn}/confirm`);
  await staff(admin.cookie, `/api/admin/trade-ins/${tradeIn}/assign`, { agentId: agent.id });
  await staff(agent.cookie, `/api/agent/trade-ins/${tradeIn}/offer`, { amount: 5000, notes: 'Battery at 88%' });
  await staff(customer.cookie, `/api/trade-ins/${tradeIn}/accept`, {
    token: await offerLinkToken(t, tradeIn),
    ...SELLER_BANK,
  });
  await staff(admin.cookie, `/api/admin/trade-ins/${tradeIn}/mark-paid`, { payoutReference: 'EFT-2026-001' });

  step();
  const booked = await send(t.app, 'POST', '/api/repairs/bookings', {
    cookie: customer.cookie,
    headers: { 'x-forwarded-for': newAddress() },
    body: {
      ...repairForm({ pickupDate: '2026-11-24', pickupTime: '10:00 AM' }),
      customerDetails: {
        name: 'Thandi Nkosi',
        phone: '082 555 0199',
        email: customer.email,
        address: '4 Kloof Street, Cape Town',
      },
    },
  });
  expect(booked.statusCode, booked.body).toBe(201);
  const repair = booked.json().bookingNumber as string;
  await staff(agent.cookie, `/api/agent/repairs/${repair}/status`, { status: 'picked_up' });

  return {
    customer,
    admin,
    agent,
    orders: {
      customerPaid: customerPaid.orderNumber,
      guestPaid: guestPaid.orderNumber,
      customerUnpaid: customerUnpaid.orderNumber,
    },
    tradeIn,
    repair,
  };
}
