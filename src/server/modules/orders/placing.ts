import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { AccountOrder } from '../../../shared/accounts';
import type { Currency } from '../../../shared/money';
import { toMinorUnits } from '../../../shared/money';
import type { Address, CheckoutCustomer, OrderPaymentStatus, OrderStatus, OrderView } from '../../../shared/orders';
import { afterCommit, type Database, type DbHandle, type Transaction } from '../../db/client';
import { orderItems, orders, orderStatusHistory, type AddressRecord } from '../../db/schema/orders';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import { rememberedTotal } from '../../lib/paging';
import { signedUntilMatches, signingKey, signUntil } from '../../lib/signing';
import { orderNumber as makeOrderNumber, withFreeNumber } from '../../lib/reference-numbers';
import { ANONYMOUS_MAIL_CAP, enqueueEmail } from '../mail/outbox';
import { renderOrderLinkEmail } from './link-email';

export const ORDER_NOT_FOUND = 'ORDER_NOT_FOUND';
export const ORDER_NOT_FOUND_MESSAGE = 'Order not found';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** True when `token` is the one whose hash the order keeps (constant-time). */
export function tokenMatches(order: Pick<OrderRow, 'accessTokenHash'>, token: string | undefined | null): boolean {
  if (!token || token.length > 200) return false;
  const given = Buffer.from(hashToken(token), 'hex');
  const stored = Buffer.from(order.accessTokenHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The placing browser's own token: it came with the order, at link version 0, so the first revoke voids it. */
const isPlacingBrowsersToken = (order: OrderRow, token: string | undefined) =>
  order.linkVersion === 0 && tokenMatches(order, token);

function addressRecord(address: Address): AddressRecord {
  return {
    street: address.street,
    city: address.city,
    state: address.state,
    zipCode: address.zipCode,
    country: address.country,
  };
}

/** A line the order keeps: what the device was, and the price it was bought at. */
export interface OrderLine {
  deviceId: string;
  quantity: number;
  name: string;
  price: number;
  condition: string;
  storage: string;
  image: string | null;
}

/** What placing an order reads back of it: its number, its payment and how long its stock is held. */
const CREATED_COLUMNS = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  customerName: orders.customerName,
  customerEmail: orders.customerEmail,
  paymentReference: orders.paymentReference,
  totalAmount: orders.totalAmount,
  currency: orders.currency,
  reservedUntil: orders.reservedUntil,
};

export interface CreatedOrder {
  order: Pick<OrderRow, keyof typeof CREATED_COLUMNS>;
  /** The only copy of the token the placing browser reads its order with (the order keeps its hash). */
  accessToken: string;
  /**
   * Units the client address already held in other unpaid orders whose reservation still runs, not
   * counting this one: read in the same statement, after lockHoldsOf, so the caller can refuse an
   * order that takes the address over its limit (its rollback takes the order back).
   */
  alreadyHeld: number;
}

/** How many orders there are: the admin's Orders list total before any search or filter. */
export const everyOrder = rememberedTotal(orders);

/**
 * Writes an order for lines already reserved and priced, pending and awaiting payment until
 * `reservedUntil`, in the caller's transaction (checkout's workflow, opened with transaction()). The
 * order, its lines and what its address already holds are one statement: on PGlite every statement
 * costs its own WebAssembly run, on PostgreSQL a round trip with a pooled connection held
 * (docs/decisions/037).
 * Undo: closeUnpaidOrder.
 */
export async function createOrder(
  tx: Transaction,
  {
    lines,
    customer,
    customerId,
    currency,
    paymentReference,
    now,
    reservedUntil,
    clientAddress,
    cartId,
  }: {
    lines: OrderLine[];
    customer: CheckoutCustomer;
    customerId: string | null;
    currency: Currency;
    paymentReference: string;
    now: Date;
    reservedUntil: Date;
    /** Who holds the stock until it is paid: the per-address hold limit counts by it. */
    clientAddress: string;
    cartId: string | null;
  },
): Promise<CreatedOrder> {
  const accessToken = randomBytes(32).toString('base64url');
  const total = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  // Every line in one jsonb parameter, so an order of any size is still one statement.
  const lineRecords = lines.map(({ deviceId, ...line }) => ({ device_id: deviceId, ...line }));
  const lineRows = sql`jsonb_to_recordset(${JSON.stringify(lineRecords)}::jsonb)
    as line(device_id uuid, name text, price integer, quantity integer, image text, condition text, storage text)`;
  const heldBefore = tx
    .select({ units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.clientAddress, clientAddress),
        eq(orders.paymentStatus, 'awaiting_payment'),
        gt(orders.reservedUntil, now),
      ),
    );
  const created = await withFreeNumber(
    // The spec's number from the clock first, then random six digits if the clock's repeat.
    (attempt) => makeOrderNumber(new Date(now.getTime() + (attempt < 3 ? attempt : randomInt(1, 1_000_000)))),
    async (number) => {
      // A number already taken inserts nothing (no error, so the transaction goes on): no order, so
      // no lines and no row back, and the next number is tried.
      const placed = tx.$with('placed').as(
        tx
          .insert(orders)
          .values({
            orderNumber: number,
            customerId,
            firstName: customer.firstName,
            lastName: customer.lastName,
            customerName: `${customer.firstName} ${customer.lastName}`,
            customerEmail: customer.email,
            customerPhone: customer.phone,
            shippingAddress: addressRecord(customer.shippingAddress),
            billingAddress:
              customer.sameAsShipping || !customer.billingAddress ? null : addressRecord(customer.billingAddress),
            totalAmount: total,
            currency,
            status: 'pending',
            paymentStatus: 'awaiting_payment',
            paymentReference,
            accessTokenHash: hashToken(accessToken),
            reservedUntil,
            clientAddress,
            cartId,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: orders.orderNumber })
          // The statement's subqueries read the rows as they were before it: the new order is not counted.
          .returning({ ...CREATED_COLUMNS, alreadyHeld: sql<number>`(${heldBefore})`.as('already_held') }),
      );
      const placedLines = tx.$with('placed_lines').as(
        tx.insert(orderItems).select(
          tx
            .select({
              id: sql<string>`gen_random_uuid()`.as('id'),
              orderId: placed.id,
              deviceId: sql<string>`line.device_id`.as('device_id'),
              name: sql<string>`line.name`.as('name'),
              price: sql<number>`line.price`.as('price'),
              quantity: sql<number>`line.quantity`.as('quantity'),
              image: sql<string | null>`line.image`.as('image'),
              condition: sql<string>`line.condition`.as('condition'),
              storage: sql<string>`line.storage`.as('storage'),
            })
            .from(placed)
            .crossJoin(lineRows),
        ),
      );
      const [row] = await tx.with(placed, placedLines).select().from(placed);
      return row;
    },
  );
  afterCommit(tx, everyOrder.forget);
  const { alreadyHeld, ...order } = created;
  return { order, accessToken, alreadyHeld: Number(alreadyHeld) };
}

