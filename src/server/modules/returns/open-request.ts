import { and, eq, inArray, sql } from 'drizzle-orm';
import { PICKUP_MESSAGES, pickupDateRefusal, upcomingSlots } from '../../../shared/repair-calendar';
import { RETURN_OPEN_STATUSES } from '../../../shared/return-moves';
import { RETURN_MESSAGES, windowRefusal, type OpenReturn, type ReturnRequestView } from '../../../shared/returns';
import { afterCommit, transaction, type Transaction } from '../../db/client';
import { returnRequests, returnUnits } from '../../db/schema/returns';
import { AppError, invalidField, notFound } from '../../lib/errors';
import { clockNumbers, insertNumbered, returnNumber } from '../../lib/reference-numbers';
import { adminNotifyAddress } from '../accounts';
import { recordAudit } from '../audit';
import type { ImageBudget } from '../images';
import { ANONYMOUS_MAIL_CAP, enqueueEmail } from '../mail';
import { deliveredAt, findOrderForViewer, lockOrder, orderItemsOf, type OrderAccess, type OrderRow } from '../orders';
import { findFinishedRepair, lockPickupDay, takeSlot } from '../repairs';
import { renderAdminNewReturnEmail, renderReturnStepEmail } from './emails';
import { everyReturn } from './admin-list';
import { normaliseReturnPhotos, storeReturnPhotos } from './photos';
import { appendReturnHistory, returnView, unitsHeld, type ReturnDeps, type ReturnRow } from './records';

/*
 * Opening a request (POST /api/returns): from an order, the units of its lines, within the return's
 * or the warranty's window of delivery; or from a finished repair, within the repair's warranty. The
 * customer picks a collection slot, which takes a place in the repairs' pickup slot at once, as a
 * booking does; a decline or a cancel gives it back.
 */

const conflict = (code: string, message: string, field?: string) =>
  new AppError(code, message, { status: 409, ...(field ? { fields: { [field]: message } } : {}) });

/** The slot's date and time checked against the store's clock, then one place taken in it (409 when full). */
async function takeCollectionSlot(tx: Transaction, input: OpenReturn, capacity: number, now: Date) {
  const dateRefusal = pickupDateRefusal(input.pickupDate, now);
  if (dateRefusal) throw invalidField('pickupDate', dateRefusal);
  if (!upcomingSlots(input.pickupDate, now).includes(input.pickupTime)) {
    throw invalidField('pickupTime', PICKUP_MESSAGES.timeUnavailable);
  }
  await lockPickupDay(tx, input.pickupDate);
  await takeSlot(tx, input.pickupDate, input.pickupTime, capacity);
}

/** Who the request is for, as the order or repair it comes from names them. */
type Customer = { customerId: string | null; customerName: string; customerEmail: string; customerPhone: string };

const customerOf = ({ customerId, customerName, customerEmail, customerPhone }: Customer): Customer => ({
  customerId,
  customerName,
  customerEmail,
  customerPhone,
});

interface Source extends Customer {
  orderId: string | null;
  orderNumber: string | null;
  repairBookingId: string | null;
  repairNumber: string | null;
}

/**
 * The units asked for, checked under the order's row lock against what each line bought less what
 * other requests hold: a unit has one open request at a time, and the units returned never exceed
 * those bought, whatever two tabs send at once.
 */
async function unitsOfOrder(tx: Transaction, order: OrderRow, input: OpenReturn) {
  const lines = await orderItemsOf(tx, order.id);
  const held = await unitsHeld(tx, order.id);
  return input.items.map((asked) => {
    const line = lines.find((l) => l.deviceId === asked.deviceId);
    if (!line) throw invalidField('items', RETURN_MESSAGES.notOnOrder);
    const left = line.quantity - (held.get(line.id) ?? 0);
    if (asked.quantity > left) {
      throw conflict('UNITS_UNAVAILABLE', RETURN_MESSAGES.unitsUnavailable(line.name, left), 'items');
    }
    return {
      orderItemId: line.id,
      deviceId: line.deviceId,
      name: line.name,
      price: line.price,
      quantity: asked.quantity,
    };
  });
}

