import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Currency } from '../../../shared/money';
import { toMinorUnits } from '../../../shared/money';
import type { Address, CheckoutCustomer, OrderPaymentStatus, OrderStatus, OrderView } from '../../../shared/orders';
import type { Database, Transaction } from '../../db/client';
import { devices, orderItems, orders, type AddressRecord } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import { orderNumber as makeOrderNumber, withUniqueNumber } from '../../lib/reference-numbers';
import { invalidateCatalog } from '../catalog/cache';
import { findDevice } from '../catalog/service';

export const OUT_OF_STOCK = 'OUT_OF_STOCK';
export const ORDER_NOT_FOUND = 'ORDER_NOT_FOUND';
export const ORDER_NOT_FOUND_MESSAGE = 'Order not found';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
type Handle = Database | Transaction;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** True when `token` is the one whose hash the order keeps (constant-time). */
export function tokenMatches(order: Pick<OrderRow, 'accessTokenHash'>, token: string | undefined | null): boolean {
  if (!token || token.length > 200) return false;
  const given = Buffer.from(hashToken(token), 'hex');
  const stored = Buffer.from(order.accessTokenHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** Same device twice in a cart becomes one line; lines sorted by id so every transaction locks rows in one order. */
export function mergeLines(items: { deviceId: string; quantity: number }[]) {
  const byId = new Map<string, number>();
  for (const item of items) byId.set(item.deviceId, (byId.get(item.deviceId) ?? 0) + item.quantity);
  return [...byId.entries()]
    .map(([deviceId, quantity]) => ({ deviceId, quantity }))
    .sort((a, b) => (a.deviceId < b.deviceId ? -1 : a.deviceId > b.deviceId ? 1 : 0));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Step 1 of checkout: take `quantity` of one device, or fail naming it. One conditional update
 * locks the row, checks and takes the stock, and reads the price: it cannot take quantity below zero.
 */
async function reserveLine(tx: Transaction, line: { deviceId: string; quantity: number }) {
  const n = line.quantity;
  const [row] = UUID.test(line.deviceId)
    ? await tx
        .update(devices)
        .set({
          quantity: sql`${devices.quantity} - ${n}`,
          inStock: sql`(${devices.quantity} - ${n}) > 0`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(devices.id, line.deviceId),
            gte(devices.quantity, n),
            eq(devices.inStock, true),
            isNull(devices.deletedAt),
          ),
        )
        .returning()
    : [];
  if (row) return row;
  const [device] = UUID.test(line.deviceId)
    ? await tx
        .select({
          name: devices.name,
          quantity: devices.quantity,
          inStock: devices.inStock,
          deletedAt: devices.deletedAt,
        })
        .from(devices)
        .where(eq(devices.id, line.deviceId))
        .limit(1)
    : [];
  if (!device) throw notFound('DEVICE_NOT_FOUND', 'Device not found');
  const left = device.inStock && !device.deletedAt ? device.quantity : 0;
  const message = left > 0 ? `Only ${left} left of ${device.name}` : `${device.name} is out of stock`;
  throw new AppError(OUT_OF_STOCK, message, { status: 409, fields: { [line.deviceId]: message } });
}

function addressRecord(address: Address): AddressRecord {
  return {
    street: address.street,
    city: address.city,
    state: address.state,
    zipCode: address.zipCode,
    country: address.country,
  };
}

export interface PlacedOrder {
  order: OrderRow;
  items: OrderItemRow[];
  accessToken: string;
}

/**
 * POST /api/checkout (DESIGN.md section 4): prices from the database, stock reserved, the order
 * written as pending and awaiting payment, all in one transaction. Any failure writes nothing.
 * Undo: releaseReservation (cancel, a failed payment, or expiry).
 */
export async function placeOrder({
  db,
  clock,
  currency,
  reservationMinutes,
  items,
  customer,
  customerId = null,
}: {
  db: Database;
  clock: Clock;
  currency: Currency;
  reservationMinutes: number;
  items: { deviceId: string; quantity: number }[];
  customer: CheckoutCustomer;
  customerId?: string | null;
}): Promise<PlacedOrder> {
  const lines = mergeLines(items);
  const accessToken = randomBytes(32).toString('base64url');
  const now = clock.now();

  const placed = await db.transaction(async (tx) => {
    const reserved = [];
    for (const line of lines) {
      const device = await reserveLine(tx, line);
      const listed = await findDevice({ db: tx as unknown as Database, id: device.id });
      const image = listed ? (listed.images[listed.defaultImageIndex] ?? listed.images[0] ?? null) : null;
      reserved.push({ device, quantity: line.quantity, image });
    }
    const total = reserved.reduce((sum, line) => sum + line.device.price * line.quantity, 0);

    const order = await withUniqueNumber(
      // The spec's number from the clock first, then random six digits if the clock's repeat.
      (attempt) => makeOrderNumber(new Date(now.getTime() + (attempt < 3 ? attempt : randomInt(1, 1_000_000)))),
      (number) =>
        // A savepoint, so a collision does not abort the whole transaction.
        tx.transaction(async (sp) => {
          const [row] = await sp
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
              paymentReference: `QB-${randomBytes(8).toString('hex').toUpperCase()}`,
              accessTokenHash: hashToken(accessToken),
              reservedUntil: new Date(now.getTime() + reservationMinutes * 60_000),
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          return row!;
        }),
    );

    const itemRows = await tx
      .insert(orderItems)
      .values(
        reserved.map((line) => ({
          orderId: order.id,
          deviceId: line.device.id,
          name: line.device.name,
          price: line.device.price,
          quantity: line.quantity,
          image: line.image,
          condition: line.device.condition,
          storage: line.device.storage,
        })),
      )
      .returning();
    return { order, items: itemRows };
  });
  invalidateCatalog(db);
  return { ...placed, accessToken };
}

/** The order with this number, locked for the rest of the transaction. */
export async function lockOrder(tx: Handle, where: { orderNumber: string } | { reference: string }) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(
      'orderNumber' in where ? eq(orders.orderNumber, where.orderNumber) : eq(orders.paymentReference, where.reference),
    )
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function findOrder(db: Handle, where: { orderNumber: string } | { reference: string }) {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      'orderNumber' in where ? eq(orders.orderNumber, where.orderNumber) : eq(orders.paymentReference, where.reference),
    )
    .limit(1);
  return row ?? null;
}

export async function orderItemsOf(db: Handle, orderId: string) {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.deviceId));
}