type OrderKey = { orderNumber: string } | { reference: string };
const byKey = (key: OrderKey) =>
  'orderNumber' in key ? eq(orders.orderNumber, key.orderNumber) : eq(orders.paymentReference, key.reference);

/** The order with this number or payment reference, locked for the rest of the transaction. */
export async function lockOrder(tx: DbHandle, key: OrderKey) {
  const [row] = await tx.select().from(orders).where(byKey(key)).for('update').limit(1);
  return row ?? null;
}

export async function findOrder(db: DbHandle, key: OrderKey) {
  const [row] = await db.select().from(orders).where(byKey(key)).limit(1);
  return row ?? null;
}

/** What a payment step needs of an order, without the rest of its row (checkout's hot path). */
export async function findOrderPayment(db: DbHandle, key: OrderKey) {
  const [row] = await db
    .select({
      orderNumber: orders.orderNumber,
      paymentReference: orders.paymentReference,
      totalAmount: orders.totalAmount,
      currency: orders.currency,
      customerEmail: orders.customerEmail,
      paymentStatus: orders.paymentStatus,
    })
    .from(orders)
    .where(byKey(key))
    .limit(1);
  return row ?? null;
}

export async function orderItemsOf(db: DbHandle, orderId: string) {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.deviceId));
}

/**
 * Closes an unpaid order as cancelled or expired, once: only an order still awaiting payment is
 * closed (false otherwise, nothing changed). The caller holds the order's row lock (lockOrder) and
 * gives its stock back in the same transaction. Undo: markOrderPaid reopens it for a late payment.
 */
