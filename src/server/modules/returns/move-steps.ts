import { and, eq, ne } from 'drizzle-orm';
import { ERROR_CODES } from '../../../shared/errors';
import {
  RETURN_MOVE_NOT_ALLOWED,
  RETURN_MOVES,
  returnMoveRefusal,
  type ReturnMove,
  type ReturnStatus,
} from '../../../shared/return-moves';
import type { Config } from '../../config';
import { afterCommit, transaction, type DbHandle, type Transaction } from '../../db/client';
import { returnRequests } from '../../db/schema/returns';
import { atAgentSlot } from '../../lib/agent-slot';
import { countRows } from '../../lib/count-rows';
import { AppError } from '../../lib/errors';
import { agentContacts } from '../accounts';
import { recordAudit, type Actor, type SignedInActor } from '../audit';
import { enqueueEmail } from '../mail';
import { agentPickupsAt, releaseSlot } from '../repairs';
import { everyReturn } from './admin-list';
import { renderAgentCollectionEmail, renderReturnStepEmail } from './emails';
import { appendReturnHistory, lockReturn, type ReturnDeps, type ReturnRow } from './records';
import { staffRow } from './staff-views';

/* The steps every move of a request takes, in its transaction (moves.ts and outcomes.ts read as lists of these). */

/** What a staff member's move is given: the module's dependencies, the request, who moves it. */
export type StaffMove = ReturnDeps & { returnNumber: string; actor: SignedInActor };

/** What moveReturn takes beside the request, its move, who and when: the columns set with the status, and what is said. */
type MoveChange = Pick<Parameters<typeof moveReturn>[1], 'set' | 'description' | 'details'>;

/** What a staff move's step works with: its transaction, the locked request, the moment, and `move` on that request. */
export interface StaffStep {
  tx: Transaction;
  row: ReturnRow;
  now: Date;
  /** moveReturn on the locked request, by the move's actor, at `now`. */
  move: (move: ReturnMove, change?: MoveChange) => Promise<ReturnRow>;
}

/**
 * A staff move in one transaction: the request locked for its actor (lockForStaff), `step` moves it, the
 * customer emailed, and the row the staff screens show answered.
 */
export function inStaffMove(
  { db, config, clock, returnNumber, actor }: StaffMove,
  step: (step: StaffStep) => Promise<ReturnRow>,
) {
  const now = clock.now();
  return transaction(db, async (tx) => {
    const row = await lockForStaff(tx, returnNumber, actor);
    const move = (to: ReturnMove, change?: MoveChange) => moveReturn(tx, { row, move: to, actor, now, ...change });
    const moved = await step({ tx, row, now, move });
    await emailCustomer(tx, moved, config, now);
    return staffRow(tx, moved);
  });
}

/** 409 RETURN_MOVE_NOT_ALLOWED saying why, when the table of moves does not allow `move` on the request now. */
export function assertReturnMove(move: ReturnMove, row: Pick<ReturnRow, 'status' | 'kind'>) {
  const refusal = returnMoveRefusal(move, row);
  if (refusal) throw new AppError(RETURN_MOVE_NOT_ALLOWED, refusal, { status: 409 });
}

/**
 * The request locked for a staff member's move: an agent's own collection only (403 naming whose it is
 * otherwise, as a trade-in says), the admin's any.
 */
export async function lockForStaff(tx: DbHandle, returnNumber: string, actor: Actor): Promise<ReturnRow> {
  const row = await lockReturn(tx, returnNumber);
  if (actor.role === 'agent' && row.agentId !== actor.id) {
    throw new AppError(ERROR_CODES.forbidden, 'This collection is assigned to another agent', { status: 403 });
  }
  return row;
}

/**
 * Moves a locked request as the table says (409 otherwise), with `set` beside the status: the
 * history entry, and the audit entry with the status before and after.
 */
export async function moveReturn(
  tx: DbHandle,
  {
    row,
    move,
    actor,
    now,
    set = {},
    description,
    details,
  }: {
    row: ReturnRow;
    move: ReturnMove;
    actor: Actor;
    now: Date;
    set?: Partial<typeof returnRequests.$inferInsert>;
    description?: string;
    details?: Record<string, unknown>;
  },
): Promise<ReturnRow> {
  assertReturnMove(move, row);
  const to: ReturnStatus = RETURN_MOVES[move].to;
  const [moved] = await tx
    .update(returnRequests)
    .set({ ...set, status: to, updatedAt: now })
    .where(eq(returnRequests.id, row.id))
    .returning();
  await appendReturnHistory(tx, { row, status: to, actorId: actor.id, now, description });
  await recordAudit(tx, {
    actor,
    action: `return_request.${move}`,
    entity: { type: 'return_request', id: row.returnNumber },
    before: { status: row.status, agentId: row.agentId },
    after: { status: to, ...set },
    details,
    at: now,
  });
  afterCommit(tx, everyReturn.forget);
  return moved!;
}

/** The customer's email of the request's new status. */
export async function emailCustomer(
  tx: DbHandle,
  row: ReturnRow,
  config: Config,
  now: Date,
  extra: { amount?: number; currency?: string } = {},
) {
  await enqueueEmail(tx, renderReturnStepEmail(row, row.status as ReturnStatus, config.PUBLIC_URL, extra), now);
}

/** Gives the request's place in its collection slot back (a decline, a cancel), so it is offered again. */
export async function givePlaceBack(tx: DbHandle, row: ReturnRow) {
  await releaseSlot(tx, row.pickupDate, row.pickupTime);
}

/**
 * True while the agent has room at the slot: their pickups still to make and their collections
 * still to make there, this request aside, stay under the slot's capacity, the most one agent can be
 * sent to (decision 046), counted across repairs and returns.
 */
export async function agentHasRoomFor(
  tx: DbHandle,
  agentId: string,
  slot: { pickupDate: string; pickupTime: string; requestId: string },
  config: Pick<Config, 'REPAIR_SLOT_CAPACITY'>,
) {
  const collections = await countRows(
    tx,
    returnRequests,
    and(
      atAgentSlot(returnRequests, agentId, slot),
      eq(returnRequests.status, 'collection_scheduled'),
      ne(returnRequests.id, slot.requestId),
    ),
  );
  const pickups = await agentPickupsAt(tx, agentId, slot);
  return collections + pickups < config.REPAIR_SLOT_CAPACITY;
}

/** Emails the agent a collection was given to and the one it was taken from (when still there). */
export async function emailAgents(
  tx: DbHandle,
  row: ReturnRow,
  { from, to }: { from: string | null; to: string | null },
  config: Config,
  now: Date,
) {
  const people = await agentContacts(
    tx,
    [from, to].filter((id): id is string => id !== null),
  );
  const previous = from && from !== to ? people.get(from) : undefined;
  if (previous?.active) {
    await enqueueEmail(tx, renderAgentCollectionEmail(row, previous, 'taken_away', config.PUBLIC_URL), now);
  }
  const next = to ? people.get(to) : undefined;
  if (next) await enqueueEmail(tx, renderAgentCollectionEmail(row, next, 'assigned', config.PUBLIC_URL), now);
}
