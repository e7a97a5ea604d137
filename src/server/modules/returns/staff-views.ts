import { inArray, sql } from 'drizzle-orm';
import { allowedReturnMoves, type ReturnKind, type ReturnStatus } from '../../../shared/return-moves';
import type { PickupSlot } from '../../../shared/repair-calendar';
import type { AdminReturnDetail, AdminReturnRow, ReturnInspection } from '../../../shared/returns';
import type { Config } from '../../config';
import type { Database, DbHandle } from '../../db/client';
import { returnUnits } from '../../db/schema/returns';
import { agentContacts, userNames } from '../accounts';
import { auditEntriesFor } from '../audit';
import { findOrder } from '../orders';
import { refundableAmount } from '../payments';
import { photoCount, returnNotFound, returnView, findReturn, type ReturnRow } from './records';

/* A request as the staff see it: a row of the Returns tab, and its whole story in the detail view. */

/** Rows as the list shows them, the units and agents looked up once for the page. */
export async function adminRows(db: DbHandle, rows: ReturnRow[]): Promise<AdminReturnRow[]> {
  if (rows.length === 0) return [];
  const [agents, units] = await Promise.all([
    agentContacts(
      db,
      rows.flatMap((row) => (row.agentId ? [row.agentId] : [])),
    ),
    db
      .select({ requestId: returnUnits.requestId, units: sql<number>`sum(${returnUnits.quantity})::int` })
      .from(returnUnits)
      .where(
        inArray(
          returnUnits.requestId,
          rows.map((row) => row.id),
        ),
      )
      .groupBy(returnUnits.requestId),
  ]);
  const unitCount = new Map(units.map((u) => [u.requestId, Number(u.units)]));
  return rows.map((row) => {
    const agent = row.agentId ? agents.get(row.agentId) : undefined;
    return {
      returnNumber: row.returnNumber,
      kind: row.kind as ReturnKind,
      status: row.status as ReturnStatus,
      orderNumber: row.orderNumber,
      repairNumber: row.repairNumber,
      customerName: row.customerName,
      customerEmail: row.customerEmail,
      // A repair's warranty is one device.
      units: row.repairNumber ? 1 : (unitCount.get(row.id) ?? 0),
      agent: agent ? { id: agent.id, name: agent.name } : null,
      pickupDate: row.pickupDate,
      pickupTime: row.pickupTime as PickupSlot,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** One request as a row of the list: what each staff move answers. */
export async function staffRow(db: DbHandle, row: ReturnRow): Promise<AdminReturnRow> {
  return (await adminRows(db, [row]))[0]!;
}

/** What the inspecting agent recorded, once they have. */
export async function inspectionOf(db: DbHandle, row: ReturnRow): Promise<ReturnInspection | null> {
  if (!row.inspectedAt) return null;
  return {
    conditionFound: row.conditionFound ?? '',
    sellable: row.sellable ?? false,
    notes: row.inspectionNotes ?? '',
    photoCount: await photoCount(db, row.id, 'inspection'),
    inspectedAt: row.inspectedAt.toISOString(),
    stock: (row.stockOutcome as ReturnInspection['stock']) ?? null,
  };
}

/** GET /api/admin/returns/:returnNumber: the request, its order and what is still refundable, the inspection, the audit. */
export async function adminReturnDetail({
  db,
  config,
  returnNumber,
}: {
  db: Database;
  config: Config;
  returnNumber: string;
}): Promise<AdminReturnDetail> {
  const row = await findReturn(db, returnNumber);
  if (!row) throw returnNotFound();
  const order = row.orderNumber ? await findOrder(db, { orderNumber: row.orderNumber }) : null;
  const [summary, view, inspection, audit] = await Promise.all([
    staffRow(db, row),
    returnView(db, row, order?.currency ?? config.STORE_CURRENCY),
    inspectionOf(db, row),
    auditEntriesFor(db, { type: 'return_request', id: row.returnNumber }),
  ]);
  const actors = await userNames(
    db,
    audit.flatMap((entry) => (entry.actorId ? [entry.actorId] : [])),
  );
  return {
    ...summary,
    view,
    customerPhone: row.customerPhone,
    inspection,
    order: order && {
      totalAmount: order.totalAmount,
      currency: order.currency,
      paymentReference: order.paymentReference,
      refundable: await refundableAmount(db, order.paymentReference),
    },
    moves: allowedReturnMoves(row, 'admin'),
    audit: audit.map((entry) => ({
      action: entry.action,
      actor: entry.actorId
        ? (actors.get(entry.actorId) ?? 'Removed account')
        : entry.actorRole === 'customer'
          ? 'Customer'
          : null,
      at: entry.createdAt.toISOString(),
      details: (entry.details as Record<string, unknown> | null) ?? null,
    })),
  };
}
