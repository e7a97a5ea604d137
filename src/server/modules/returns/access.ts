import type { Database, DbHandle } from '../../db/client';
import { findOrder, mayOpenOrder, type OrderAccess } from '../orders';
import { returnNotFound, type ReturnRow } from './records';

/*
 * Who may open a request (decision 073): the admin; the signed-in customer it belongs to; and, for a
 * request about an order, whoever may open that order (its emailed link, decision 040, or the placing
 * browser's token). Knowing a RET number, an order number or an email opens nothing: anyone else gets
 * the same 404 as a request that does not exist.
 */

/** True when `access` may see the whole request. */
export async function mayOpenReturn(db: Database, row: ReturnRow, access: OrderAccess): Promise<boolean> {
  const { viewer } = access;
  if (viewer?.role === 'admin') return true;
  if (viewer?.role === 'customer' && row.customerId !== null && row.customerId === viewer.id) return true;
  if (!row.orderNumber) return false;
  const order = await findOrder(db, { orderNumber: row.orderNumber });
  return order !== null && mayOpenOrder(db, order, access);
}

/** The request for whoever may open it; 404 for anyone else, as for a number that does not exist. */
export async function openableReturn(db: Database, row: ReturnRow | null, access: OrderAccess): Promise<ReturnRow> {
  if (!row || !(await mayOpenReturn(db, row, access))) throw returnNotFound();
  return row;
}

/** The currency of the request's money: its order's (a repair's warranty moves none). */
export async function currencyOf(db: DbHandle, row: Pick<ReturnRow, 'orderNumber'>, fallback: string) {
  if (!row.orderNumber) return fallback;
  const order = await findOrder(db, { orderNumber: row.orderNumber });
  return order?.currency ?? fallback;
}
