import { and, eq, sql } from 'drizzle-orm';
import type { RepairDeviceType, RepairServiceId } from '../../../shared/repair-services';
import { REPAIR_SERVICES } from '../../../shared/repair-services';
import type { Config } from '../../config';
import type { DbHandle, Transaction } from '../../db/client';
import { afterCommit } from '../../db/client';
import { repairBookings, repairStatusHistory } from '../../db/schema/repairs';
import { atAgentSlot } from '../../lib/agent-slot';
import { countRows } from '../../lib/count-rows';
import { bookingNumber as makeBookingNumber, clockNumbers, insertNumbered } from '../../lib/reference-numbers';
import { everyRepair } from './admin-list';
import { findBooking } from './bookings';
import { appendRepairHistory, emailAgent, emailRepairStatus } from './status-steps';

/*
 * What the returns module asks of repairs (through the index): a finished repair's warranty start,
 * the pickups an agent already has in a slot (a collection shares the slot's capacity), and a
 * warranty repair job opened at no charge for a device our agent already holds.
 */

/** A repair whose device is back with its customer: who booked it, and when it came back. */
export interface FinishedRepair {
  id: string;
  bookingNumber: string;
  customerId: string | null;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  address: string;
  deviceType: RepairDeviceType;
  serviceId: RepairServiceId;
  device: string;
  /** When it reached 'returned' (null while it has not). */
  returnedAt: Date | null;
}

/** The repair with this number and when its device came back to the customer; null when there is none. */
export async function findFinishedRepair(db: DbHandle, bookingNumber: string): Promise<FinishedRepair | null> {
  const row = await findBooking(db, bookingNumber);
  if (!row) return null;
  const [returned] = await db
    .select({ at: sql<Date | null>`min(${repairStatusHistory.createdAt})` })
    .from(repairStatusHistory)
    .where(and(eq(repairStatusHistory.bookingId, row.id), eq(repairStatusHistory.status, 'returned')));
  const service = REPAIR_SERVICES.find((s) => s.id === row.serviceId);
  return {
    id: row.id,
    bookingNumber: row.bookingNumber,
    customerId: row.customerId,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    address: row.address,
    deviceType: row.deviceType as RepairDeviceType,
    serviceId: row.serviceId as RepairServiceId,
    device: [row.brand, row.model].filter(Boolean).join(' ') || `${row.deviceType} (${service?.name ?? row.serviceId})`,
    returnedAt: row.status === 'returned' && returned?.at ? new Date(returned.at) : null,
  };
}

/** The signed-in customer's finished repairs (for the account's warranty links), newest first. */
export async function finishedRepairsOf(db: DbHandle, customerId: string): Promise<FinishedRepair[]> {
  const rows = await db
    .select({ bookingNumber: repairBookings.bookingNumber })
    .from(repairBookings)
    .where(and(eq(repairBookings.customerId, customerId), eq(repairBookings.status, 'returned')));
  const found = await Promise.all(rows.map((row) => findFinishedRepair(db, row.bookingNumber)));
  return found.filter((repair): repair is FinishedRepair => repair !== null);
}

/** Pickups an agent still has to make in one slot: a return's collection counts them with its own. */
export async function agentPickupsAt(
  tx: DbHandle,
  agentId: string,
  slot: { pickupDate: string; pickupTime: string },
): Promise<number> {
  return countRows(
    tx,
    repairBookings,
    and(atAgentSlot(repairBookings, agentId, slot), eq(repairBookings.status, 'booked')),
  );
}

/**
 * Opens a repair job at no charge for a device a return's agent collected (in the caller's
 * transaction): a booking already 'picked_up' by that agent at the collection's slot, no place taken
 * in the slot (nobody drives out for it), marked `warrantyOf` the request, its history saying so, the
 * customer and the agent emailed. From there the agent's usual steps take it to 'returned'.
 */
export async function openWarrantyRepair(
  tx: Transaction,
  job: {
    warrantyOf: string;
    customerId: string | null;
    customer: { name: string; phone: string; email: string; address: string };
    deviceType: RepairDeviceType;
    serviceId: RepairServiceId;
    brand: string;
    model: string;
    description: string;
    agentId: string;
    pickupDate: string;
    pickupTime: string;
    actorId: string;
    config: Config;
    now: Date;
  },
): Promise<string> {
  const { now, config } = job;
  const row = await insertNumbered(tx, repairBookings, clockNumbers(makeBookingNumber, now), (number) => ({
    bookingNumber: number,
    customerId: job.customerId,
    deviceType: job.deviceType,
    serviceId: job.serviceId,
    timeframe: '2 days',
    brand: job.brand.slice(0, 60),
    model: job.model.slice(0, 80),
    issueType: 'Other',
    description: job.description.slice(0, 2000),
    customerName: job.customer.name,
    customerPhone: job.customer.phone,
    customerEmail: job.customer.email,
    address: job.customer.address,
    pickupDate: job.pickupDate,
    pickupTime: job.pickupTime,
    status: 'picked_up',
    agentId: job.agentId,
    warrantyOf: job.warrantyOf,
    createdAt: now,
    updatedAt: now,
  }));
  const description = `Warranty repair for ${job.warrantyOf}, at no charge; the device is with our agent`;
  await appendRepairHistory(tx, { row, status: 'booked', actorId: job.actorId, now, description });
  await appendRepairHistory(tx, { row, status: 'picked_up', actorId: job.actorId, now });
  await emailRepairStatus(tx, row, 'picked_up', config, now, { reason: description });
  await emailAgent(tx, job.agentId, row, { kind: 'assigned' }, config, now);
  afterCommit(tx, everyRepair.forget);
  return row.bookingNumber;
}