/**
 * Gives an unpaid order's stock back, once: only an order still awaiting payment is released. The
 * caller holds the order's row lock (lockOrder) inside `tx`. Returns false when there was nothing to do.
 */
export async function releaseReservation(
  tx: Transaction,
  order: OrderRow,
  outcome: Extract<OrderPaymentStatus, 'cancelled' | 'expired'>,
  now: Date,
): Promise<boolean> {
  if (order.paymentStatus !== 'awaiting_payment') return false;
  const items = await orderItemsOf(tx, order.id);
  for (const item of items) {
    await tx
      .update(devices)
      .set({ quantity: sql`${devices.quantity} + ${item.quantity}`, inStock: true, updatedAt: sql`now()` })
      .where(eq(devices.id, item.deviceId));
  }
  await tx
    .update(orders)
    .set({ paymentStatus: outcome, status: 'cancelled', reservedUntil: null, updatedAt: now })
    .where(eq(orders.id, order.id));
  return true;
}

/**
 * Takes a released order's stock again (a payment that arrived after cancel or expiry). All or
 * nothing: false, with nothing changed, when any line is no longer available.
 */
export async function reReserve(tx: Transaction, order: OrderRow): Promise<boolean> {
  const items = await orderItemsOf(tx, order.id);
  try {
    await tx.transaction(async (sp) => {
      for (const item of mergeLines(items)) await reserveLine(sp, item);
    });
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/** Marks a locked order paid: the reservation becomes a sale. */
export async function markOrderPaid(tx: Transaction, order: OrderRow, now: Date) {
  await tx
    .update(orders)
    // A released order whose stock was taken again (reReserve) is an open order once more.
    .set({
      paymentStatus: 'paid',
      reservedUntil: null,
      updatedAt: now,
      ...(order.paymentStatus !== 'awaiting_payment' ? { status: 'pending' } : {}),
    })
    .where(eq(orders.id, order.id));
}

/** POST /api/checkout/:orderNumber/cancel: the buyer (holding the order's token) gives up paying. */
export async function cancelOrder({
  db,
  clock,
  orderNumber,
  accessToken,
}: {
  db: Database;
  clock: Clock;
  orderNumber: string;
  accessToken: string | undefined;
}): Promise<{ orderNumber: string; status: OrderStatus; paymentStatus: OrderPaymentStatus }> {
  const result = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, { orderNumber });
    if (!order || !tokenMatches(order, accessToken)) throw notFound(ORDER_NOT_FOUND, ORDER_NOT_FOUND_MESSAGE);
    if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') {
      throw new AppError('ORDER_ALREADY_PAID', 'This order is already paid', { status: 409 });
    }
    const released = await releaseReservation(tx, order, 'cancelled', clock.now());
    return {
      released,
      orderNumber: order.orderNumber,
      status: (released ? 'cancelled' : order.status) as OrderStatus,
      paymentStatus: (released ? 'cancelled' : order.paymentStatus) as OrderPaymentStatus,
    };
  });
  if (result.released) invalidateCatalog(db);
  return { orderNumber: result.orderNumber, status: result.status, paymentStatus: result.paymentStatus };
}

