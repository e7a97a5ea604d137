import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { isMoveAllowed, ORDER_MOVE_NAMES, orderMoveRefusal, type OrderMove } from '../../../shared/order-moves';
import { ORDER_PAYMENT_STATUSES, ORDER_STATUSES } from '../../../shared/orders';
import type { TrackReply } from '../../../shared/tracking';
import type { AdminOrderDetails } from '../../../shared/admin-orders';
import { orders, orderStatusHistory, outboxEmails, refunds } from '../../db/schema';
import { signedInAdmin } from '../../../../tests/support/accounts';
import { customer, paid, placed } from '../../../../tests/support/checkout';
import { insertDevices } from '../../../../tests/support/devices';
import { send, useTestApp } from '../../../../tests/support/test-app';

// The table of order moves (shared/order-moves.ts) as the server enforces it, the refund email
// every refund sends, and the order's timeline (decision 048).

const t = useTestApp();
let cookie: string;
beforeAll(async () => {
  cookie = (await signedInAdmin(t)).cookie;
});

/** Each move's route, as the Orders tab calls it. */
const MOVE_REQUESTS: Record<OrderMove, (orderNumber: string) => Promise<LightMyRequestResponse>> = {
  markProcessing: (n) =>
    send(t.app, 'POST', `/api/admin/orders/${n}/status`, { cookie, body: { status: 'processing' } }),
  markShipped: (n) =>
    send(t.app, 'POST', `/api/admin/orders/${n}/status`, {
      cookie,
      body: { status: 'shipped', courier: 'Aramex', trackingNumber: 'AX1' },
    }),
  markDelivered: (n) => send(t.app, 'POST', `/api/admin/orders/${n}/status`, { cookie, body: { status: 'delivered' } }),
  updateTracking: (n) =>
    send(t.app, 'PUT', `/api/admin/orders/${n}/tracking`, {
      cookie,
      body: { courier: 'Aramex', trackingNumber: 'AX1' },
    }),
  cancel: (n) => send(t.app, 'POST', `/api/admin/orders/${n}/cancel`, { cookie }),
  refundDue: (n) => send(t.app, 'POST', `/api/admin/orders/${n}/refund-due`, { cookie }),
};

/** An unpaid order put straight into a state (some states are reached only by time or the provider). */
async function orderIn(status: string, paymentStatus: string) {
  const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
  const order = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
  await t.db.update(orders).set({ status, paymentStatus }).where(eq(orders.orderNumber, order.orderNumber));
  return order.orderNumber;
}

describe('the table of order moves', () => {
  it('allows every move the table allows and refuses every other with 409 saying why', async () => {
    let allowed = 0;
    for (const status of ORDER_STATUSES) {
      for (const paymentStatus of ORDER_PAYMENT_STATUSES) {
        const state = { status, paymentStatus };
        const refusedOn = await orderIn(status, paymentStatus);
        for (const move of ORDER_MOVE_NAMES) {
          const where = `${move} on ${status}/${paymentStatus}`;
          if (isMoveAllowed(move, state)) {
            allowed++;
            const res = await MOVE_REQUESTS[move](await orderIn(status, paymentStatus));
            // A refund due also needs money to give back (none here): that refusal is not the table's.
            if (move === 'refundDue') expect(res.json().error?.code, where).toBe('NO_REFUND_DUE');
            else expect(res.statusCode, where).toBe(200);
          } else {
            const res = await MOVE_REQUESTS[move](refusedOn);
            expect(res.statusCode, where).toBe(409);
            expect(res.json().error, where).toEqual({
              code: 'ORDER_MOVE_NOT_ALLOWED',
              message: orderMoveRefusal(move, state),
            });
          }
        }
        const [row] = await t.db.select().from(orders).where(eq(orders.orderNumber, refusedOn));
        expect(row, `${status}/${paymentStatus} unchanged`).toMatchObject({ status, paymentStatus });
      }
    }
    expect(allowed).toBeGreaterThan(0);
  });

  it('says why in the words of the issue: no Mark Processing unpaid or refunded, no tracking once cancelled', async () => {
    const unpaid = await MOVE_REQUESTS.markProcessing(await orderIn('pending', 'awaiting_payment'));
    expect(unpaid.json().error.message).toBe('This order is awaiting payment; only a paid order can move forward');
    const refunded = await MOVE_REQUESTS.markProcessing(await orderIn('pending', 'refunded'));
    expect(refunded.json().error.message).toBe('This order is refunded; only a paid order can move forward');
    const cancelled = await MOVE_REQUESTS.updateTracking(await orderIn('cancelled', 'expired'));
    expect(cancelled.json().error.message).toBe(
      'This order is Cancelled; tracking can be updated only on a Pending, Processing or Shipped order',
    );
  });
});

