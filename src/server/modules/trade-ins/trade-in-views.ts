import { asc, eq, inArray } from 'drizzle-orm';
import type { SellDeviceType } from '../../../shared/sell-devices';
import { tradeInTimeline, type AnySaleStatus } from '../../../shared/trade-in-statuses';
import {
  maskEmail,
  maskPhone,
  type AgentTradeIn,
  type StaffTradeIn,
  type TrackedTradeIn,
} from '../../../shared/trade-ins';
import { tradeInPhotoPath } from '../../../shared/trade-in-detail';
import type { Database, DbHandle } from '../../db/client';
import { tradeInImages, tradeInStatusHistory } from '../../db/schema/trade-ins';
import { splitName, userNames } from '../accounts';
import { deviceInfo, findTradeIn, isOwner, tradeInNotFound, type TradeInRow, type Viewer } from './trade-in-records';

/* What each reader is shown of a trade-in: anyone holding its number, the staff, the assigned agent. */

/** What every view of a trade-in shows: the device, its status and the money. */
function commonView(row: TradeInRow) {
  return {
    transactionNumber: row.transactionNumber,
    status: row.status as AnySaleStatus,
    deviceType: row.deviceType as SellDeviceType,
    brand: row.brand,
    model: row.model,
    storage: row.storage,
    ram: row.ram,
    color: row.color,
    condition: row.condition,
    estimatedValue: row.estimatedValue,
    offeredAmount: row.offeredAmount,
    submittedDate: row.createdAt.toISOString(),
  };
}

/** The trade-in with its history; email and phone masked unless its signed-in owner asks. */
export async function trackedView(db: DbHandle, row: TradeInRow, viewer: Viewer): Promise<TrackedTradeIn> {
  const history = await db
    .select()
    .from(tradeInStatusHistory)
    .where(eq(tradeInStatusHistory.tradeInId, row.id))
    .orderBy(asc(tradeInStatusHistory.createdAt), asc(tradeInStatusHistory.id));
  const owner = isOwner(row, viewer);
  const statusHistory = history.map((h) => ({
    status: h.status,
    date: h.createdAt.toISOString(),
    description: h.description,
  }));
  return {
    ...commonView(row),
    assessmentNotes: row.offeredAmount !== null ? row.assessmentNotes : null,
    contactEmail: owner ? row.customerEmail : maskEmail(row.customerEmail),
    contactPhone: owner ? row.customerPhone : maskPhone(row.customerPhone),
    viewerIsOwner: owner,
    statusHistory,
    timeline: tradeInTimeline(row.status as AnySaleStatus, statusHistory),
  };
}

/** GET /api/track/TXN...: the trade-in as trackedView shows it, or 404. */
export async function getTrackedTradeIn({
  db,
  number,
  viewer,
}: {
  db: Database;
  number: string;
  viewer: Viewer;
}): Promise<TrackedTradeIn> {
  const row = await findTradeIn(db, number);
  if (!row) throw tradeInNotFound();
  return trackedView(db, row, viewer);
}

/** Trade-ins as the admin sees them: the customer's contact, the agent's name and the photos. */
export async function staffViews(db: DbHandle, rows: TradeInRow[]): Promise<StaffTradeIn[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [photos, names] = await Promise.all([
    db.select().from(tradeInImages).where(inArray(tradeInImages.tradeInId, ids)).orderBy(asc(tradeInImages.position)),
    userNames(
      db,
      rows.map((r) => r.agentId),
    ),
  ]);
  return rows.map((row) => ({
    ...commonView(row),
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    address: row.address,
    deviceInfo: deviceInfo(row),
    imei: row.imei,
    assessmentNotes: row.assessmentNotes,
    agentId: row.agentId,
    agentName: row.agentId ? (names.get(row.agentId) ?? null) : null,
    photos: photos
      .filter((p) => p.tradeInId === row.id)
      .map((p) => tradeInPhotoPath('admin', row.transactionNumber, p.position)),
  }));
}

/** One trade-in as staffViews shows it. */
export async function staffView(db: DbHandle, row: TradeInRow): Promise<StaffTradeIn> {
  const [view] = await staffViews(db, [row]);
  return view!;
}

/** The photos' addresses under the agent's routes (staffViews gives the admin's). */
export const agentPhotos = ({ transactionNumber, photos }: Pick<StaffTradeIn, 'transactionNumber' | 'photos'>) =>
  photos.map((src) => tradeInPhotoPath('agent', transactionNumber, Number(src.slice(src.lastIndexOf('/') + 1))));

/**
 * What the assigned agent sees of a trade-in (decision 031): the device, its photos, IMEI and money,
 * and the customer by first name; never the contact details or address, which the admin keeps.
 */
export function agentView(tradeIn: StaffTradeIn): AgentTradeIn {
  const {
    customerName,
    customerEmail: _e,
    customerPhone: _p,
    address: _a,
    agentId: _i,
    agentName: _n,
    ...card
  } = tradeIn;
  return {
    ...card,
    photos: agentPhotos(tradeIn),
    customerFirstName: splitName(customerName).firstName,
  };
}