/**
 * Releases every reservation past its time. Safe with several instances: each claims rows with
 * `for update skip locked`, so two never release the same order. Returns how many it released.
 */
export async function expireReservations({
  db,
  clock,
  batchSize = 100,
}: {
  db: Database;
  clock: Clock;
  batchSize?: number;
}): Promise<number> {
  let total = 0;
  for (;;) {
    const now = clock.now();
    const released = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.paymentStatus, 'awaiting_payment'), lt(orders.reservedUntil, now)))
        .orderBy(asc(orders.reservedUntil))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      let count = 0;
      for (const order of due) if (await releaseReservation(tx, order, 'expired', now)) count++;
      return { count, full: due.length === batchSize };
    });
    total += released.count;
    if (!released.full) break;
  }
  if (total > 0) invalidateCatalog(db);
  return total;
}

/** Runs expireReservations every minute; returns the stop function (main.ts calls it on shutdown). */
export function startReservationExpiry({
  db,
  clock,
  log,
  intervalMs = 60_000,
}: {
  db: Database;
  clock: Clock;
  log: { warn(obj: unknown, msg?: string): void; info(obj: unknown, msg?: string): void };
  intervalMs?: number;
}): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    expireReservations({ db, clock })
      .then((count) => {
        if (count > 0) log.info({ count }, 'released expired stock reservations');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'reservation expiry failed; retrying next minute'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

export type OrderViewer = { role: 'customer' | 'agent' | 'admin'; id: string } | null;

/**
 * GET /api/orders/:orderNumber: for the browser holding the order's token, the customer who owns
 * it, and the admin. Anyone else gets the same 404 as a missing order.
 */
export async function getOrderForViewer({
  db,
  orderNumber,
  accessToken,
  viewer,
}: {
  db: Database;
  orderNumber: string;
  accessToken: string | undefined;
  viewer: OrderViewer;
}): Promise<OrderView> {
  const order = await findOrder(db, { orderNumber: orderNumber.trim().toUpperCase() });
  const allowed =
    order &&
    (tokenMatches(order, accessToken) ||
      viewer?.role === 'admin' ||
      (viewer?.role === 'customer' && order.customerId !== null && order.customerId === viewer.id));
  if (!order || !allowed) throw notFound(ORDER_NOT_FOUND, ORDER_NOT_FOUND_MESSAGE);
  return toOrderView(order, await orderItemsOf(db, order.id));
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
  };
}

/** The amount a provider must report for this order, in minor units. */
export const orderAmountMinor = (order: Pick<OrderRow, 'totalAmount'>) => toMinorUnits(order.totalAmount);
