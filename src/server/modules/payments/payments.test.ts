import { describe, expect, it } from 'vitest';
import { refunds } from '../../db/schema';
import { nextAddress, placed } from '../../../../tests/support/checkout';
import { insertDevices } from '../../../../tests/support/devices';
import { usePaystackTestApp } from '../../../../tests/support/fake-paystack';
import { send, type TestApp, useTestApp } from '../../../../tests/support/test-app';
import { paymentProvider } from './providers';
import { refundPayment } from './service';

const verify = (t: TestApp, reference: string) =>
  send(t.app, 'POST', '/api/payments/verify', { body: { reference }, headers: { 'x-forwarded-for': nextAddress() } });

describe('sandbox provider', () => {
  const t = useTestApp();

  describe('GET /payments/sandbox/inline.js', () => {
    it('serves the widget script as JavaScript with no eval', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/payments/sandbox/inline.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/javascript/);
      expect(res.body).toContain('PaystackPop');
      expect(res.body).toContain("'aria-modal': 'true'");
      expect(res.body).not.toMatch(/\beval\(|new Function/);
    });
  });
});

describe('refundPayment', () => {
  const { t, fake } = usePaystackTestApp();

  it('refunds a payment through POST /refund', async () => {
    const [device] = await insertDevices(t.db, [{ price: 3000, quantity: 1 }]);
    const order = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
    fake.transactions.set(order.payment.reference, { status: 'success', amount: 300_000, currency: 'NGN' });
    await verify(t, order.payment.reference);
    const { refund } = await refundPayment({
      db: t.db,
      provider: paymentProvider({ config: t.config, db: t.db }),
      reference: order.payment.reference,
      amount: 100_000,
    });
    expect(refund).toMatchObject({ amount: 100_000, status: 'pending', providerReference: expect.any(String) });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/refund',
      body: { transaction: order.payment.reference, amount: 100_000 },
    });
    expect(await t.db.select().from(refunds)).toHaveLength(1);
  });
});
