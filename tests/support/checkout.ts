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

/** An order placed and paid through the sandbox provider, as a shopper pays one. */
export async function paidOrder(
  t: TestApp,
  items: { deviceId: string; quantity: number }[],
  options: Parameters<typeof checkout>[2] = {},
): Promise<CheckoutReply> {
  const order = await placed(t, items, options);
  const headers = { 'x-forwarded-for': nextAddress() };
  const body = { reference: order.payment.reference, cardNumber: '4084 0840 8408 4081', cvv: '408', expiry: '12/30' };
  const charged = await send(t.app, 'POST', '/api/payments/sandbox/charge', { body, headers });
  if (charged.statusCode >= 300) throw new Error(`charge failed: ${charged.body}`);
  const verified = await send(t.app, 'POST', '/api/payments/verify', {
    body: { reference: order.payment.reference },
    headers,
  });
  if (verified.json().status !== 'paid') throw new Error(`verify failed: ${verified.body}`);
  return order;
}
