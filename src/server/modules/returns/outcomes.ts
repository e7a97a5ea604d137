import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { toMinorUnits } from '../../../shared/money';
import { REPAIR_DEVICE_TYPES, type RepairDeviceType } from '../../../shared/repair-services';
import { RETURN_MESSAGES, type AdminReturnRow, type repairReturnSchema } from '../../../shared/returns';
import { transaction, type DbHandle, type Transaction } from '../../db/client';
import { returnRequests } from '../../db/schema/returns';
import { AppError } from '../../lib/errors';
import type { SignedInActor } from '../audit';
import { findDevice, releaseStock, reserveStock, returnSoldUnits } from '../catalog';
import { refundStep } from '../checkout';
import { createReplacementOrder, findOrder, orderItemsOf, type OrderRow } from '../orders';
import { refundableAmount, refundStatus, reserveRefund, type PaymentProviderDriver } from '../payments';
import { findFinishedRepair, openWarrantyRepair } from '../repairs';
import { assertReturnMove, emailCustomer, inStaffMove, lockForStaff, moveReturn, type StaffMove } from './move-steps';
import { unitsOf, unitsRefunded, type ReturnDeps, type ReturnRow, type ReturnUnitRow } from './records';
import { staffRow } from './staff-views';

/*
 * The outcomes that move money or stock, each exactly once (decision 073):
 *
 *   refundReturn   inspected -> refunded: the units' price (and the shipping with the last units of
 *                  the order) through the Payments tab's own path (reserve under the payment's lock,
 *                  ask the provider with no lock held, settle), never more than is still refundable
 *   repairReturn   inspected -> repaired: a repair job at no charge (repairs), the unit stays the customer's
 *   replaceReturn  inspected -> replaced: a unit of the same device reserved and shipped as a new order
 *                  at price 0 (orders)
 *
 * A refunded or replaced unit is the store's again: back on sale when the inspection found it
 * sellable (catalog's releaseStock), otherwise written off (counted in the Returns tab's report). The
 * request's row lock and its status make each happen once: a second click finds it moved and gets 409.
 */

/** Step: a refunded or replaced request's units, back to stock when sellable, else written off; recorded once. */
async function settleUnits(tx: DbHandle, row: ReturnRow, units: ReturnUnitRow[]) {
  if (units.length === 0) return null;
  const outcome = row.sellable ? ('restocked' as const) : ('written_off' as const);
  if (outcome === 'restocked') await releaseStock(tx, units);
  // A restocked unit is on the shelf again, its cost no longer the order's; one written off stays the order's.
  if (outcome === 'restocked' && row.orderNumber) await returnSoldUnits(tx, row.orderNumber, units);
  await tx.update(returnRequests).set({ stockOutcome: outcome }).where(eq(returnRequests.id, row.id));
  return outcome;
}

/**
 * What a request is owed, in minor units: its units at the price paid, and, when they are the last
 * units of the order to be refunded, what the order charged beyond its lines (its shipping).
 */
async function amountDue(tx: DbHandle, order: OrderRow, units: ReturnUnitRow[]): Promise<number> {
  const lines = await orderItemsOf(tx, order.id);
  const bought = lines.reduce((sum, line) => sum + line.quantity, 0);
  const linesTotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const returning = units.reduce((sum, unit) => sum + unit.quantity, 0);
  const unitsTotal = units.reduce((sum, unit) => sum + unit.price * unit.quantity, 0);
  const whole = (await unitsRefunded(tx, order.id)) + returning === bought;
  return toMinorUnits(unitsTotal + (whole ? Math.max(order.totalAmount - linesTotal, 0) : 0));
}

/** Step: the request resolved as refunded with `amount`, its units settled, the customer emailed. */
async function markRefunded(tx: Transaction, deps: ReturnDeps, row: ReturnRow, actor: SignedInActor, amount: number) {
  const now = deps.clock.now();
  const units = await unitsOf(tx, row.id);
  const moved = await moveReturn(tx, { row, move: 'refund', actor, now, set: { refundAmount: amount } });
  await settleUnits(tx, moved, units);
  const order = row.orderNumber ? await findOrder(tx, { orderNumber: row.orderNumber }) : null;
  await emailCustomer(tx, moved, deps.config, now, { amount, currency: order?.currency });
  return staffRow(tx, moved);
}

/**
 * Admin: refunds an inspected return or warranty claim. In one transaction under the request's lock:
 * a refund already under way is 409 (two clicks refund once); one the provider refused is let go; the
 * amount due is reserved up to what the payment still holds (a refund from the Payments tab first
 * leaves less), and the request keeps the refund's id. Then the provider is asked with no lock held
 * (checkout's refundStep, which emails the refund and marks a wholly refunded order). Then, under the
 * lock again, an accepted refund resolves the request and settles its units; a refused one frees the
 * request for another try and answers 502. Nothing left to refund resolves it at once with 0.
 */
