import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PagedReply } from '../../../shared/paging';
import type { AdminOrderRow } from '../../../shared/admin-orders';
import {
  PAYMENT_MESSAGES,
  type AdminPayment,
  type AdminPaymentDetails,
  type PaymentStats,
  type RefundReply,
} from '../../../shared/payments';
import { auditLog, devices, orders, orderStatusHistory, outboxEmails, payments, refunds } from '../../db/schema';
import { createAgent, signedInAdmin, signInAs } from '../../../../tests/support/accounts';
import { charge, customer, nextAddress, paid, placed, verify } from '../../../../tests/support/checkout';
import { insertDevices } from '../../../../tests/support/devices';
import { usePaystackTestApp } from '../../../../tests/support/fake-paystack';
import { expectError, expectFieldError } from '../../../../tests/support/errors';
import { send, type TestApp, useTestApp } from '../../../../tests/support/test-app';

const INVALID_REFUND = {
  error: {
    code: 'VALIDATION_FAILED',
    message: 'Please enter a valid refund amount',
    fields: { amount: 'Please enter a valid refund amount' },
  },
};

async function adminCookie(t: TestApp) {
  return (await signedInAdmin(t)).cookie;
}
const refundsOf = async (t: TestApp, reference: string) => {
  const [payment] = await t.db.select().from(payments).where(eq(payments.reference, reference));
  return t.db.select().from(refunds).where(eq(refunds.paymentId, payment!.id)).orderBy(refunds.createdAt);
};
const paymentsInDatabase = async (t: TestApp) => (await t.db.select({ id: payments.id }).from(payments)).length;
const paymentOf = async (t: TestApp, reference: string) =>
  (await t.db.select().from(payments).where(eq(payments.reference, reference)))[0]!;
const orderOf = async (t: TestApp, orderNumber: string) =>
  (await t.db.select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0]!;
const stockOf = async (t: TestApp, id: string) =>
  (await t.db.select({ quantity: devices.quantity }).from(devices).where(eq(devices.id, id)))[0]!.quantity;

/** The admin's Cancel of an order. */
const cancelOrder = (t: TestApp, cookie: string, orderNumber: string) =>
  send(t.app, 'POST', `/api/admin/orders/${orderNumber}/cancel`, { cookie });

/** The admin cancels an order: 200, 'Order cancelled', and the order and refund as `expected` has them. */
async function expectCancelled(t: TestApp, cookie: string, orderNumber: string, expected: object) {
  const res = await cancelOrder(t, cookie, orderNumber);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ message: 'Order cancelled', ...expected });
}