describe('refund emails', () => {
  const refundEmails = (to: string) =>
    t.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, to))
      .then((rows) => rows.filter((row) => row.kind === 'order_refund'));
  const paidOrder = async (email: string, price = 4000) => {
    const [device] = await insertDevices(t.db, [{ price, quantity: 2 }]);
    return paid(t, [{ deviceId: device!.id, quantity: 1 }], { customer: customer({ email }) });
  };

  it('a refund from the Paystack tab emails the customer the amount and the refund reference', async () => {
    const order = await paidOrder('refund.tab@example.co.za');
    const res = await send(t.app, 'POST', `/api/admin/payments/${order.payment.reference}/refund`, {
      cookie,
      body: { amount: 1500 },
    });
    expect(res.statusCode).toBe(200);
    const reference = res.json().refund.providerReference as string;
    expect(reference).toMatch(/^SBX-RF-/);
    const [email] = await refundEmails('refund.tab@example.co.za');
    expect(email).toMatchObject({
      subject: `Refund for order ${order.orderNumber}`,
      entityType: 'order',
      entityId: order.orderNumber,
    });
    expect(email!.text).toContain(`Refund reference: ${reference}`);
    expect(email!.text).toContain(`We have refunded ₦1,500 for your order ${order.orderNumber}.`);
  });

  it('cancelling a paid order emails the refund of all that was paid, with its reference, once', async () => {
    const order = await paidOrder('refund.cancel@example.co.za', 2500);
    const res = await MOVE_REQUESTS.cancel(order.orderNumber);
    expect(res.statusCode).toBe(200);
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.id, res.json().refund.id));
    const emails = await refundEmails('refund.cancel@example.co.za');
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe(`Refund for order ${order.orderNumber}`);
    expect(emails[0]!.text).toContain('We have refunded ₦2,500');
    expect(emails[0]!.text).toContain(`Refund reference: ${refund!.providerReference}`);
  });

  it('cancelling an order already refunded from the Paystack tab says so, and refunds nothing more', async () => {
    const order = await paidOrder('refund.before@example.co.za', 1200);
    const refunded = await send(t.app, 'POST', `/api/admin/payments/${order.payment.reference}/refund`, {
      cookie,
      body: { amount: 1200 },
    });
    expect(refunded.statusCode).toBe(200);
    const res = await MOVE_REQUESTS.cancel(order.orderNumber);
    expect(res.json()).toMatchObject({ order: { status: 'cancelled', paymentStatus: 'refunded' }, refund: null });
    expect(await refundEmails('refund.before@example.co.za')).toHaveLength(1);
    const mine = (
      await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'refund.before@example.co.za'))
    ).find((email) => email.kind === 'order_cancelled');
    expect(mine!.text).toContain('Your payment for this order was already refunded in full.');
  });

  it('a cancel of an unpaid order refunds nothing and sends no refund email', async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
    const order = await placed(t, [{ deviceId: device!.id, quantity: 1 }], {
      customer: customer({ email: 'refund.none@example.co.za' }),
    });
    expect((await MOVE_REQUESTS.cancel(order.orderNumber)).statusCode).toBe(200);
    expect(await refundEmails('refund.none@example.co.za')).toEqual([]);
  });
});

describe('the order timeline', () => {
  const tracked = async (orderNumber: string) =>
    ((await send(t.app, 'GET', `/api/track/${orderNumber}`)).json() as TrackReply & { kind: 'order' }).order;

  it('keeps each status once at its real time; Update Tracking is a tracking entry, not a status', async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
    const order = await paid(t, [{ deviceId: device!.id, quantity: 1 }]);
    const [row] = await t.db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber));
    const placedAt = row!.createdAt.toISOString();
    t.clock.advance(60_000);
    await MOVE_REQUESTS.markProcessing(order.orderNumber);
    const processingAt = t.clock.now().toISOString();
    t.clock.advance(60_000);
    expect((await MOVE_REQUESTS.updateTracking(order.orderNumber)).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await MOVE_REQUESTS.updateTracking(order.orderNumber)).statusCode).toBe(200);

    expect((await tracked(order.orderNumber)).statusHistory).toEqual([
      { status: 'pending', date: placedAt },
      { status: 'processing', date: processingAt },
    ]);
    const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, row!.id));
    expect(history.map((h) => [h.kind, h.status])).toEqual([
      ['status', 'processing'],
      ['tracking', 'processing'],
      ['tracking', 'processing'],
    ]);
    const details = (
      await send(t.app, 'GET', `/api/admin/orders/${order.orderNumber}`, { cookie })
    ).json() as AdminOrderDetails;
    expect(details.history.map((h) => h.kind)).toEqual(['status', 'status', 'tracking', 'tracking']);
    expect(details.history[2]).toMatchObject({ kind: 'tracking', note: 'Tracking: Aramex AX1' });
  });

  it('a step the order went past without an entry is left out of the history, so the page shows it skipped', async () => {
    const orderNumber = await orderIn('shipped', 'paid');
    const reply = await tracked(orderNumber);
    expect(reply.status).toBe('shipped');
    expect(reply.statusHistory.map((h) => h.status)).toEqual(['pending']);
  });
});
