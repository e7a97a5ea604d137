import type { LightMyRequestResponse } from 'fastify';
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
  options: { customer?: CheckoutInput['customer']; cookie?: string; extra?: Record<string, unknown> } = {},
): Promise<LightMyRequestResponse> {
  return send(t.app, 'POST', '/api/checkout', {
    body: { items, customer: options.customer ?? customer(), ...options.extra },
    cookie: options.cookie,
    headers: { 'x-forwarded-for': nextAddress() },
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

/** An order placed and paid through the sandbox provider (the success card, then verify). */
export async function paidOrder(
  t: TestApp,
  items: { deviceId: string; quantity: number }[],
  options: Parameters<typeof checkout>[2] = {},
): Promise<CheckoutReply> {
  const order = await placed(t, items, options);
  const headers = { 'x-forwarded-for': nextAddress() };
  const { reference } = order.payment;
  const charged = await send(t.app, 'POST', '/api/payments/sandbox/charge', {
    body: { reference, cardNumber: '4084084084084081', cvv: '408', expiry: '12/30' },
    headers,
  });
  const verified = await send(t.app, 'POST', '/api/payments/verify', { body: { reference }, headers });
  if (charged.statusCode !== 200 || verified.json<{ status: string }>().status !== 'paid') {
    throw new Error(`payment failed: ${charged.body} ${verified.body}`);
  }
  return order;
}
