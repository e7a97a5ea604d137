import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { CheckoutInput, CheckoutReply } from '../../src/shared/orders';
import { send, type TestApp } from './test-app';

let counter = 0;
/** A distinct client address per request, so the per-address rate limits do not leak between tests. */
export const nextAddress = () => {
  counter++;
  return `10.4.${Math.floor(counter / 250) % 250}.${counter % 250}`;
};

export const customer = (overrides: Partial<CheckoutInput['customer']> = {}): CheckoutInput['customer'] => ({
  firstName: 'Thandi',
  lastName: 'Nkosi',
  email: 'thandi@example.co.za',
  phone: '+27 82 000 0000',
  shippingAddress: { street: '12 Long Street', city: 'Cape Town', state: 'Western Cape', zipCode: '8001' },
  sameAsShipping: true,
  ...overrides,
});

export function checkout(
  t: TestApp,
  items: { deviceId: string; quantity: number }[],
  options: {
    customer?: CheckoutInput['customer'];
    cookie?: string;
    extra?: Record<string, unknown>;
    /** The client address (a fresh one by default). */
    address?: string;
  } = {},
): Promise<LightMyRequestResponse> {
  return send(t.app, 'POST', '/api/checkout', {
    body: { items, customer: options.customer ?? customer(), ...options.extra },
    cookie: options.cookie,
    headers: { 'x-forwarded-for': options.address ?? nextAddress() },
  });
}

export async function placed(
  t: TestApp,
  items: { deviceId: string; quantity: number }[],
  options: Parameters<typeof checkout>[2] = {},
): Promise<CheckoutReply> {
  const res = await checkout(t, items, options);
  if (res.statusCode !== 201) throw new Error(`checkout failed: ${res.statusCode} ${res.body}`);
  return res.json() as CheckoutReply;
}

/** The sandbox charges the test card for a payment reference (or another card, to be declined). */
export const charge = (t: TestApp, reference: string, cardNumber = '4084 0840 8408 4081') =>
  send(t.app, 'POST', '/api/payments/sandbox/charge', {
    body: { reference, cardNumber, cvv: '408', expiry: '12/30' },
    headers: { 'x-forwarded-for': nextAddress() },
  });

/** The browser asks the server to verify a payment, as after the widget's callback. */
export const verify = (t: TestApp, reference: string) =>
  send(t.app, 'POST', '/api/payments/verify', { body: { reference }, headers: { 'x-forwarded-for': nextAddress() } });

/** An order placed and paid with the sandbox test card, as a guest buys one. */
export async function paid(
  t: TestApp,
  items: { deviceId: string; quantity: number }[],
  options: Parameters<typeof checkout>[2] = {},
): Promise<CheckoutReply> {
  const order = await placed(t, items, options);
  const charged = await charge(t, order.payment.reference);
  if (charged.json().status !== 'success') throw new Error(`charge failed: ${charged.body}`);
  const verified = await verify(t, order.payment.reference);
  if (verified.json().status !== 'paid') throw new Error(`verify failed: ${verified.body}`);
  return order;
}

/** The admin refunds part of a payment, as the Paystack tab does; the setup of a test that reads refunds. */
export async function refundedByAdmin(
  t: TestApp,
  cookie: string,
  reference: string,
  body: { amount: number; reason: string },
): Promise<void> {
  const res = await send(t.app, 'POST', `/api/admin/payments/${reference}/refund`, { body, cookie });
  expect(res.statusCode).toBe(200);
}