export async function closeUnpaidOrder(
  tx: DbHandle,
  order: OrderRow,
  outcome: Extract<OrderPaymentStatus, 'cancelled' | 'expired'>,
  now: Date,
): Promise<boolean> {
  if (order.paymentStatus !== 'awaiting_payment') return false;
  await tx
    .update(orders)
    .set({ paymentStatus: outcome, status: 'cancelled', reservedUntil: null, updatedAt: now })
    .where(eq(orders.id, order.id));
  return true;
}

/**
 * Marks a locked order paid (the reservation becomes a sale) and returns its lines, for the
 * confirmation: one statement where two would each cost a run of the database.
 */
export async function markOrderPaid(tx: DbHandle, order: OrderRow, now: Date): Promise<OrderItemRow[]> {
  const paid = tx.$with('paid').as(
    tx
      .update(orders)
      // A closed order whose stock was taken again (a late payment) is an open order once more.
      .set({
        paymentStatus: 'paid',
        reservedUntil: null,
        updatedAt: now,
        ...(order.paymentStatus !== 'awaiting_payment' ? { status: 'pending' } : {}),
      })
      .where(eq(orders.id, order.id)),
  );
  // A data-modifying WITH runs whether or not the select reads it; the lines are read by the order's id.
  return tx
    .with(paid)
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.deviceId));
}

/**
 * The order the buyer holding its token may still cancel, locked: 404 for a missing order or a
 * wrong token (a stranger learns nothing), 409 once it is paid.
 */
export async function lockOrderToCancel(tx: DbHandle, orderNumber: string, accessToken: string | undefined) {
  const order = await lockOrder(tx, { orderNumber });
  if (!order || !isPlacingBrowsersToken(order, accessToken)) throw notFound(ORDER_NOT_FOUND, ORDER_NOT_FOUND_MESSAGE);
  if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') {
    throw new AppError('ORDER_ALREADY_PAID', 'This order is already paid', { status: 409 });
  }
  return order;
}

/** The unpaid orders placed from this cart, locked: a new checkout of the cart replaces them. */
export async function lockOpenOrdersOfCart(tx: DbHandle, cartId: string): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.cartId, cartId), eq(orders.paymentStatus, 'awaiting_payment')))
    .orderBy(asc(orders.id))
    .for('update');
}

/**
 * Takes a transaction-scoped lock on the client address, so two checkouts from it at once are counted
 * one after the other and cannot both slip under the hold limit: what the address holds must be read
 * in a later statement than this (createOrder does), since a statement reads the rows committed when
 * it began, before it waited for the lock.
 */
