import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PickupSlot } from '../../../shared/repair-calendar';
import {
  allowedReturnMoves,
  RETURN_STATUS_DESCRIPTIONS,
  returnTimeline,
  type ReturnKind,
  type ReturnStatus,
} from '../../../shared/return-moves';
import type { ReturnReason, ReturnRequestView, ReturnSummary, ReturnUnitView } from '../../../shared/returns';
import type { Config } from '../../config';
import type { Database, DbHandle } from '../../db/client';
import { returnImages, returnRequests, returnStatusHistory, returnUnits } from '../../db/schema/returns';
import type { Clock } from '../../lib/clock';
import { countRows } from '../../lib/count-rows';
import { notFound } from '../../lib/errors';
import { firstRow } from '../../lib/first-row';
import { firstNames } from '../accounts';

/* A request's row, its units, history and photos, and the views every reader of it shares. */

export type ReturnRow = typeof returnRequests.$inferSelect;
export type ReturnUnitRow = typeof returnUnits.$inferSelect;

export interface ReturnDeps {
  db: Database;
  config: Config;
  clock: Clock;
}

export const RETURN_NOT_FOUND = 'RETURN_NOT_FOUND';
export const returnNotFound = () => notFound(RETURN_NOT_FOUND, 'Return request not found');
export const normaliseReturnNumber = (value: string) => value.trim().toUpperCase();

/**
 * The statuses in which a request holds its units: open, or resolved with the unit kept by the store
 * (refunded, replaced). A declined, cancelled or repaired request, or one sent back, leaves the unit
 * with its customer, who may claim it again.
 */
export const HOLDING_STATUSES: ReturnStatus[] = [
  'requested',
  'approved',
  'collection_scheduled',
  'collected',
  'inspected',
  'refunded',
  'replaced',
];

/** The request with this number ('ret-... ' too), or null; with `lock`, held until the transaction ends. */
export const findReturn = (db: DbHandle, returnNumber: string, options?: { lock: boolean }) =>
  firstRow(db, returnRequests, eq(returnRequests.returnNumber, normaliseReturnNumber(returnNumber)), options);

/** The request, locked until the transaction ends; 404 when there is none. */
export async function lockReturn(tx: DbHandle, returnNumber: string): Promise<ReturnRow> {
  const row = await findReturn(tx, returnNumber, { lock: true });
  if (!row) throw returnNotFound();
  return row;
}

export async function unitsOf(db: DbHandle, requestId: string): Promise<ReturnUnitRow[]> {
  return db.select().from(returnUnits).where(eq(returnUnits.requestId, requestId)).orderBy(asc(returnUnits.name));
}

/** Units of each order line held by requests of the order (open, refunded or replaced), by order line. */
export async function unitsHeld(db: DbHandle, orderId: string, except?: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ item: returnUnits.orderItemId, units: sql<number>`sum(${returnUnits.quantity})::int` })
    .from(returnUnits)
    .innerJoin(returnRequests, eq(returnRequests.id, returnUnits.requestId))
    .where(
      and(
        eq(returnRequests.orderId, orderId),
        inArray(returnRequests.status, HOLDING_STATUSES),
        except ? sql`${returnRequests.id} <> ${except}` : undefined,
      ),
    )
    .groupBy(returnUnits.orderItemId);
  return new Map(rows.map((row) => [row.item, Number(row.units)]));
}

/** Units of the order already refunded by its requests (the shipping goes back with the last). */
export async function unitsRefunded(db: DbHandle, orderId: string): Promise<number> {
  const [row] = await db
    .select({ units: sql<number>`coalesce(sum(${returnUnits.quantity}), 0)::int` })
    .from(returnUnits)
    .innerJoin(returnRequests, eq(returnRequests.id, returnUnits.requestId))
    .where(and(eq(returnRequests.orderId, orderId), eq(returnRequests.status, 'refunded')));
  return Number(row?.units ?? 0);
}

/** One history entry: the status reached, in the words the timeline and the emails repeat. */
export async function appendReturnHistory(
  tx: DbHandle,
  {
    row,
    status,
    actorId,
    now,
    description = RETURN_STATUS_DESCRIPTIONS[status],
  }: { row: Pick<ReturnRow, 'id'>; status: ReturnStatus; actorId: string | null; now: Date; description?: string },
) {
  await tx.insert(returnStatusHistory).values({ requestId: row.id, status, description, actorId, createdAt: now });
}

async function historyOf(db: DbHandle, requestId: string) {
  return db
    .select()
    .from(returnStatusHistory)
    .where(eq(returnStatusHistory.requestId, requestId))
    .orderBy(asc(returnStatusHistory.createdAt), asc(returnStatusHistory.id));
}

/** What anyone holding the number sees: its kind, status and the dates of each step. */
export async function returnSummary(db: DbHandle, row: ReturnRow): Promise<ReturnSummary> {
  const history = await historyOf(db, row.id);
  const seen = new Set<string>();
  const statusHistory = history
    .filter((entry) => !seen.has(entry.status) && seen.add(entry.status))
    .map((entry) => ({ status: entry.status as ReturnStatus, date: entry.createdAt.toISOString() }));
  return {
    returnNumber: row.returnNumber,
    kind: row.kind as ReturnKind,
    status: row.status as ReturnStatus,
    createdAt: row.createdAt.toISOString(),
    statusHistory,
    timeline: returnTimeline(row.status as ReturnStatus, statusHistory),
  };
}

const unitView = (unit: ReturnUnitRow): ReturnUnitView => ({
  deviceId: unit.deviceId,
  name: unit.name,
  quantity: unit.quantity,
  price: unit.price,
});

export async function photoCount(db: DbHandle, requestId: string, stage: 'request' | 'inspection') {
  return countRows(db, returnImages, and(eq(returnImages.requestId, requestId), eq(returnImages.stage, stage)));
}

/** The whole request, for its owner and the staff. */
export async function returnView(db: DbHandle, row: ReturnRow, currency: string): Promise<ReturnRequestView> {
  const [summary, units, history, photos, names] = await Promise.all([
    returnSummary(db, row),
    unitsOf(db, row.id),
    historyOf(db, row.id),
    photoCount(db, row.id, 'request'),
    row.agentId ? firstNames(db, [row.agentId]) : Promise.resolve(new Map<string, string>()),
  ]);
  return {
    ...summary,
    orderNumber: row.orderNumber,
    repairNumber: row.repairNumber,
    reason: row.reason as ReturnReason,
    description: row.description,
    units: units.map(unitView),
    pickupAddress: row.pickupAddress,
    pickupDate: row.pickupDate,
    pickupTime: row.pickupTime as PickupSlot,
    agentFirstName: row.agentId ? (names.get(row.agentId) ?? null) : null,
    declineReason: row.declineReason,
    refundAmount: row.refundAmount,
    currency,
    repairJobNumber: row.repairJobNumber,
    replacementOrderNumber: row.replacementOrderNumber,
    history: history.map((entry) => ({
      status: entry.status as ReturnStatus,
      description: entry.description,
      date: entry.createdAt.toISOString(),
    })),
    photoCount: photos,
    moves: allowedReturnMoves(row, 'customer'),
  };
}

export const unitViews = (units: ReturnUnitRow[]) => units.map(unitView);
