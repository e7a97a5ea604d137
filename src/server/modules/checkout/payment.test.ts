import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { devices, outboxEmails, orders, payments, sandboxCharges } from '../../db/schema';
import { expectError, expectFieldError } from '../../../../tests/support/errors';
import { send, type TestApp, testConfig, useTestApp } from '../../../../tests/support/test-app';
import { insertDevices } from '../../../../tests/support/devices';
import { sendDueEmails } from '../mail/sender';
import { charge, placed, verify } from '../../../../tests/support/checkout';
import { usePaystackTestApp } from '../../../../tests/support/fake-paystack';

const SUCCESS_CARD = '4084 0840 8408 4081';

async function stockOf(t: TestApp, id: string) {
  const [row] = await t.db
    .select({ quantity: devices.quantity, inStock: devices.inStock })
    .from(devices)
    .where(eq(devices.id, id));
  return row!;
}
async function orderOf(t: TestApp, orderNumber: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  return row!;
}

describe('sandbox provider', () => {
  const t = useTestApp();

  describe('POST /api/payments/sandbox/charge', () => {
    it('declines another card with a message, records a failed charge and leaves the order unpaid', async () => {
      const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
      const order = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
      const res = await charge(t, order.payment.reference, '4000 0000 0000 0002');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 'failed',
        reference: order.payment.reference,
        message: 'Card declined: use the sandbox test card 4084 0840 8408 4081',
      });
      const [ledger] = await t.db
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.reference, order.payment.reference));
      expect(ledger).toMatchObject({
        status: 'failed',
        amount: order.payment.amount,
        currency: 'NGN',
        cardLast4: '0002',
      });
      expect((await orderOf(t, order.orderNumber)).paymentStatus).toBe('awaiting_payment');
      expect(await t.db.select().from(payments).where(eq(payments.reference, order.payment.reference))).toHaveLength(0);
    });

    it('charges the test card (spaces ignored) after a decline', async () => {
      const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
      const order = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
      await charge(t, order.payment.reference, '4111 1111 1111 1111');
      const res = await charge(t, order.payment.reference, SUCCESS_CARD);
      expect(res.json().status).toBe('success');
      const [ledger] = await t.db
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.reference, order.payment.reference));
      expect(ledger!.status).toBe('success');
    });

    it('refuses a malformed expiry', async () => {
      const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
      const order = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
      const res = await send(t.app, 'POST', '/api/payments/sandbox/charge', {
        body: { reference: order.payment.reference, cardNumber: SUCCESS_CARD, cvv: '408', expiry: '13/30' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Enter the expiry as MM/YY');
    });

    it("refuses an expired card under its expiry field, by the month in the store's time zone", async () => {
      const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
      const order = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
      const pay = (expiry: string) =>
        send(t.app, 'POST', '/api/payments/sandbox/charge', {
          body: { reference: order.payment.reference, cardNumber: SUCCESS_CARD, cvv: '408', expiry },
        });
      const expired = 'This card has expired: check the expiry date';
      expectFieldError(await pay('01/20'), 400, 'CARD_EXPIRED', 'expiry', expired);
      // 22:30 UTC on 30 November is already 1 December in Johannesburg: November's cards have expired.
      t.clock.set(new Date('2026-11-30T22:30:00Z'));
      expectFieldError(await pay('11/26'), 400, 'CARD_EXPIRED', 'expiry', expired);
      expect(
        await t.db.select().from(sandboxCharges).where(eq(sandboxCharges.reference, order.payment.reference)),
      ).toHaveLength(0);
      // An hour earlier it is still November there: the card is good through its last day.
      t.clock.set(new Date('2026-11-30T21:30:00Z'));
      expect((await pay('11/26')).json().status).toBe('success');
    });
  });

  describe('POST /api/payments/verify', () => {
    it('marks the order paid once, with one payment row and one email, however many times it is called', async () => {
      const [device] = await insertDevices(t.db, [{ brand: 'Apple', model: 'iPhone 12', price: 8000, quantity: 2 }]);
      const order = await placed(t, [{ deviceId: device!.id, quantity: 2 }]);
      await charge(t, order.payment.reference, SUCCESS_CARD);
      const results = await Promise.all(Array.from({ length: 10 }, () => verify(t, order.payment.reference)));
      for (const res of results) {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ orderNumber: order.orderNumber, status: 'paid' });
      }
      const rows = await t.db.select().from(payments).where(eq(payments.reference, order.payment.reference));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        provider: 'sandbox',
        amount: 1_600_000,
        currency: 'NGN',
        status: 'success',
        customerEmail: 'thandi@example.co.za',
        customerName: 'Thandi Nkosi',
        channel: 'card',
      });
      expect(rows[0]!.paidAt).toBeInstanceOf(Date);
      const saved = await orderOf(t, order.orderNumber);
      expect(saved).toMatchObject({ paymentStatus: 'paid', status: 'pending', reservedUntil: null });
      const emails = await t.db
        .select()
        .from(outboxEmails)
        .where(eq(outboxEmails.dedupeKey, `order-confirmation:${order.orderNumber}`));
      expect(emails).toHaveLength(1);
      expect(emails[0]).toMatchObject({ kind: 'order_confirmation', to: 'thandi@example.co.za' });
      for (const body of [emails[0]!.html, emails[0]!.text]) {
        expect(body).toContain(order.orderNumber);
        expect(body).toContain('Apple iPhone 12');
        expect(body).toContain('₦16,000');
        expect(body).toContain('12 Long Street');
        expect(body).toContain(`http://localhost:3000/order-confirmation/${order.orderNumber}`);
      }
      // The buyer now sees the payment reference; the stock stays sold.
      const view = await send(t.app, 'GET', `/api/orders/${order.orderNumber}`, {
        headers: { 'x-order-token': order.accessToken },
      });
      expect(view.json()).toMatchObject({ paymentStatus: 'paid', paymentReference: order.payment.reference });
      expect(await stockOf(t, device!.id)).toEqual({ quantity: 0, inStock: true });
    });

    it('leaves an order unpaid while the sandbox has no charge for it', async () => {
      const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
      const order = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
      const res = await verify(t, order.payment.reference);
      expect(res.json()).toEqual({ orderNumber: order.orderNumber, status: 'awaiting_payment' });
      expect(await stockOf(t, device!.id)).toEqual({ quantity: 0, inStock: true });
    });

    it('releases the stock when the provider reports a failed payment', async () => {
      const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
      const order = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
      await charge(t, order.payment.reference, '4000 0000 0000 0002');
      const res = await verify(t, order.payment.reference);
      expect(res.json()).toEqual({ orderNumber: order.orderNumber, status: 'cancelled' });
      expect(await stockOf(t, device!.id)).toEqual({ quantity: 1, inStock: true });
      const closed = await charge(t, order.payment.reference, SUCCESS_CARD);
      expect(closed.statusCode).toBe(409);
    });

    it('answers 404 for an unknown reference', async () => {
      const res = await verify(t, 'QB-UNKNOWN');
      expectError(res, 404, { code: 'PAYMENT_NOT_FOUND', message: 'Payment not found' });
    });
  });

  describe('outbox delivery', () => {
    it('delivers the confirmation to an SMTP server on loopback', async () => {
      const received: string[] = [];
      const smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, _session, callback) {
          let data = '';
          stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
          stream.on('end', () => {
            received.push(data);
            callback();
          });
        },
      });
      smtp.listen(0, '127.0.0.1');
      await once(smtp.server, 'listening');
      const { port } = smtp.server.address() as { port: number };
      try {
        const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
        const order = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
        await charge(t, order.payment.reference, SUCCESS_CARD);
        await verify(t, order.payment.reference);
        const config = testConfig({ SMTP_URL: `smtp://127.0.0.1:${port}` });
        const result = await sendDueEmails({ db: t.db, config, clock: t.clock });
        expect(result.sent).toBeGreaterThanOrEqual(1);
        expect(received.some((m) => m.includes(order.orderNumber))).toBe(true);
      } finally {
        await new Promise<void>((resolve) => smtp.close(() => resolve()));
      }
    });
  });
});