export async function lockHoldsOf(tx: DbHandle, clientAddress: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`holds:${clientAddress}`}, 0))`);
}

/**
 * Up to `limit` orders still awaiting payment past their reservation, locked. `skip locked`: an
 * order another instance is closing is left to it, so two never close the same one.
 */
export async function lockExpiredOrders(tx: DbHandle, now: Date, limit: number): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.paymentStatus, 'awaiting_payment'), lt(orders.reservedUntil, now)))
    .orderBy(asc(orders.reservedUntil))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** The account page's Orders tab: the customer's own orders, newest first. */
export async function listCustomerOrders({ db, userId }: { db: Database; userId: string }): Promise<AccountOrder[]> {
  const rows = await db
    .select({
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      status: orders.status,
      total: orders.totalAmount,
      currency: orders.currency,
    })
    .from(orders)
    .where(eq(orders.customerId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(200);
  return rows.map((r) => ({
    orderNumber: r.orderNumber,
    date: r.createdAt.toISOString(),
    status: r.status,
    total: r.total,
    currency: r.currency,
  }));
}

export type OrderViewer = { role: 'customer' | 'agent' | 'admin'; id: string } | null;

/** What opening an order is decided on: who asks, the token they hold, the time, how long links live. */
export interface OrderAccess {
  viewer: OrderViewer;
  /** The x-order-token header: the placing browser's token or a link's. */
  accessToken: string | undefined;
  now: Date;
  linkDays: number;
}

const ORDER_LINK = 'order-link';
const DAY_MS = 24 * 60 * 60_000;

/** When a link given at `from` stops opening the order. */
export const linkExpiry = (from: Date, linkDays: number) => new Date(from.getTime() + linkDays * DAY_MS);

/** What a link signs besides its expiry: the order, and its link version (a revoke moves it on). */
const linkSubject = (order: Pick<OrderRow, 'orderNumber' | 'linkVersion'>) =>
  `${order.orderNumber}\n${order.linkVersion}`;

/**
 * The token of a link to the order (the confirmation email's, one sent on request): signed over the
 * order number, its link version and the expiry, stored nowhere, so it opens the order in any
 * browser until it expires or the admin revokes the order's links. Take the key (lib/signing.ts)
 * before opening a transaction.
 */
export function orderLinkToken(
  key: Buffer,
  order: Pick<OrderRow, 'orderNumber' | 'linkVersion'>,
  expiresAt: Date,
): string {
  return signUntil(key, ORDER_LINK, linkSubject(order), expiresAt);
}

/** The placing browser's token for linkDays after the placing, or a link's token before its expiry. */
async function tokenOpens(db: Database, order: OrderRow, { accessToken, now, linkDays }: OrderAccess) {
  if (isPlacingBrowsersToken(order, accessToken)) return now < linkExpiry(order.createdAt, linkDays);
  return signedUntilMatches(await signingKey(db), ORDER_LINK, linkSubject(order), accessToken, now);
}

/** The admin, the signed-in customer who placed the order, or a holder of a live link to it. */
export async function mayOpenOrder(db: Database, order: OrderRow, access: OrderAccess): Promise<boolean> {
  const { viewer } = access;
  if (viewer?.role === 'admin') return true;
  if (viewer?.role === 'customer' && order.customerId !== null && order.customerId === viewer.id) return true;
  return tokenOpens(db, order, access);
}

/**
 * GET /api/orders/:orderNumber: for whoever mayOpenOrder lets in. Anyone else gets the same 404 as
 * a missing order.
 */
export async function getOrderForViewer({
  db,
  orderNumber,
  ...access
}: OrderAccess & { db: Database; orderNumber: string }): Promise<OrderView> {
  const order = await findOrder(db, { orderNumber: orderNumber.trim().toUpperCase() });
  if (!order || !(await mayOpenOrder(db, order, access))) throw notFound(ORDER_NOT_FOUND, ORDER_NOT_FOUND_MESSAGE);
  return toOrderView(order, await orderItemsOf(db, order.id));
}

/** Link emails an order sends on request: at most one per link version in this long. */
const LINK_EMAIL_WINDOW_MS = 60 * 60_000;

/**
 * 'Enter the email used for this order': when the email is the order's (in any case), a fresh link
 * goes to it; nothing comes back, so the caller learns nothing either way (the route answers alike,
 * in the same time). The outbox's dedupe key sends one link per order and link version an hour,
 * however often it is asked for; after a revoke the next one goes at once.
 */
export async function sendOrderLink({
  db,
  clock,
  publicUrl,
  linkDays,
  orderNumber,
  email,
}: {
  db: Database;
  clock: Clock;
  publicUrl: string;
  linkDays: number;
  orderNumber: string;
  email: string;
}): Promise<void> {
  const order = await findOrder(db, { orderNumber: orderNumber.trim().toUpperCase() });
  const given = Buffer.from(email.trim().toLowerCase());
  const expected = Buffer.from((order?.customerEmail ?? '').trim().toLowerCase());
  const matches = given.length === expected.length && timingSafeEqual(given, expected);
  if (!order || !matches) return;
  const now = clock.now();
  const token = orderLinkToken(await signingKey(db), order, linkExpiry(now, linkDays));
  const window = Math.floor(now.getTime() / LINK_EMAIL_WINDOW_MS);
  const dedupeKey = `order-link:${order.orderNumber}:${order.linkVersion}:${window}`;
  await enqueueEmail(db, renderOrderLinkEmail({ order, publicUrl, token, linkDays, dedupeKey }), now, ANONYMOUS_MAIL_CAP);
}

export function toOrderView(order: OrderRow, items: OrderItemRow[]): OrderView {
  const paid = order.paymentStatus === 'paid' || order.paymentStatus === 'refunded';
  return {
    orderNumber: order.orderNumber,
    createdAt: order.createdAt.toISOString(),
    status: order.status as OrderStatus,
    paymentStatus: order.paymentStatus as OrderPaymentStatus,
    totalAmount: order.totalAmount,
    currency: order.currency,
    paymentReference: paid ? order.paymentReference : null,
    customer: {
      firstName: order.firstName,
      lastName: order.lastName,
      name: order.customerName,
      email: order.customerEmail,
      phone: order.customerPhone,
    },
    shippingAddress: order.shippingAddress ?? null,
    billingAddress: order.billingAddress ?? null,
    items: items.map((item) => ({
      deviceId: item.deviceId,
      name: item.name,
      price: item.price,
      quantity: item.quantity,
      lineTotal: item.price * item.quantity,
      image: item.image,
      condition: item.condition,
      storage: item.storage,
    })),
    courier: order.courier,
    trackingNumber: order.trackingNumber,
  };
}

/** The amount a provider must report for this order, in minor units. */
export const orderAmountMinor = (order: Pick<OrderRow, 'totalAmount'>) => toMinorUnits(order.totalAmount);

/**
 * The admin cancels a locked order (pending or processing; the caller checked): its status becomes
 * cancelled with a history entry, an unpaid one stops awaiting payment. The caller gives the stock
 * back and refunds a paid one in the same flow (checkout/admin-orders.ts).
 */
export async function cancelOrderByAdmin(
  tx: DbHandle,
  order: OrderRow,
  { actorId, now }: { actorId: string; now: Date },
) {
  await tx
    .update(orders)
    .set({
      status: 'cancelled',
      reservedUntil: null,
      updatedAt: now,
      ...(order.paymentStatus === 'awaiting_payment' ? { paymentStatus: 'cancelled' } : {}),
    })
    .where(eq(orders.id, order.id));
  await tx
    .insert(orderStatusHistory)
    .values({ orderId: order.id, status: 'cancelled', note: 'Cancelled by the admin', actorId, createdAt: now });
}

/** A paid order whose payment was wholly refunded reads 'refunded' (once: only from paid). */
export async function markOrderRefunded(db: DbHandle, paymentReference: string, now: Date) {
  await db
    .update(orders)
    .set({ paymentStatus: 'refunded', updatedAt: now })
    .where(and(eq(orders.paymentReference, paymentReference), eq(orders.paymentStatus, 'paid')));
}
