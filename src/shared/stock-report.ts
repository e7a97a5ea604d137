import { z } from 'zod';
import { inDateOrder } from './date-filters';
import type { UnitSource } from './stock-listing';

/*
 * The admin's Reports tab (docs/decisions/091): from bought to sold for a period of the store's days. Money in
 * whole currency units; days in Johannesburg (UTC+2 all year), both ends included.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (value: string) => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
/** A day of the period; an empty box is no day (the default), as an empty filter is on the other lists. */
const day = (label: string) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string({ error: `${label} must be a date` })
      .trim()
      .refine(isRealDay, `${label} must be a date (YYYY-MM-DD)`)
      .optional(),
  );

/** The longest period one report covers: a year and a day, so a leap year fits. */
export const MAX_REPORT_DAYS = 367;

/** GET /api/admin/reports?from=&to= (and its export): without them, the last 30 days to today. */
export const stockReportQuerySchema = inDateOrder(z.object({ from: day('From'), to: day('To') })).refine(
  (query) =>
    !query.from ||
    !query.to ||
    (Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / 86_400_000 < MAX_REPORT_DAYS,
  { path: ['from'], message: `A report covers at most ${MAX_REPORT_DAYS} days` },
);
export type StockReportQuery = z.output<typeof stockReportQuerySchema>;

/** Sales, cost and gross margin of the units sold in the period, of one device type and brand (or all). */
export interface MarginLine {
  type: string;
  brand: string;
  unitsSold: number;
  /** What the units sold for: their order lines' prices. */
  sales: number;
  /** What the store paid for them (units with a recorded cost). */
  cost: number;
  grossMargin: number;
  /** Units sold with no recorded cost (stock added by hand without one): their cost counts as 0. */
  unitsWithoutCost: number;
}

export interface UnsoldUnit {
  deviceId: string;
  name: string;
  source: UnitSource;
  tradeInNumber: string | null;
  listedAt: string;
  daysWaiting: number;
  price: number;
  cost: number | null;
}

/** GET /api/admin/reports */
export interface StockReport {
  from: string;
  to: string;
  units: {
    /** Trade-ins paid out in the period (the Transactions tab's Paid and Listed). */
    bought: number;
    listed: number;
    sold: number;
    writtenOff: number;
    /** Units returned by customers whose return was settled (refunded or replaced) in the period. */
    returned: number;
  };
  money: {
    /** Paid to sellers for the trade-ins bought in the period. */
    boughtFor: number;
    /** Payments received less refunds processed in the period (the Paystack tab's revenue: decision 027). */
    revenue: number;
    received: number;
    refunded: number;
    /** Orders paid in the period. */
    ordersPaid: number;
  };
  /** The units sold in the period, by type and brand, and all together. */
  margins: MarginLine[];
  total: MarginLine;
  averageDays: {
    /** From the seller's payout to the unit's listing, for trade-in units listed in the period. */
    paidToListed: number | null;
    /** From listing to sale, for units sold in the period. */
    listedToSold: number | null;
  };
  /** The ten units longest on the shelf now. */
  oldestUnsold: UnsoldUnit[];
}

export const REPORT_MESSAGES = {
  loadFailed: 'Failed to load the report',
} as const;
