import { and, asc, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import { ERASED_EMAIL, ERASED_NAME, type PersonalDataHolder } from '../../../shared/personal-data';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { heldBy, rowsHeldBy } from '../../lib/personal-data-rows';
import type { DbHandle } from '../../db/client';
import { orderItems, orders, orderStatusHistory } from '../../db/schema/orders';

/*
 * The orders module's part of a person's data (docs/decisions/076): their orders for their copy, those still
 * under way (which stop an erasure), and the erasure itself. Orders are accounting records the law keeps for
 * five years, so an erasure keeps each order and its lines and replaces the name, contact details, addresses and
 * the client address; the order no longer points at the account.
 */

/** The holder's rows: by the account, or by the email address they were given under. */
const holderRows = (holder: PersonalDataHolder) => heldBy(orders, holder);

/** An order as the person's copy shows it. */
export interface OrderRecord {
  orderNumber: string;
  placedAt: string;
  status: string;
  paymentStatus: string;
  total: number;
  currency: string;
  paymentReference: string;
  customer: { firstName: string; lastName: string; email: string; phone: string };
  shippingAddress: unknown;
  billingAddress: unknown;
  tracking: { courier: string | null; trackingNumber: string | null };
  items: { name: string; price: number; quantity: number; condition: string; storage: string }[];
  history: { at: string; kind: string; status: string; note: string | null }[];
}

/** The holder's orders, and their ids (for the payments module's part of the copy). */
export async function ordersHeldFor(
  db: DbHandle,
  holder: PersonalDataHolder,
): Promise<{ orders: OrderRecord[]; orderIds: string[] }> {
  const rows = await rowsHeldBy(db, orders, holder);
  if (rows.length === 0) return { orders: [], orderIds: [] };
  const ids = rows.map((row) => row.id);
  const items = await db.select().from(orderItems).where(inArray(orderItems.orderId, ids));
  const history = await db
    .select()
    .from(orderStatusHistory)
    .where(inArray(orderStatusHistory.orderId, ids))
    .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
  const records = rows.map((row) => ({
    orderNumber: row.orderNumber,
    placedAt: row.createdAt.toISOString(),
    status: row.status,
    paymentStatus: row.paymentStatus,
    total: row.totalAmount,
    currency: row.currency,
    paymentReference: row.paymentReference,
    customer: { firstName: row.firstName, lastName: row.lastName, email: row.customerEmail, phone: row.customerPhone },
    shippingAddress: row.shippingAddress,
    billingAddress: row.billingAddress,
    tracking: { courier: row.courier, trackingNumber: row.trackingNumber },
    items: items
      .filter((item) => item.orderId === row.id)
      .map(({ name, price, quantity, condition, storage }) => ({ name, price, quantity, condition, storage })),
    history: history
      .filter((step) => step.orderId === row.id)
      .map((step) => ({ at: step.createdAt.toISOString(), kind: step.kind, status: step.status, note: step.note })),
  }));
  return { orders: records, orderIds: ids };
}

/**
 * The holder's orders still under way: paid and not yet delivered (a refund due included: paid, then cancelled),
 * or unpaid and still holding stock. An erasure waits for them.
 */
export async function ordersInProgress(db: DbHandle, holder: PersonalDataHolder, now: Date): Promise<string[]> {
  const rows = await db
    .select({ orderNumber: orders.orderNumber })
    .from(orders)
    .where(
      and(
        holderRows(holder),
        or(
          and(eq(orders.paymentStatus, 'paid'), ne(orders.status, 'delivered')),
          and(eq(orders.paymentStatus, 'awaiting_payment'), gt(orders.reservedUntil, now)),
        ),
      ),
    )
    .orderBy(asc(orders.createdAt));
  return rows.map((row) => row.orderNumber);
}

/** An address replaced, its country kept. */
const erasedAddress = (column: AnyPgColumn) =>
  sql`jsonb_build_object('street', ${ERASED_NAME}::text, 'city', '', 'state', '', 'zipCode', '', 'country', coalesce(${column}->>'country', ''))`;

/**
 * The orders' part of an erasure, in the caller's transaction: name, email, phone and addresses replaced (the
 * country kept: a sale abroad is accounted apart), the client address and cart forgotten, the account unlinked,
 * every link to the order revoked. Answers the orders' ids, for the payments module's part.
 */
export async function eraseOrderContacts(tx: DbHandle, holder: PersonalDataHolder, now: Date): Promise<string[]> {
  const rows = await tx
    .update(orders)
    .set({
      customerId: null,
      firstName: ERASED_NAME,
      lastName: '',
      customerName: ERASED_NAME,
      customerEmail: ERASED_EMAIL,
      customerPhone: '',
      shippingAddress: erasedAddress(orders.shippingAddress),
      billingAddress: sql`case when ${orders.billingAddress} is null then null else ${erasedAddress(orders.billingAddress)} end`,
      clientAddress: null,
      cartId: null,
      linkVersion: sql`${orders.linkVersion} + 1`,
      updatedAt: now,
    })
    .where(holderRows(holder))
    .returning({ id: orders.id });
  return rows.map((row) => row.id);
}