describe('paystack provider', () => {
  const { t, fake } = usePaystackTestApp();

  const sign = (body: string, secret = fake.secret) => createHmac('sha512', secret).update(body).digest('hex');
  const webhook = (body: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/paystack',
      headers: { 'content-type': 'application/json', ...(signature ? { 'x-paystack-signature': signature } : {}) },
      payload: body,
    });
  const chargeSuccess = (reference: string, amount: number, currency = 'NGN') =>
    JSON.stringify({
      event: 'charge.success',
      data: { reference, amount, currency, status: 'success', channel: 'card' },
    });

  it('has no sandbox routes: no test card to charge, no sandbox widget', async () => {
    const charge = await send(t.app, 'POST', '/api/payments/sandbox/charge', {
      body: { reference: 'QB-0000000000000000', cardNumber: '4084084084084081', cvv: '408', expiry: '12/30' },
    });
    expect(charge.statusCode).toBe(404);
    const script = await t.app.inject({ method: 'GET', url: '/payments/sandbox/inline.js' });
    expect(script.headers['content-type']).not.toMatch(/javascript/);
  });

  it('hands the browser the Paystack key and script', async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
    const order = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
    expect(order.payment).toMatchObject({
      provider: 'paystack',
      publicKey: 'pk_test_fake',
      scriptUrl: 'https://js.paystack.co/v1/inline.js',
    });
  });

  it('verifies with the secret key; ten verifies and ten webhooks give one payment and one email', async () => {
    const [device] = await insertDevices(t.db, [{ price: 12000, quantity: 1 }]);
    const order = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
    fake.transactions.set(order.payment.reference, { status: 'success', amount: 1_200_000, currency: 'NGN' });
    const body = chargeSuccess(order.payment.reference, 1_200_000);
    // The first verify asks Paystack; the rest race the webhooks.
    const first = await verify(t, order.payment.reference);
    const results = [
      first,
      ...(await Promise.all([
        ...Array.from({ length: 9 }, () => verify(t, order.payment.reference)),
        ...Array.from({ length: 10 }, () => webhook(body, sign(body))),
      ])),
    ];
    for (const res of results) expect(res.statusCode).toBe(200);
    expect(results[0]!.json()).toEqual({ orderNumber: order.orderNumber, status: 'paid' });
    expect(fake.requests.some((r) => r.path === `/transaction/verify/${order.payment.reference}`)).toBe(true);
    expect(fake.requests.every((r) => r.authorization === `Bearer ${fake.secret}`)).toBe(true);
    expect(await t.db.select().from(payments).where(eq(payments.reference, order.payment.reference))).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(outboxEmails)
        .where(eq(outboxEmails.dedupeKey, `order-confirmation:${order.orderNumber}`)),
    ).toHaveLength(1);
    expect((await orderOf(t, order.orderNumber)).paymentStatus).toBe('paid');
  });

  it('answers a forged or missing signature 401 and changes nothing', async () => {
    const [device] = await insertDevices(t.db, [{ price: 5000, quantity: 1 }]);
    const order = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
    const body = chargeSuccess(order.payment.reference, 500_000);
    for (const res of [
      await webhook(body),
      await webhook(body, sign(body, 'sk_wrong')),
      await webhook(body, 'abc'),
      await webhook(body.replace('500000', '500001'), sign(body)),
    ]) {
      expectError(res, 401, { code: 'UNAUTHORIZED', message: 'Invalid signature' });
    }
    expect((await orderOf(t, order.orderNumber)).paymentStatus).toBe('awaiting_payment');
    expect(await t.db.select().from(payments).where(eq(payments.reference, order.payment.reference))).toHaveLength(0);
  });

  it('answers a signed body that is not JSON with a 400', async () => {
    const body = '{"event": ';
    const res = await webhook(body, sign(body));
    expectError(res, 400, { code: 'BAD_REQUEST', message: 'The request body is not valid JSON' });
  });

  it('marks nothing paid when the amount or the currency differs', async () => {
    const [device] = await insertDevices(t.db, [{ price: 5000, quantity: 2 }]);
    const short = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
    const otherCurrency = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
    fake.transactions.set(short.payment.reference, { status: 'success', amount: 100, currency: 'NGN' });
    fake.transactions.set(otherCurrency.payment.reference, { status: 'success', amount: 500_000, currency: 'USD' });
    expect((await verify(t, short.payment.reference)).json().status).toBe('awaiting_payment');
    expect((await verify(t, otherCurrency.payment.reference)).json().status).toBe('awaiting_payment');
    const body = chargeSuccess(short.payment.reference, 100);
    expect((await webhook(body, sign(body))).statusCode).toBe(200);
    for (const order of [short, otherCurrency]) {
      expect((await orderOf(t, order.orderNumber)).paymentStatus).toBe('awaiting_payment');
      expect(await t.db.select().from(payments).where(eq(payments.reference, order.payment.reference))).toHaveLength(0);
    }
  });

  it('releases the stock when Paystack reports the payment abandoned', async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
    const order = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
    fake.transactions.set(order.payment.reference, { status: 'abandoned', amount: 500_000, currency: 'NGN' });
    expect((await verify(t, order.payment.reference)).json().status).toBe('cancelled');
    expect(await stockOf(t, device!.id)).toEqual({ quantity: 1, inStock: true });
  });

  it('takes the stock again for a payment that arrives after cancel, or records it unpaid when the stock is gone', async () => {
    const [device] = await insertDevices(t.db, [{ price: 2000, quantity: 1 }]);
    const late = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
    await send(t.app, 'POST', `/api/checkout/${late.orderNumber}/cancel`, { body: { accessToken: late.accessToken } });
    fake.transactions.set(late.payment.reference, { status: 'success', amount: 200_000, currency: 'NGN' });
    expect((await verify(t, late.payment.reference)).json().status).toBe('paid');
    expect(await orderOf(t, late.orderNumber)).toMatchObject({ paymentStatus: 'paid', status: 'pending' });
    expect(await stockOf(t, device!.id)).toEqual({ quantity: 0, inStock: true });

    const [other] = await insertDevices(t.db, [{ price: 2000, quantity: 1 }]);
    const gone = await placed(t, [{ deviceId: other!.id, quantity: 1 }]);
    await send(t.app, 'POST', `/api/checkout/${gone.orderNumber}/cancel`, { body: { accessToken: gone.accessToken } });
    await placed(t, [{ deviceId: other!.id, quantity: 1 }]);
    fake.transactions.set(gone.payment.reference, { status: 'success', amount: 200_000, currency: 'NGN' });
    expect((await verify(t, gone.payment.reference)).json().status).toBe('cancelled');
    expect(await stockOf(t, other!.id)).toEqual({ quantity: 0, inStock: true });
    expect(await t.db.select().from(payments).where(eq(payments.reference, gone.payment.reference))).toHaveLength(1);
  });
});
