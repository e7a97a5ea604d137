import { and, count, desc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import { returnsOverview } from '../returns';
import { OVERVIEW_DAYS, RECENT_TRANSACTIONS, type AdminOverview } from '../../../shared/admin-overview';
import type { Database } from '../../db/client';
import { payments, refunds, tradeIns, users } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { backupStatus } from '../backups';

/**
 * The admin's Overview (spec 001 'Overview'). This module only reads: aggregate queries over the
 * tables of accounts, payments and trade-ins, never a write (docs/decisions/028). Money is what
 * the provider confirmed (payments with a paid_at) less refunds processed (decision 027).
 */

/** South Africa keeps UTC+2 all year (no daylight saving): a fixed offset names the store's day. */
const day = (column: unknown) =>
  sql<string>`to_char((${column} at time zone 'UTC') + interval '2 hours', 'YYYY-MM-DD')`;

function lastDays(now: Date, days: number): string[] {
  const today = new Date(now.getTime() + 2 * 3_600_000);
  return Array.from({ length: days }, (_, i) => {
    const d = new Date(today);
    d.setUTCDate(d.getUTCDate() - (days - 1 - i));
    return d.toISOString().slice(0, 10);
  });
}

/**
 * Total Customers (decision 102): the people who hold a customer account or paid for an order as a guest,
 * each once: a guest buyer is known by the email their paid order was confirmed to, matched without
 * case against the accounts' emails and each other.
 */
function countCustomers(db: Database) {
  const accounts = db
    .select({ email: sql<string>`lower(${users.email})`.as('email') })
    .from(users)
    .where(and(eq(users.role, 'customer'), isNull(users.deletedAt)));
  const buyers = db
    .select({ email: sql<string>`lower(${payments.customerEmail})`.as('email') })
    .from(payments)
    .where(isNotNull(payments.paidAt));
  return db.select({ n: count() }).from(union(accounts, buyers).as('customers'));
}

export async function getOverview({
  db,
  clock,
  backupEveryHours,
}: {
  db: Database;
  clock: Clock;
  /** BACKUP_EVERY_HOURS: the backups' line warns when the last good one is older than twice it. */
  backupEveryHours: number | null;
}): Promise<AdminOverview> {
  const now = clock.now();
  const dates = lastDays(now, OVERVIEW_DAYS);
  // The first day's start in Cape Town, as an instant.
  const since = new Date(`${dates[0]}T00:00:00+02:00`);
  const received = isNotNull(payments.paidAt);
  const processed = eq(refunds.status, 'processed');

  const [[customers], [agents], [trades], [paid], [refunded], recent, paidByDay, refundedByDay, backups] =
    await Promise.all([
      countCustomers(db),
      db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, 'agent'), eq(users.status, 'active'), isNull(users.deletedAt))),
      db.select({ n: count(), offered: sql<number>`coalesce(sum(${tradeIns.offeredAmount}), 0)` }).from(tradeIns),
      db
        .select({ minor: sql<number>`coalesce(sum(${payments.amount}), 0)` })
        .from(payments)
        .where(received),
      db
        .select({ minor: sql<number>`coalesce(sum(${refunds.amount}), 0)` })
        .from(refunds)
        .where(processed),
      db
        .select({
          transactionNumber: tradeIns.transactionNumber,
          customerName: tradeIns.customerName,
          brand: tradeIns.brand,
          model: tradeIns.model,
          offered: tradeIns.offeredAmount,
          estimated: tradeIns.estimatedValue,
          status: tradeIns.status,
        })
        .from(tradeIns)
        .orderBy(desc(tradeIns.createdAt), desc(tradeIns.id))
        .limit(RECENT_TRANSACTIONS),
      db
        .select({
          date: day(payments.paidAt),
          minor: sql<number>`sum(${payments.amount})`,
          orders: sql<number>`count(distinct ${payments.orderId})`,
        })
        .from(payments)
        .where(and(received, gte(payments.paidAt, since)))
        .groupBy(day(payments.paidAt)),
      db
        .select({ date: day(refunds.updatedAt), minor: sql<number>`sum(${refunds.amount})` })
        .from(refunds)
        .where(and(processed, gte(refunds.updatedAt, since)))
        .groupBy(day(refunds.updatedAt)),
      backupStatus(db, backupEveryHours),
    ]);

  const daily = dates.map((date) => {
    const inflow = paidByDay.find((r) => r.date === date);
    const outflow = refundedByDay.find((r) => r.date === date);
    return {
      date,
      revenue: (Number(inflow?.minor ?? 0) - Number(outflow?.minor ?? 0)) / 100,
      orders: Number(inflow?.orders ?? 0),
    };
  });

  return {
    totalCustomers: Number(customers?.n ?? 0),
    activeAgents: Number(agents?.n ?? 0),
    totalTransactions: Number(trades?.n ?? 0),
    totalRevenue: (Number(paid?.minor ?? 0) - Number(refunded?.minor ?? 0)) / 100,
    offeredTotal: Number(trades?.offered ?? 0),
    recentTransactions: recent.map((r) => ({
      transactionNumber: r.transactionNumber,
      customerName: r.customerName,
      deviceInfo: [r.brand, r.model].filter(Boolean).join(' '),
      amount: r.offered ?? r.estimated ?? 0,
      status: r.status,
    })),
    daily,
    returns: await returnsOverview(db, now),
    backups,
    now: now.toISOString(),
  };
}