/** The request, its units, first history entry, photos, audit entry and emails, in the caller's transaction. */
async function storeRequest(
  tx: Transaction,
  deps: ReturnDeps,
  {
    input,
    source,
    units,
    photos,
    actor,
    guest,
  }: {
    input: OpenReturn;
    source: Source;
    units: { orderItemId: string; deviceId: string; name: string; price: number; quantity: number }[];
    photos: Awaited<ReturnType<typeof normaliseReturnPhotos>>;
    actor: { id: string | null; role: 'customer' | 'admin' | 'agent'; ip?: string };
    guest: boolean;
  },
): Promise<ReturnRow> {
  const now = deps.clock.now();
  const row = await insertNumbered(tx, returnRequests, clockNumbers(returnNumber, now), (number) => ({
    returnNumber: number,
    kind: input.kind,
    ...source,
    reason: input.reason,
    description: input.description,
    pickupAddress: input.pickupAddress,
    pickupDate: input.pickupDate,
    pickupTime: input.pickupTime,
    status: 'requested',
    createdAt: now,
    updatedAt: now,
  }));
  if (units.length > 0) await tx.insert(returnUnits).values(units.map((unit) => ({ requestId: row.id, ...unit })));
  await appendReturnHistory(tx, { row, status: 'requested', actorId: actor.id, now });
  await storeReturnPhotos(tx, row.id, 'request', photos);
  await recordAudit(tx, {
    actor,
    action: 'return_request.open',
    entity: { type: 'return_request', id: row.returnNumber },
    after: { kind: row.kind, orderNumber: row.orderNumber, repairNumber: row.repairNumber, units },
    at: now,
  });
  // Mail a guest's request sends goes to an address nobody proved here: capped, as every anonymous send is.
  await enqueueEmail(
    tx,
    renderReturnStepEmail(row, 'requested', deps.config.PUBLIC_URL),
    now,
    guest ? ANONYMOUS_MAIL_CAP : {},
  );
  const admin = await adminNotifyAddress(tx, deps.config);
  const count = units.reduce((sum, unit) => sum + unit.quantity, 0);
  if (admin) await enqueueEmail(tx, renderAdminNewReturnEmail(row, admin, count, deps.config.PUBLIC_URL), now);
  afterCommit(tx, everyReturn.forget);
  return row;
}

/**
 * POST /api/returns. The order (or repair) is found only for whoever may open it (404 otherwise, as
 * for one that does not exist); the window is checked against the store's clock, and a request past
 * it is refused with 409 naming the day it ended; the units, the slot and the request are written in
 * one transaction, under the order's row lock.
 */
export async function openReturnRequest({
  input,
  access,
  imageBudget,
  ip,
  ...deps
}: ReturnDeps & {
  input: OpenReturn;
  access: OrderAccess;
  imageBudget: ImageBudget;
  ip?: string;
}): Promise<ReturnRequestView> {
  const { db, config, clock } = deps;
  const viewer = access.viewer;
  const actor = { id: viewer?.id ?? null, role: viewer?.role ?? ('customer' as const), ip };
  const guest = viewer === null;
  if (input.kind === 'repair_warranty') {
    const repair = await findFinishedRepair(db, input.repairNumber);
    const owns = viewer?.role === 'admin' || (viewer?.role === 'customer' && repair?.customerId === viewer.id);
    if (!repair || !owns) throw notFound('REPAIR_NOT_FOUND', 'No repair booking found with this number.');
    if (!repair.returnedAt) throw conflict('REPAIR_NOT_RETURNED', RETURN_MESSAGES.repairNotReturned, 'repairNumber');
    const refusal = windowRefusal('repair_warranty', repair.returnedAt, clock.now());
    if (refusal) throw conflict('RETURN_WINDOW_CLOSED', refusal, 'kind');
    const photos = await normaliseReturnPhotos(input.photos, imageBudget);
    const row = await transaction(db, async (tx) => {
      // One open request per repaired device: requests for it are counted one at a time.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`return-repair:${repair.id}`}))`);
      const [open] = await tx
        .select({ id: returnRequests.id })
        .from(returnRequests)
        .where(and(eq(returnRequests.repairBookingId, repair.id), inArray(returnRequests.status, RETURN_OPEN_STATUSES)))
        .limit(1);
      if (open) throw conflict('REQUEST_ALREADY_OPEN', RETURN_MESSAGES.repairHasRequest, 'repairNumber');
      await takeCollectionSlot(tx, input, config.REPAIR_SLOT_CAPACITY, clock.now());
      const source: Source = {
        ...customerOf(repair),
        orderId: null,
        orderNumber: null,
        repairBookingId: repair.id,
        repairNumber: repair.bookingNumber,
      };
      return storeRequest(tx, deps, { input, source, units: [], photos, actor, guest: false });
    });
    return returnView(db, row, config.STORE_CURRENCY);
  }

  const found = await findOrderForViewer({ db, orderNumber: input.orderNumber, ...access });
  const photos = await normaliseReturnPhotos(input.photos, imageBudget);
  const row = await transaction(db, async (tx) => {
    const order = (await lockOrder(tx, { orderNumber: found.orderNumber }))!;
    const delivered = await deliveredAt(tx, order.id);
    if (!delivered) throw conflict('ORDER_NOT_DELIVERED', RETURN_MESSAGES.notDelivered, 'orderNumber');
    const refusal = windowRefusal(input.kind, delivered, clock.now());
    if (refusal) throw conflict('RETURN_WINDOW_CLOSED', refusal, 'kind');
    const units = await unitsOfOrder(tx, order, input);
    await takeCollectionSlot(tx, input, config.REPAIR_SLOT_CAPACITY, clock.now());
    const source: Source = {
      ...customerOf(order),
      orderId: order.id,
      orderNumber: order.orderNumber,
      repairBookingId: null,
      repairNumber: null,
    };
    return storeRequest(tx, deps, { input, source, units, photos, actor, guest });
  });
  return returnView(db, row, found.currency);
}