describe('sandbox provider', () => {
  const t = useTestApp();
  let cookie: string;
  beforeAll(async () => {
    cookie = await adminCookie(t);
  });
  const refund = (reference: string, body: unknown) =>
    send(t.app, 'POST', `/api/admin/payments/${reference}/refund`, { body, cookie });
  /** A paid order of one device at `price` (major units). */
  const paidOne = async (price = 3000, email = 'thandi@example.co.za') => {
    const [device] = await insertDevices(t.db, [{ price, quantity: 2 }]);
    const order = await paid(t, [{ deviceId: device!.id, quantity: 1 }], { customer: customer({ email }) });
    t.clock.advance(1000);
    return { ...order, deviceId: device!.id };
  };

  describe('GET /api/admin/payments', () => {
    const list = (query = '') => send(t.app, 'GET', `/api/admin/payments?${query}`, { cookie });

    it('lists payments newest first with amount in minor units and what was refunded', async () => {
      const first = await paidOne(1200, 'first.payer@example.co.za');
      const second = await paidOne(2500, 'second.payer@example.co.za');
      const res = await list('pageSize=2');
      expect(res.statusCode).toBe(200);
      const body = res.json() as PagedReply<AdminPayment>;
      expect(body.items.map((p) => p.reference)).toEqual([second.payment.reference, first.payment.reference]);
      expect(body.items[0]).toMatchObject({
        customerEmail: 'second.payer@example.co.za',
        customerName: 'Thandi Nkosi',
        status: 'success',
        amount: 250_000,
        refundedAmount: 0,
        currency: 'NGN',
        channel: 'card',
        provider: 'sandbox',
      });
    });

    it('searches reference, email or name and filters by status', async () => {
      const order = await paidOne(900, 'findable.payer@example.co.za');
      const found = (await list('q=FINDABLE.payer')).json() as PagedReply<AdminPayment>;
      expect(found.items.map((p) => p.reference)).toEqual([order.payment.reference]);
      const byReference = (await list(`q=${order.payment.reference.toLowerCase()}`)).json() as PagedReply<AdminPayment>;
      expect(byReference.total).toBe(1);
      expect(((await list('status=failed')).json() as PagedReply<AdminPayment>).total).toBe(0);
    });

    it('counts a payment made after the first page was read (its total is remembered between writes) and shows a refund at once', async () => {
      const firstPage = async () => (await list()).json() as PagedReply<AdminPayment>;
      const before = await firstPage();
      expect(before.total).toBe(await paymentsInDatabase(t));
      await firstPage();

      const order = await paidOne(1500, 'counted.payer@example.co.za');
      const made = await firstPage();
      expect(made.total).toBe(before.total + 1);
      expect(made.items[0]).toMatchObject({ reference: order.payment.reference, refundedAmount: 0 });

      expect((await refund(order.payment.reference, { amount: '1500' })).statusCode).toBe(200);
      const refunded = await firstPage();
      expect(refunded.total).toBe(before.total + 1);
      expect(refunded.items[0]).toMatchObject({
        reference: order.payment.reference,
        status: 'reversed',
        refundedAmount: 150_000,
      });
      expect(refunded.total).toBe(await paymentsInDatabase(t));
    });

    it('counts a payment made while the first page is being read', async () => {
      const [device] = await insertDevices(t.db, [{ price: 800, quantity: 1 }]);
      const order = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
      await charge(t, order.payment.reference);
      await Promise.all([list(), verify(t, order.payment.reference)]);
      const after = (await list()).json() as PagedReply<AdminPayment>;
      expect(after.items[0]!.reference).toBe(order.payment.reference);
      expect(after.total).toBe(await paymentsInDatabase(t));
    });

    it('refuses an unknown status', async () => {
      const res = await list('status=lost');
      expectFieldError(res, 400, 'VALIDATION_FAILED', 'status', 'Unknown payment status');
    });
  });

  describe('POST /api/admin/payments/:reference/refund', () => {
    it('refunds in parts that add up, then refuses more than is left, and reverses the payment when all is back', async () => {
      const order = await paidOne(3000);
      const { reference } = order.payment;
      const first = await refund(reference, { amount: '1000', reason: 'Scratched screen' });
      expect(first.statusCode).toBe(200);
      const firstBody = first.json() as RefundReply;
      expect(firstBody.message).toBe('Refund processed successfully');
      expect(firstBody.refund).toMatchObject({ amount: 100_000, status: 'processed', reason: 'Scratched screen' });
      expect((await refund(reference, { amount: 1500.5 })).statusCode).toBe(200);

      const over = await refund(reference, { amount: 500 });
      const most = 'The refund can be at most NGN 499.50, what is left of this payment to refund';
      expect(PAYMENT_MESSAGES.refundTooMuch(49_950, 'NGN')).toBe(most);
      expectFieldError(over, 400, 'VALIDATION_FAILED', 'amount', most);
      expect((await paymentOf(t, reference)).status).toBe('success');

      // The Orders list and the order's details show what went back while the order is still paid.
      const orderRow = async () => {
        const res = await send(t.app, 'GET', `/api/admin/orders?q=${order.orderNumber}`, { cookie });
        return res.json().items[0];
      };
      expect(await orderRow()).toMatchObject({ paymentStatus: 'paid', totalAmount: 3000, refunded: 250_050 });
      const details = await send(t.app, 'GET', `/api/admin/orders/${order.orderNumber}`, { cookie });
      expect(details.json()).toMatchObject({ paymentStatus: 'paid', refunded: 250_050 });

      expect((await refund(reference, { amount: 499.5 })).statusCode).toBe(200);
      expect((await refundsOf(t, reference)).map((r) => r.amount)).toEqual([100_000, 150_050, 49_950]);
      expect((await paymentOf(t, reference)).status).toBe('reversed');
      expect((await orderOf(t, order.orderNumber)).paymentStatus).toBe('refunded');
      expect(await orderRow()).toMatchObject({ paymentStatus: 'refunded', refunded: 300_000 });
      const refused = await refund(reference, { amount: 1 });
      expectError(refused, 409, {
        code: 'REFUND_NOT_ALLOWED',
        message: 'Only a successful payment can be refunded; this one is reversed',
      });
    });

    it('refuses an empty, non-numeric, zero, negative or sub-cent amount and records nothing', async () => {
      const { payment } = await paidOne(1000);
      for (const amount of ['', 'ten', 0, -5, '0.001', null]) {
        const res = await refund(payment.reference, { amount });
        expect(res.statusCode, String(amount)).toBe(400);
        expect(res.json()).toEqual(INVALID_REFUND);
      }
      expect((await refund(payment.reference, {})).json()).toEqual(INVALID_REFUND);
      expect(await refundsOf(t, payment.reference)).toHaveLength(0);
    });

    it('writes the audit entry with the admin, amount and reason', async () => {
      const { payment } = await paidOne(800);
      await refund(payment.reference, { amount: 100, reason: 'Goodwill' });
      const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, payment.reference));
      expect(entry).toMatchObject({
        action: 'payment.refund',
        actorRole: 'admin',
        entityType: 'payment',
        after: { amount: 10_000, status: 'pending' },
        details: { reason: 'Goodwill' },
      });
    });

    it('answers 404 for an unknown payment', async () => {
      const res = await refund('QB-NOPE', { amount: 10 });
      expectError(res, 404, { code: 'PAYMENT_NOT_FOUND', message: 'Payment not found' });
    });

    it('answers 403 to an agent', async () => {
      const { payment } = await paidOne(800);
      const agent = await createAgent(t);
      const res = await send(t.app, 'POST', `/api/admin/payments/${payment.reference}/refund`, {
        body: { amount: 10 },
        cookie: await signInAs(t, 'agent', agent.username!),
      });
      expect(res.statusCode).toBe(403);
      expect(await refundsOf(t, payment.reference)).toHaveLength(0);
    });
  });

  describe('GET /api/admin/payments/stats', () => {
    it('counts payments, the success rate, distinct payers and revenue net of processed refunds', async () => {
      const before = (await send(t.app, 'GET', '/api/admin/payments/stats', { cookie })).json() as PaymentStats;
      const a = await paidOne(1000, 'Stats.Payer@example.co.za');
      await paidOne(500, 'stats.payer@example.co.za');
      await refund(a.payment.reference, { amount: 200 });
      const after = (await send(t.app, 'GET', '/api/admin/payments/stats', { cookie })).json() as PaymentStats;
      expect(after.totalTransactions).toBe(before.totalTransactions + 2);
      expect(after.uniqueCustomers).toBe(before.uniqueCustomers + 1);
      expect(after.successRate).toBe(100);
      const ngn = (stats: PaymentStats) => stats.totalRevenue.find((r) => r.currency === 'NGN')?.amount ?? 0;
      expect(ngn(after) - ngn(before)).toBe(130_000);
    });
  });

  describe('GET /api/admin/payments/:reference', () => {
    it('shows the payment, its order, refunds and provider events', async () => {
      const order = await paidOne(700);
      await refund(order.payment.reference, { amount: 100 });
      const res = await send(t.app, 'GET', `/api/admin/payments/${order.payment.reference}`, { cookie });
      expect(res.statusCode).toBe(200);
      const details = res.json() as AdminPaymentDetails;
      expect(details.payment).toMatchObject({
        reference: order.payment.reference,
        amount: 70_000,
        refundedAmount: 10_000,
      });
      expect(details.order).toMatchObject({ orderNumber: order.orderNumber, paymentStatus: 'paid', totalAmount: 700 });
      expect(details.refunds).toMatchObject([{ amount: 10_000, status: 'processed' }]);
      expect(details.events.map((e) => e.event)).toEqual(['refund.processed']);
    });

    it('answers 404 for an unknown reference', async () => {
      const res = await send(t.app, 'GET', '/api/admin/payments/QB-UNKNOWN', { cookie });
      expectError(res, 404, { code: 'PAYMENT_NOT_FOUND', message: 'Payment not found' });
    });
  });

  describe('POST /api/admin/orders/:orderNumber/cancel', () => {
    it('cancels a paid order: stock back, paid amount refunded, history, audit and the customer emailed', async () => {
      const order = await paidOne(2000);
      expect(await stockOf(t, order.deviceId)).toBe(1);
      await expectCancelled(t, cookie, order.orderNumber, {
        order: { orderNumber: order.orderNumber, status: 'cancelled', paymentStatus: 'refunded' },
        refund: { amount: 200_000, status: 'processed', reason: 'Order cancelled' },
      });
      expect(await stockOf(t, order.deviceId)).toBe(2);
      // View Details lists this order's payment and its refund, none of the other orders' refunds.
      const details = (await send(t.app, 'GET', `/api/admin/orders/${order.orderNumber}`, { cookie })).json();
      expect(details.payments).toMatchObject([{ reference: order.payment.reference, amount: 2000 }]);
      expect(details.refunds).toMatchObject([{ amount: 2000, status: 'processed' }]);
      const row = await orderOf(t, order.orderNumber);
      const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, row.id));
      expect(history).toMatchObject([{ status: 'cancelled', note: 'Cancelled by the admin' }]);
      const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, order.orderNumber));
      expect(entry).toMatchObject({
        action: 'order.cancel',
        before: { status: 'pending', paymentStatus: 'paid' },
        after: { status: 'cancelled' },
      });
      const [email] = await t.db
        .select()
        .from(outboxEmails)
        .where(eq(outboxEmails.dedupeKey, `order-cancelled:${order.orderNumber}`));
      expect(email).toMatchObject({ kind: 'order_cancelled', entityType: 'order', entityId: order.orderNumber });
      expect(email!.text).toContain('A refund of');
    });

    it('cancels an unpaid order: its reservation released, nothing refunded', async () => {
      const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
      const order = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
      expect(await stockOf(t, device!.id)).toBe(0);
      await expectCancelled(t, cookie, order.orderNumber, {
        order: { status: 'cancelled', paymentStatus: 'cancelled' },
        refund: null,
      });
      expect(await stockOf(t, device!.id)).toBe(1);
    });

    it('refuses a shipped or already cancelled order with 409 and changes nothing', async () => {
      const order = await paidOne(900);
      await t.db.update(orders).set({ status: 'shipped' }).where(eq(orders.orderNumber, order.orderNumber));
      const shipped = await cancelOrder(t, cookie, order.orderNumber);
      expectError(shipped, 409, {
        code: 'ORDER_MOVE_NOT_ALLOWED',
        message: 'This order is Shipped; only a Pending or Processing order can be cancelled',
      });
      expect(await stockOf(t, order.deviceId)).toBe(1);
      expect(await refundsOf(t, order.payment.reference)).toHaveLength(0);
      await t.db.update(orders).set({ status: 'processing' }).where(eq(orders.orderNumber, order.orderNumber));
      expect((await cancelOrder(t, cookie, order.orderNumber)).statusCode).toBe(200);
      const again = await cancelOrder(t, cookie, order.orderNumber);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(
        'This order is Cancelled; only a Pending or Processing order can be cancelled',
      );
      expect(await stockOf(t, order.deviceId)).toBe(2);
    });

    it('answers 404 for an unknown order', async () => {
      const res = await cancelOrder(t, cookie, 'ORD-2026-000000');
      expectError(res, 404, { code: 'ORDER_NOT_FOUND', message: 'Order not found' });
    });
  });
});