export async function refundReturn({
  provider,
  ...move
}: StaffMove & { provider: PaymentProviderDriver }): Promise<AdminReturnRow> {
  const { db, clock, returnNumber, actor } = move;
  const now = clock.now();
  const started = await transaction(db, async (tx) => {
    const row = await lockForStaff(tx, returnNumber, actor);
    assertReturnMove('refund', row);
    if (row.refundId) {
      const status = await refundStatus(tx, row.refundId);
      if (status !== 'failed')
        throw new AppError('REFUND_IN_PROGRESS', RETURN_MESSAGES.refundInProgress, { status: 409 });
    }
    const order = (await findOrder(tx, { orderNumber: row.orderNumber! }))!;
    const due = await amountDue(tx, order, await unitsOf(tx, row.id));
    const left = await refundableAmount(tx, order.paymentReference);
    if (Math.min(due, left) <= 0) return { done: await markRefunded(tx, move, row, actor, 0) };
    const reserved = await reserveRefund(tx, {
      reference: order.paymentReference,
      atMost: due,
      requestedBy: actor.id,
      reason: `Return ${row.returnNumber}`,
      now,
    });
    await tx
      .update(returnRequests)
      .set({ refundId: reserved.refundId, updatedAt: now })
      .where(eq(returnRequests.id, row.id));
    return { reserved };
  });
  if ('done' in started) return started.done!;
  const refund = await refundStep(db, provider, started.reserved, now);
  return transaction(db, async (tx) => {
    const row = await lockForStaff(tx, returnNumber, actor);
    if (refund.status === 'failed') {
      await tx.update(returnRequests).set({ refundId: null }).where(eq(returnRequests.id, row.id));
      return { failed: true as const };
    }
    return markRefunded(tx, move, row, actor, started.reserved.amount);
  }).then((result) => {
    if ('failed' in result) throw new AppError('REFUND_FAILED', RETURN_MESSAGES.refundFailed, { status: 502 });
    return result;
  });
}

/** The device a warranty repair works on: the request's unit (its catalog type), or the repaired device. */
async function repairedDevice(tx: DbHandle, row: ReturnRow, units: ReturnUnitRow[]) {
  if (row.repairNumber) {
    const repair = (await findFinishedRepair(tx, row.repairNumber))!;
    return { deviceType: repair.deviceType, brand: '', model: repair.device, serviceId: repair.serviceId };
  }
  const device = await findDevice({ db: tx, id: units[0]!.deviceId });
  const type = device?.type as RepairDeviceType | undefined;
  return {
    // A desktop, accessory or server goes to the bench the way a laptop does.
    deviceType: type && (REPAIR_DEVICE_TYPES as readonly string[]).includes(type) ? type : ('laptop' as const),
    brand: device?.brand ?? '',
    model: device?.model ?? units[0]!.name,
    serviceId: null,
  };
}

/**
 * Admin: an inspected warranty claim (or repair warranty) becomes a repair job at no charge, with the
 * service chosen (a repair's warranty defaults to the service it had), held by the agent who has the
 * device. The unit stays the customer's: no stock moves.
 */
export async function repairReturn({ input, ...staff }: StaffMove & { input: z.output<typeof repairReturnSchema> }) {
  const { config, actor } = staff;
  return inStaffMove(staff, async ({ tx, row, now, move }) => {
    assertReturnMove('repair', row);
    const device = await repairedDevice(tx, row, await unitsOf(tx, row.id));
    const jobNumber = await openWarrantyRepair(tx, {
      warrantyOf: row.returnNumber,
      customerId: row.customerId,
      customer: {
        name: row.customerName,
        phone: row.customerPhone,
        email: row.customerEmail,
        address: row.pickupAddress,
      },
      deviceType: device.deviceType,
      serviceId: input.service ?? device.serviceId ?? 'phone-glitching',
      brand: device.brand,
      model: device.model,
      description: `Warranty claim ${row.returnNumber}: ${row.inspectionNotes ?? ''}`,
      agentId: row.agentId!,
      pickupDate: row.pickupDate,
      pickupTime: row.pickupTime,
      actorId: actor.id,
      config,
      now,
    });
    return move('repair', { set: { repairJobNumber: jobNumber } });
  });
}

/**
 * Admin: an inspected return or warranty claim is replaced: a unit of each returned line's device is
 * reserved (409 when none is in stock, and nothing changes) and shipped as a new order at price 0,
 * marked as the replacement of the request; the returned units are settled (stock or write-off).
 */
export async function replaceReturn(staff: StaffMove) {
  return inStaffMove(staff, async ({ tx, row, now, move }) => {
    assertReturnMove('replace', row);
    const units = await unitsOf(tx, row.id);
    const original = (await findOrder(tx, { orderNumber: row.orderNumber! }))!;
    const lines = await reserveStock(tx, units).catch((error: unknown) => {
      // Out of stock, or the device taken off the catalog since: nothing to send.
      if (error instanceof AppError && (error.status === 409 || error.status === 404)) {
        throw new AppError('OUT_OF_STOCK', RETURN_MESSAGES.noStock, { status: 409 });
      }
      throw error;
    });
    const replacement = await createReplacementOrder(tx, { original, lines, replacementOf: row.returnNumber, now });
    const moved = await move('replace', { set: { replacementOrderNumber: replacement.orderNumber } });
    await settleUnits(tx, moved, units);
    return moved;
  });
}
