import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdmin, createAgent, signInAs, signUpCustomer } from '../../../../tests/support/accounts';
import { customer, paid, placed } from '../../../../tests/support/checkout';
import { insertDevices } from '../../../../tests/support/devices';
import { send, useTestApp } from '../../../../tests/support/test-app';
import { payments, refunds, tradeIns } from '../../db/schema';

describe('GET /api/admin/overview', () => {
  const t = useTestApp();

  it('counts customers, active agents and trade-ins, and sums revenue net of refunds beside the offered total', async () => {
    const { email: adminEmail } = await createAdmin(t);
    const registered = await signUpCustomer(t);
    await signUpCustomer(t);
    await createAgent(t);
    await createAgent(t, 'resting.agent', 'inactive');
    const [a, b] = await insertDevices(t.db, [
      { price: 5000, quantity: 5 },
      { price: 700, quantity: 5 },
    ]);
    // Customers: the two accounts, and one guest who paid; a registered customer paying as a guest (their
    // email in capitals) is one customer, and an unpaid checkout's email is nobody yet.
    const asGuest = { customer: customer({ email: registered.email.toUpperCase() }) };
    const first = await paid(t, [{ deviceId: a!.id, quantity: 2 }], asGuest);
    t.clock.advance(86_400_000);
    await paid(t, [{ deviceId: b!.id, quantity: 1 }]);
    await placed(t, [{ deviceId: b!.id, quantity: 1 }], { customer: customer({ email: 'browsing@example.co.za' }) }); // unpaid: no revenue
    const [payment] = await t.db.select().from(payments).where(eq(payments.reference, first.payment.reference));
    const refundedAt = new Date('2026-11-22T12:00:00Z');
    await t.db.insert(refunds).values([
      { paymentId: payment!.id, amount: 150_000, status: 'processed', createdAt: refundedAt, updatedAt: refundedAt },
      { paymentId: payment!.id, amount: 99_900, status: 'failed', createdAt: refundedAt, updatedAt: refundedAt },
    ]);
    const trade = (n: number, values: { offeredAmount?: number | null; estimatedValue: number }) => ({
      transactionNumber: `TXN170000000000${n}`,
      customerName: `Seller ${n}`,
      customerEmail: `seller${n}@example.co.za`,
      customerPhone: '+27 82 000 0000',
      address: '1 Main Road',
      deviceType: 'phone',
      brand: 'Samsung',
      model: `Galaxy S${n}`,
      isOwner: true,
      createdAt: new Date(Date.UTC(2026, 10, n)),
      ...values,
    });
    await t.db
      .insert(tradeIns)
      .values(
        [1, 2, 3, 4, 5, 6].map((n) => trade(n, { estimatedValue: 1000 * n, offeredAmount: n % 2 ? 500 * n : null })),
      );

    // Signed in now: a staff session lasts hours, not the day the orders above span.
    const admin = await signInAs(t, 'admin', adminEmail);
    const res = await send(t.app, 'GET', '/api/admin/overview', { cookie: admin });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      totalCustomers: 3,
      activeAgents: 1,
      totalTransactions: 6,
      totalRevenue: 10_000 + 700 - 1_500,
      offeredTotal: 500 + 1_500 + 2_500,
    });
    expect(body.recentTransactions).toEqual([
      {
        transactionNumber: 'TXN1700000000006',
        customerName: 'Seller 6',
        deviceInfo: 'Samsung Galaxy S6',
        amount: 6000,
        status: 'Awaiting Confirmation',
      },
      {
        transactionNumber: 'TXN1700000000005',
        customerName: 'Seller 5',
        deviceInfo: 'Samsung Galaxy S5',
        amount: 2500,
        status: 'Awaiting Confirmation',
      },
      {
        transactionNumber: 'TXN1700000000004',
        customerName: 'Seller 4',
        deviceInfo: 'Samsung Galaxy S4',
        amount: 4000,
        status: 'Awaiting Confirmation',
      },
      {
        transactionNumber: 'TXN1700000000003',
        customerName: 'Seller 3',
        deviceInfo: 'Samsung Galaxy S3',
        amount: 1500,
        status: 'Awaiting Confirmation',
      },
      {
        transactionNumber: 'TXN1700000000002',
        customerName: 'Seller 2',
        deviceInfo: 'Samsung Galaxy S2',
        amount: 2000,
        status: 'Awaiting Confirmation',
      },
    ]);
    expect(body.daily).toHaveLength(30);
    expect(body.daily.at(-1)).toEqual({ date: '2026-11-23', revenue: 700, orders: 1 });
    // The refund counts against the day it was processed.
    expect(body.daily.at(-2)).toEqual({ date: '2026-11-22', revenue: 10_000 - 1_500, orders: 1 });
    expect(body.daily[0].date).toBe('2026-10-25');
  });
});