describe('paystack provider', () => {
  const { t, fake } = usePaystackTestApp();
  let cookie: string;
  beforeAll(async () => {
    cookie = await adminCookie(t);
  });
  const refund = (reference: string, amount: number) =>
    send(t.app, 'POST', `/api/admin/payments/${reference}/refund`, { body: { amount }, cookie });
  const paidOne = async (price: number) => {
    const [device] = await insertDevices(t.db, [{ price, quantity: 1 }]);
    const order = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
    fake.transactions.set(order.payment.reference, { status: 'success', amount: price * 100, currency: 'NGN' });
    await send(t.app, 'POST', '/api/payments/verify', {
      body: { reference: order.payment.reference },
      headers: { 'x-forwarded-for': nextAddress() },
    });
    return { ...order, deviceId: device!.id };
  };
  const webhook = (payload: object, secret = fake.secret) => {
    const body = JSON.stringify(payload);
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/paystack',
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': createHmac('sha512', secret).update(body).digest('hex'),
      },
      payload: body,
    });
  };

  it("asks Paystack's /refund for the amount in minor units and keeps the refund pending", async () => {
    const order = await paidOne(3000);
    const res = await refund(order.payment.reference, 1000);
    expect(res.statusCode).toBe(200);
    expect((res.json() as RefundReply).refund).toMatchObject({ amount: 100_000, status: 'pending' });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/refund',
      authorization: `Bearer ${fake.secret}`,
      body: { transaction: order.payment.reference, amount: 100_000 },
    });
  });

  it('answers Failed to process refund when Paystack refuses, recording the refund failed and the amount free again', async () => {
    const order = await paidOne(1000);
    fake.transactions.delete(order.payment.reference);
    const res = await refund(order.payment.reference, 1000);
    expectError(res, 502, { code: 'REFUND_FAILED', message: 'Failed to process refund' });
    expect(await refundsOf(t, order.payment.reference)).toMatchObject([
      { amount: 100_000, status: 'failed', failureMessage: 'Transaction not found' },
    ]);
    fake.transactions.set(order.payment.reference, { status: 'success', amount: 100_000, currency: 'NGN' });
    expect((await refund(order.payment.reference, 1000)).statusCode).toBe(200);
  });

  it('settles a refund from its signed webhook once, however often it comes, and marks the order refunded', async () => {
    const order = await paidOne(2000);
    const { refund: pending } = (await refund(order.payment.reference, 2000)).json() as RefundReply;
    const event = {
      event: 'refund.processed',
      data: {
        id: Number(pending.providerReference),
        status: 'processed',
        transaction_reference: order.payment.reference,
        amount: 200_000,
        currency: 'NGN',
      },
    };
    for (let i = 0; i < 2; i++) {
      const res = await webhook(event);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true });
    }
    expect(await refundsOf(t, order.payment.reference)).toMatchObject([{ status: 'processed' }]);
    expect((await paymentOf(t, order.payment.reference)).status).toBe('reversed');
    expect((await orderOf(t, order.orderNumber)).paymentStatus).toBe('refunded');
    const details = (
      await send(t.app, 'GET', `/api/admin/payments/${order.payment.reference}`, { cookie })
    ).json() as AdminPaymentDetails;
    expect(details.events.filter((e) => e.event === 'refund.processed')).toHaveLength(1);

    const failedLater = await webhook({ ...event, event: 'refund.failed' });
    expect(failedLater.statusCode).toBe(200);
    expect(await refundsOf(t, order.payment.reference)).toMatchObject([{ status: 'processed' }]);
  });

  it('ignores a refund webhook with a wrong signature', async () => {
    const order = await paidOne(500);
    const { refund: pending } = (await refund(order.payment.reference, 500)).json() as RefundReply;
    const res = await webhook(
      { event: 'refund.processed', data: { id: Number(pending.providerReference), status: 'processed' } },
      'sk_wrong',
    );
    expect(res.statusCode).toBe(401);
    expect(await refundsOf(t, order.payment.reference)).toMatchObject([{ status: 'pending' }]);
  });

  it('shows a payment that came after the stock was gone as a refund due on its order, until it is refunded', async () => {
    const [device] = await insertDevices(t.db, [{ price: 1500, quantity: 1 }]);
    const late = await placed(t, [{ deviceId: device!.id, quantity: 1 }], {
      customer: customer({ email: 'late.payer@example.co.za' }),
    });
    await send(t.app, 'POST', `/api/checkout/${late.orderNumber}/cancel`, { body: { accessToken: late.accessToken } });
    await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
    fake.transactions.set(late.payment.reference, { status: 'success', amount: 150_000, currency: 'NGN' });
    await send(t.app, 'POST', '/api/payments/verify', { body: { reference: late.payment.reference } });

    const listed = async () =>
      (
        (
          await send(t.app, 'GET', '/api/admin/orders?q=late.payer@example.co.za', { cookie })
        ).json() as PagedReply<AdminOrderRow>
      ).items;
    expect(await listed()).toMatchObject([
      { orderNumber: late.orderNumber, paymentStatus: 'cancelled', refundDue: 150_000 },
    ]);
    const details = await send(t.app, 'GET', `/api/admin/orders/${late.orderNumber}`, { cookie });
    expect(details.json()).toMatchObject({ refundDue: 150_000 });

    const refundDue = () => send(t.app, 'POST', `/api/admin/orders/${late.orderNumber}/refund-due`, { cookie });
    const res = await refundDue();
    expect(res.statusCode).toBe(200);
    expect((res.json() as RefundReply).refund).toMatchObject({ amount: 150_000, status: 'pending' });
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/refund',
      body: { transaction: late.payment.reference, amount: 150_000 },
    });
    expect(await listed()).toMatchObject([{ orderNumber: late.orderNumber, refundDue: 0 }]);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, late.payment.reference));
    expect(audit).toMatchObject({
      action: 'payment.refund',
      details: { reason: 'Paid after the reservation lapsed; the stock was gone' },
    });

    const again = await refundDue();
    expectError(again, 409, { code: 'NO_REFUND_DUE', message: 'Nothing is left to refund on this order' });
  });

  describe('POST /api/admin/orders/:orderNumber/cancel', () => {
    it('cancels a paid order and asks Paystack to refund all of it, the refund pending until its webhook', async () => {
      const order = await paidOne(1200);
      expect(await stockOf(t, order.deviceId)).toBe(0);
      await expectCancelled(t, cookie, order.orderNumber, {
        order: { status: 'cancelled', paymentStatus: 'paid' },
        refund: { amount: 120_000, status: 'pending', reason: 'Order cancelled' },
      });
      expect(fake.requests.at(-1)).toMatchObject({
        method: 'POST',
        path: '/refund',
        body: { transaction: order.payment.reference, amount: 120_000 },
      });
      expect(await stockOf(t, order.deviceId)).toBe(1);
      expect(await refundsOf(t, order.payment.reference)).toMatchObject([{ amount: 120_000, status: 'pending' }]);
    });

    it('still cancels when Paystack refuses the refund: stock back, the refund failed, and it can be retried', async () => {
      const order = await paidOne(800);
      fake.transactions.delete(order.payment.reference);
      await expectCancelled(t, cookie, order.orderNumber, {
        order: { status: 'cancelled' },
        refund: { amount: 80_000, status: 'failed', failureMessage: 'Transaction not found' },
      });
      expect((await orderOf(t, order.orderNumber)).status).toBe('cancelled');
      expect(await stockOf(t, order.deviceId)).toBe(1);
      expect(await refundsOf(t, order.payment.reference)).toMatchObject([
        { amount: 80_000, status: 'failed', failureMessage: 'Transaction not found' },
      ]);
      // The amount is free again: the Paystack tab's Process Refund sends it once Paystack accepts.
      fake.transactions.set(order.payment.reference, { status: 'success', amount: 80_000, currency: 'NGN' });
      const retry = await refund(order.payment.reference, 800);
      expect(retry.statusCode).toBe(200);
      expect((retry.json() as RefundReply).refund).toMatchObject({ amount: 80_000, status: 'pending' });
      expect(await refundsOf(t, order.payment.reference)).toMatchObject([{ status: 'failed' }, { status: 'pending' }]);
    });
  });

  it('owes nothing on a paid order or one never paid, and refuses a refund-due there', async () => {
    const order = await paidOne(700);
    const [device] = await insertDevices(t.db, [{ price: 700, quantity: 1 }]);
    const unpaid = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
    for (const orderNumber of [order.orderNumber, unpaid.orderNumber]) {
      const res = await send(t.app, 'GET', `/api/admin/orders/${orderNumber}`, { cookie });
      expect(res.json()).toMatchObject({ orderNumber, refundDue: 0 });
    }
    const refused = await send(t.app, 'POST', `/api/admin/orders/${order.orderNumber}/refund-due`, { cookie });
    expectError(refused, 409, {
      code: 'ORDER_MOVE_NOT_ALLOWED',
      message: 'This order is paid; only money paid after an order closed is refunded here',
    });
    expect(await refundsOf(t, order.payment.reference)).toEqual([]);
  });
});
