import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Currency } from '../../../shared/money';
import type { Address, CheckoutCustomer } from '../../../shared/orders';
import { afterCommit, type DbHandle, type Transaction } from '../../db/client';
import { prepared, preparedSql, sameNames, type Value } from '../../db/prepared';
import { orderItems, orders, type AddressRecord } from '../../db/schema/orders';
import { orderNumber as makeOrderNumber, withFreeNumber } from '../../lib/reference-numbers';
import { hashToken } from './access';
import { everyOrder, type OrderRow } from './reads';

/**
 * Placing an order, in checkout's transaction: the order and its lines written in one statement with
 * the spec's number and the placing browser's token, and the lock that counts an address's unpaid
 * holds one checkout at a time.
 */

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
interface OrderLine {
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

interface CreatedOrder {
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

type NewOrder = Omit<typeof orders.$inferInsert, 'status' | 'paymentStatus' | 'createdAt' | 'updatedAt'> & {
  now: Date;
  heldAt: string;
  lines: string;
};

/**
 * The order, its lines and the units its address already holds, in one statement built once
 * (db/prepared.ts). A number already taken inserts nothing (no error, so the transaction goes on): no
 * order, so no lines and no row back, and the caller tries the next number. The statement's subqueries
 * read the rows as they were before it: the new order is not counted.
 */
const insertOrder = prepared((tx, value: Value<NewOrder>) => {
  const heldBefore = tx
    .select({ units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.clientAddress, value('clientAddress')),
        eq(orders.paymentStatus, 'awaiting_payment'),
        gt(orders.reservedUntil, value('heldAt')),
      ),
    );
  const placed = tx.$with('placed').as(
    tx
      .insert(orders)
      .values({
        ...sameNames(value, [
          'orderNumber',
          'customerId',
          'firstName',
          'lastName',
          'customerName',
          'customerEmail',
          'customerPhone',
          'shippingAddress',
          'billingAddress',
          'totalAmount',
          'currency',
          'paymentReference',
          'accessTokenHash',
          'reservedUntil',
          'clientAddress',
          'cartId',
        ]),
        status: 'pending',
        paymentStatus: 'awaiting_payment',
        createdAt: value('now'),
        updatedAt: value('now'),
      })
      .onConflictDoNothing({ target: orders.orderNumber })
      .returning({ ...CREATED_COLUMNS, alreadyHeld: sql<number>`(${heldBefore})`.as('already_held') }),
  );
  const lineRows = sql`jsonb_to_recordset(${value('lines')}::jsonb)
    as line(device_id uuid, name text, price integer, quantity integer, image text, condition text, storage text)`;
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
  return tx.with(placed, placedLines).select().from(placed);
});

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
  const values = {
    customerId,
    firstName: customer.firstName,
    lastName: customer.lastName,
    customerName: `${customer.firstName} ${customer.lastName}`,
    customerEmail: customer.email,
    customerPhone: customer.phone,
    shippingAddress: addressRecord(customer.shippingAddress),
    billingAddress: customer.sameAsShipping || !customer.billingAddress ? null : addressRecord(customer.billingAddress),
    totalAmount: total,
    currency,
    paymentReference,
    accessTokenHash: hashToken(accessToken),
    reservedUntil,
    clientAddress,
    cartId,
    now,
    // A comparison's value is not mapped by a column as an inserted one is: the text the column's mapping gives.
    heldAt: now.toISOString(),
    // Every line in one jsonb parameter, so an order of any size is still one statement.
    lines: JSON.stringify(lines.map(({ deviceId, ...line }) => ({ device_id: deviceId, ...line }))),
  };
  const created = await withFreeNumber(
    // The spec's number from the clock first, then random six digits if the clock's repeat.
    (attempt) => makeOrderNumber(new Date(now.getTime() + (attempt < 3 ? attempt : randomInt(1, 1_000_000)))),
    async (orderNumber) => {
      const [row] = await insertOrder(tx, { ...values, orderNumber });
      return row;
    },
  );
  afterCommit(tx, everyOrder.forget);
  const { alreadyHeld, ...order } = created;
  return { order, accessToken, alreadyHeld: Number(alreadyHeld) };
}

/**
 * Takes a transaction-scoped lock on the client address, so two checkouts from it at once are counted
 * one after the other and cannot both slip under the hold limit: what the address holds must be read
 * in a later statement than this (createOrder does), since a statement reads the rows committed when
 * it began, before it waited for the lock.
 */
export async function lockHoldsOf(tx: DbHandle, clientAddress: string): Promise<void> {
  await lockHolds(tx, { key: `holds:${clientAddress}` });
}

const lockHolds = preparedSql(
  (value: Value<{ key: string }>) => sql`select pg_advisory_xact_lock(hashtextextended(${value('key')}, 0))`,
);

/**
 * A replacement of a returned unit (the returns module): a new order of the same customer, address
 * and lines, every line at price 0, already settled ('paid' with nothing to pay, so the Orders tab
 * ships it as any other) and marked as the replacement of `replacementOf` (RET-...). The caller has
 * reserved the stock in the same transaction. No payment exists for it, so nothing of it can be
 * refunded; cancelling it gives its stock back as for any order.
 */
export async function createReplacementOrder(
  tx: Transaction,
  { original, lines, replacementOf, now }: { original: OrderRow; lines: OrderLine[]; replacementOf: string; now: Date },
): Promise<Pick<OrderRow, 'id' | 'orderNumber'>> {
  const created = await withFreeNumber(
    (attempt) => makeOrderNumber(new Date(now.getTime() + (attempt < 3 ? attempt : randomInt(1, 1_000_000)))),
    async (orderNumber) => {
      const [row] = await tx
        .insert(orders)
        .values({
          orderNumber,
          customerId: original.customerId,
          firstName: original.firstName,
          lastName: original.lastName,
          customerName: original.customerName,
          customerEmail: original.customerEmail,
          customerPhone: original.customerPhone,
          shippingAddress: original.shippingAddress,
          billingAddress: original.billingAddress,
          totalAmount: 0,
          currency: original.currency,
          status: 'pending',
          paymentStatus: 'paid',
          // Unique like every order's; no provider ever sees it.
          paymentReference: `REPLACE-${replacementOf}`,
          accessTokenHash: hashToken(randomBytes(32).toString('base64url')),
          replacementOf,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: orders.orderNumber })
        .returning({ id: orders.id, orderNumber: orders.orderNumber });
      return row;
    },
  );
  await tx.insert(orderItems).values(lines.map((line) => ({ orderId: created.id, ...line, price: 0 })));
  afterCommit(tx, everyOrder.forget);
  return created;
}
