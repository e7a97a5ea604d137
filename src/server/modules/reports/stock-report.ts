import { and, asc, count, eq, gte, isNotNull, isNull, lt, sql, sum, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { UnitSource } from '../../../shared/stock-listing';
import type { MarginLine, StockReport, StockReportQuery } from '../../../shared/stock-report';
import type { Database } from '../../db/client';
import {
  devices,
  orderItems,
  orders,
  payments,
  refunds,
  returnRequests,
  returnUnits,
  stockUnits,
  tradeInPayouts,
  tradeIns,
} from '../../db/schema';
import type { Clock } from '../../lib/clock';

/*
 * The Reports tab (docs/decisions/091): what the store bought, listed, sold, wrote off and took back in a period
 * of its days, what the units sold earned and cost (each unit's own cost: docs/decisions/090), how long units
 * waited, and the ten waiting longest. Read-only aggregates over the owners' tables, like the overview
 * (docs/decisions/028); money as decision 027 defines it, so the figures are the money tabs' own.
 */

const HOUR = 3_600_000;
const DAY_MS = 24 * HOUR;
/** South Africa keeps UTC+2 all year: a fixed offset names the store's day (as the overview). */
const STORE_OFFSET_MS = 2 * HOUR;

const storeDay = (at: Date) => new Date(at.getTime() + STORE_OFFSET_MS).toISOString().slice(0, 10);
const dayStart = (day: string) => new Date(`${day}T00:00:00+02:00`);

/** The period's days and instants: without dates, the 30 days to today. */
export function reportPeriod(query: StockReportQuery, now: Date) {
  const to = query.to ?? storeDay(now);
  const from = query.from ?? storeDay(new Date(dayStart(to).getTime() - 29 * DAY_MS));
  return { from, to, start: dayStart(from), end: new Date(dayStart(to).getTime() + DAY_MS) };
}

type Period = ReturnType<typeof reportPeriod>;

const within = (column: AnyPgColumn, { start, end }: Period): SQL => and(gte(column, start), lt(column, end))!;
const asNumber = (value: string | number | null | undefined) => Number(value ?? 0);
/** Average days between two instants, one decimal; null over no rows. */
const averageDays = (later: AnyPgColumn, earlier: AnyPgColumn) =>
  sql<string | null>`round((avg(extract(epoch from (${later} - ${earlier}))) / 86400)::numeric, 1)`;

/**
 * What a sold unit sold for: its order's line of that device, looked up for each unit (by the order's number,
 * then the order's lines). Joined instead, the planner matched every line of a popular device against every
 * unit sold: 190 s at 100,000 orders of one device (docs/performance/reports.md).
 */
const soldFor = sql<number>`(select ${orderItems.price} from ${orderItems}
  inner join ${orders} on ${orders.id} = ${orderItems.orderId}
  where ${orders.orderNumber} = ${stockUnits.orderNumber} and ${orderItems.deviceId} = ${stockUnits.deviceId}
  limit 1)`;

/** Units sold in the period with what they sold for, by device type and brand. */
async function margins(db: Database, period: Period): Promise<MarginLine[]> {
  const rows = await db
    .select({
      type: devices.type,
      brand: devices.brand,
      unitsSold: count(),
      sales: sum(soldFor),
      cost: sum(stockUnits.cost),
      unitsWithoutCost: sql<string>`count(*) filter (where ${stockUnits.cost} is null)`,
    })
    .from(stockUnits)
    .innerJoin(devices, eq(devices.id, stockUnits.deviceId))
    .where(within(stockUnits.soldAt, period))
    .groupBy(devices.type, devices.brand)
    .orderBy(asc(devices.type), asc(devices.brand));
  return rows.map((row) => {
    const sales = asNumber(row.sales);
    const cost = asNumber(row.cost);
    return {
      type: row.type,
      brand: row.brand,
      unitsSold: asNumber(row.unitsSold),
      sales,
      cost,
      grossMargin: sales - cost,
      unitsWithoutCost: asNumber(row.unitsWithoutCost),
    };
  });
}

function totalOf(lines: MarginLine[]): MarginLine {
  const add = (key: 'unitsSold' | 'sales' | 'cost' | 'grossMargin' | 'unitsWithoutCost') =>
    lines.reduce((total, line) => total + line[key], 0);
  return {
    type: 'All',
    brand: 'All',
    unitsSold: add('unitsSold'),
    sales: add('sales'),
    cost: add('cost'),
    grossMargin: add('grossMargin'),
    unitsWithoutCost: add('unitsWithoutCost'),
  };
}

/** The ten units on the shelf longest (not sold, not written off, of a device not deleted), as of now. */
async function oldestUnsold(db: Database, now: Date) {
  const rows = await db
    .select({
      deviceId: stockUnits.deviceId,
      name: devices.name,
      source: stockUnits.source,
      tradeInNumber: stockUnits.tradeInNumber,
      listedAt: stockUnits.listedAt,
      price: devices.price,
      cost: stockUnits.cost,
    })
    .from(stockUnits)
    .innerJoin(devices, eq(devices.id, stockUnits.deviceId))
    .where(and(isNull(stockUnits.soldAt), isNull(stockUnits.writtenOffAt), isNull(devices.deletedAt)))
    .orderBy(asc(stockUnits.listedAt), asc(stockUnits.id))
    .limit(10);
  return rows.map((row) => ({
    ...row,
    source: row.source as UnitSource,
    listedAt: row.listedAt.toISOString(),
    daysWaiting: Math.floor((now.getTime() - row.listedAt.getTime()) / DAY_MS),
  }));
}

/** GET /api/admin/reports: every figure of the period, each one query over the owners' tables. */
export async function stockReport({
  db,
  clock,
  query,
}: {
  db: Database;
  clock: Clock;
  query: StockReportQuery;
}): Promise<StockReport> {
  const now = clock.now();
  const period = reportPeriod(query, now);
  const [[bought], [units], [received], [refunded], [returned], [waits], lines, oldest] = await Promise.all([
    db
      .select({ count: count(), paid: sum(tradeIns.offeredAmount) })
      .from(tradeInPayouts)
      .innerJoin(tradeIns, eq(tradeIns.id, tradeInPayouts.tradeInId))
      .where(within(tradeInPayouts.paidAt, period)),
    db
      .select({
        listed: sql<string>`count(*) filter (where ${within(stockUnits.listedAt, period)})`,
        sold: sql<string>`count(*) filter (where ${within(stockUnits.soldAt, period)})`,
        writtenOff: sql<string>`count(*) filter (where ${within(stockUnits.writtenOffAt, period)})`,
      })
      .from(stockUnits)
      .where(
        sql`${within(stockUnits.listedAt, period)} or ${within(stockUnits.soldAt, period)} or ${within(stockUnits.writtenOffAt, period)}`,
      ),
    db
      .select({ minor: sum(payments.amount), orders: sql<string>`count(distinct ${payments.orderId})` })
      .from(payments)
      .where(and(isNotNull(payments.paidAt), within(payments.paidAt, period))),
    db
      .select({ minor: sum(refunds.amount) })
      .from(refunds)
      .where(and(eq(refunds.status, 'processed'), within(refunds.updatedAt, period))),
    db
      .select({ units: sum(returnUnits.quantity) })
      .from(returnUnits)
      .innerJoin(returnRequests, eq(returnRequests.id, returnUnits.requestId))
      .where(and(isNotNull(returnRequests.stockOutcome), within(returnRequests.updatedAt, period))),
    db
      .select({
        paidToListed: sql<
          string | null
        >`(select ${averageDays(stockUnits.listedAt, stockUnits.boughtAt)} from ${stockUnits}
          where ${stockUnits.boughtAt} is not null and ${within(stockUnits.listedAt, period)})`,
        listedToSold: sql<
          string | null
        >`(select ${averageDays(stockUnits.soldAt, stockUnits.listedAt)} from ${stockUnits}
          where ${within(stockUnits.soldAt, period)})`,
      })
      .from(sql`(select 1) as one`),
    margins(db, period),
    oldestUnsold(db, now),
  ]);
  const receivedMinor = asNumber(received?.minor);
  const refundedMinor = asNumber(refunded?.minor);
  return {
    from: period.from,
    to: period.to,
    units: {
      bought: asNumber(bought?.count),
      listed: asNumber(units?.listed),
      sold: asNumber(units?.sold),
      writtenOff: asNumber(units?.writtenOff),
      returned: asNumber(returned?.units),
    },
    money: {
      boughtFor: asNumber(bought?.paid),
      revenue: (receivedMinor - refundedMinor) / 100,
      received: receivedMinor / 100,
      refunded: refundedMinor / 100,
      ordersPaid: asNumber(received?.orders),
    },
    margins: lines,
    total: totalOf(lines),
    averageDays: {
      paidToListed: waits?.paidToListed == null ? null : Number(waits.paidToListed),
      listedToSold: waits?.listedToSold == null ? null : Number(waits.listedToSold),
    },
    oldestUnsold: oldest,
  };
}
