import { and, eq, inArray } from 'drizzle-orm';
import { RETURN_OPEN_STATUSES, type ReturnKind, type ReturnStatus } from '../../../shared/return-moves';
import {
  windowEnd,
  windowRefusal,
  type ReturnableOrder,
  type ReturnRequestView,
  type ReturnSummary,
  type TrackedReturn,
  type WarrantableRepair,
} from '../../../shared/returns';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { returnRequests } from '../../db/schema/returns';
import { newestRows } from '../../lib/paging';
import { deliveredAt, findOrderForViewer, orderItemsOf, type OrderAccess } from '../orders';
import { finishedRepairsOf } from '../repairs';
import { currencyOf, mayOpenReturn, openableReturn } from './access';
import { findReturn, returnSummary, returnView, unitsHeld, type ReturnDeps } from './records';

/* What the customer reads: what an order can still send back, their requests, and one request. */

/**
 * GET /api/returns/for-order/:orderNumber: for whoever may open the order (its link, the placing
 * browser, its customer, the admin; anyone else the order's 404), each line with the units still
 * returnable, the windows' last days, and the order's requests.
 */
export async function returnableOrder({
  db,
  orderNumber,
  access,
}: {
  db: Database;
  orderNumber: string;
  access: OrderAccess;
}): Promise<ReturnableOrder> {
  const order = await findOrderForViewer({ db, orderNumber, ...access });
  const [delivered, lines, held, requests] = await Promise.all([
    deliveredAt(db, order.id),
    orderItemsOf(db, order.id),
    unitsHeld(db, order.id),
    newestRows(db, returnRequests, eq(returnRequests.orderId, order.id)),
  ]);
  const address = order.shippingAddress;
  return {
    orderNumber: order.orderNumber,
    deliveredAt: delivered?.toISOString() ?? null,
    returnUntil: delivered ? windowEnd('return', delivered).toISOString() : null,
    warrantyUntil: delivered ? windowEnd('warranty', delivered).toISOString() : null,
    returnOpen: delivered !== null && windowRefusal('return', delivered, access.now) === null,
    warrantyOpen: delivered !== null && windowRefusal('warranty', delivered, access.now) === null,
    lines: lines.map((line) => ({
      deviceId: line.deviceId,
      name: line.name,
      price: line.price,
      bought: line.quantity,
      returnable: line.quantity - (held.get(line.id) ?? 0),
    })),
    requests: requests.map((row) => ({
      returnNumber: row.returnNumber,
      kind: row.kind as ReturnKind,
      status: row.status as ReturnStatus,
      createdAt: row.createdAt.toISOString(),
    })),
    shippingAddress: [address.street, address.city, address.state, address.zipCode].filter(Boolean).join(', '),
  };
}

/** GET /api/account/warranty-repairs: the signed-in customer's finished repairs still under warranty, and its last day. */
export async function warrantableRepairs({
  db,
  customerId,
  now,
}: {
  db: Database;
  customerId: string;
  now: Date;
}): Promise<WarrantableRepair[]> {
  const repairs = await finishedRepairsOf(db, customerId);
  const open = await db
    .select({ repairBookingId: returnRequests.repairBookingId, returnNumber: returnRequests.returnNumber })
    .from(returnRequests)
    .where(and(eq(returnRequests.customerId, customerId), inArray(returnRequests.status, RETURN_OPEN_STATUSES)));
  return repairs
    .filter((repair) => repair.returnedAt && windowRefusal('repair_warranty', repair.returnedAt, now) === null)
    .map((repair) => ({
      repairNumber: repair.bookingNumber,
      returnedAt: repair.returnedAt!.toISOString(),
      warrantyUntil: windowEnd('repair_warranty', repair.returnedAt!).toISOString(),
      device: repair.device,
      address: repair.address,
      openRequest: open.find((o) => o.repairBookingId === repair.id)?.returnNumber ?? null,
    }));
}

/** GET /api/account/returns: the signed-in customer's requests, newest first. */
export async function customerReturns({
  db,
  customerId,
}: {
  db: Database;
  customerId: string;
}): Promise<ReturnSummary[]> {
  const rows = await newestRows(db, returnRequests, eq(returnRequests.customerId, customerId));
  return Promise.all(rows.map((row) => returnSummary(db, row)));
}

/** GET /api/returns/:returnNumber: the whole request, for whoever may open it; 404 for anyone else. */
export async function getReturnForViewer({
  db,
  config,
  returnNumber,
  access,
}: Pick<ReturnDeps, 'db' | 'config'> & { returnNumber: string; access: OrderAccess }): Promise<ReturnRequestView> {
  const row = await openableReturn(db, await findReturn(db, returnNumber), access);
  return returnView(db, row, await currencyOf(db, row, config.STORE_CURRENCY));
}

/**
 * /api/track/RET-... (tracking) and the chat: a request's status and dates to anyone holding its
 * number, the whole request to whoever may open it; null when there is no such request.
 */
export async function trackReturn({
  db,
  config,
  returnNumber,
  access,
}: {
  db: Database;
  config: Pick<Config, 'STORE_CURRENCY'>;
  returnNumber: string;
  access: OrderAccess | null;
}): Promise<TrackedReturn | null> {
  const row = await findReturn(db, returnNumber);
  if (!row) return null;
  const owner = access !== null && (await mayOpenReturn(db, row, access));
  return {
    ...(await returnSummary(db, row)),
    details: owner ? await returnView(db, row, await currencyOf(db, row, config.STORE_CURRENCY)) : null,
  };
}
