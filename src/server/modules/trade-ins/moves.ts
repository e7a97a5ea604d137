import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { statusDescription } from '../../../shared/trade-in-statuses';
import { offerRangeMessage, offerRatio, offerRevisedHistory, type makeOfferSchema } from '../../../shared/trade-ins';
import { transaction } from '../../db/client';
import { tradeInPayouts } from '../../db/schema/trade-ins';
import { invalidField } from '../../lib/errors';
import { signingKey } from '../../lib/signing';
import { userNames } from '../accounts';
import type { SignedInActor } from '../audit';
import { enqueueEmail } from '../mail';
import { offerEmail, payoutSentLines, revisedOfferEmail } from './emails';
import { emailNewStatus, findForStaff, moveTradeIn, reassignTradeIn } from './move-steps';
import { emailContext, emailSubject, findTradeIn, type TradeInDeps, type TradeInRow } from './trade-in-records';
import { newLink } from './seller-link';
import { staffView } from './trade-in-views';

/*
 * The staff's moves of a trade-in (decision 022), each in one transaction: the trade-in found (404;
 * an agent's own, else 403), moved by one conditional UPDATE with its history and audit entry (409
 * with the reason when its status forbids the move), the customer emailed. The reply is the trade-in
 * as the admin's list shows it.
 */

type StaffMoveRequest = TradeInDeps & { number: string; actor: SignedInActor };
type AssignRequest = StaffMoveRequest & { agentId: string };
type OfferInput = z.output<typeof makeOfferSchema>;
type OfferRequest = StaffMoveRequest & { offer: OfferInput };
type PaidRequest = StaffMoveRequest & { payoutReference: string };
type ReturnRequest = StaffMoveRequest & { note: string };

/** A move that changes the status and nothing else, the seller emailed the new one. */
async function statusOnlyMove({ db, config, clock, number, actor }: StaffMoveRequest, move: 'confirm' | 'assess') {
  const now = clock.now();
  return transaction(db, async (tx) => {
    const row = await findForStaff(tx, number, actor);
    const moved = await moveTradeIn(tx, { row, move, actor, now });
    await emailNewStatus(tx, moved, config, now);
    return staffView(tx, moved);
  });
}

/** Admin: 'Awaiting Confirmation' -> 'Confirmed'. */
export const confirmTradeIn = (request: StaffMoveRequest) => statusOnlyMove(request, 'confirm');

/**
 * Admin: gives the trade-in to an active agent ('Confirmed' -> 'Assigned to Agent'), or to another
 * agent while it is open; both agents are emailed (reassignTradeIn).
 */
export async function assignTradeIn({ db, config, clock, number, actor, agentId }: AssignRequest) {
  const now = clock.now();
  return transaction(db, async (tx) => {
    const row = await findForStaff(tx, number, actor);
    return staffView(tx, await reassignTradeIn(tx, { row, agentId, actor, now, config }));
  });
}

/** Agent: 'Assigned to Agent' -> 'Device Assessed', where the offer starts from (decision 095). */
export const assessTradeIn = (request: StaffMoveRequest) => statusOnlyMove(request, 'assess');

/**
 * An amount outside OFFER_RANGE_PERCENT of the estimate goes out only with the agent's second yes
 * (`confirmOutOfRange`); without it, 400 under that field saying the share and the range.
 */
function checkOfferRange(row: TradeInRow, { amount, confirmOutOfRange }: OfferInput) {
  const { percent, outOfRange } = offerRatio(amount, row.estimatedValue);
  if (outOfRange && !confirmOutOfRange) throw invalidField('confirmOutOfRange', offerRangeMessage(percent));
}

/** What the audit log adds to an offer's entry: the estimate, the share of it, and whether it was confirmed. */
const offerDetails = (row: TradeInRow, { amount, confirmOutOfRange }: OfferInput) => ({
  estimatedValue: row.estimatedValue,
  percentOfEstimate: offerRatio(amount, row.estimatedValue).percent,
  confirmedOutOfRange: confirmOutOfRange,
});

/**
 * Agent: 'Assigned to Agent', 'Device Assessed' (or 'Awaiting Offer') -> 'Offer Made', with the amount and notes; the
 * offer's email carries a new link for the seller's answer, which voids any earlier one.
 */
export async function makeOffer({ db, config, clock, number, actor, offer }: OfferRequest) {
  const now = clock.now();
  const key = await signingKey(db);
  return transaction(db, async (tx) => {
    const row = await findForStaff(tx, number, actor);
    checkOfferRange(row, offer);
    const link = newLink(key, row, now);
    const set = { offeredAmount: offer.amount, assessmentNotes: offer.notes || null, ...link.set };
    const details = offerDetails(row, offer);
    const offered = await moveTradeIn(tx, { row, move: 'offer', actor, now, set, details });
    const email = { ...emailSubject(offered), offeredAmount: offer.amount, assessmentNotes: offered.assessmentNotes };
    await enqueueEmail(tx, offerEmail(email, link.token, emailContext(config)), now);
    return staffView(tx, offered);
  });
}

/**
 * Agent: a new amount and notes while the seller has not answered ('Offer Made' stays). The history
 * keeps both offers (an entry naming the agent and both amounts), and the seller is emailed the new
 * one with a new link: the trade-in keeps only the newest link's hash and nonce (seller-link.ts), so
 * writing it is what voids the earlier email's links (asking for the link again sends this one). Once the seller answered it is 409 (TRADE_IN_MOVES.revise).
 */
export async function reviseOffer({ db, config, clock, number, actor, offer }: OfferRequest) {
  const now = clock.now();
  const key = await signingKey(db);
  return transaction(db, async (tx) => {
    // Locked: a seller answering at this moment either answers the old offer first (and this is 409)
    // or waits and finds their link void.
    await findTradeIn(tx, number, { lock: true });
    const row = await findForStaff(tx, number, actor);
    checkOfferRange(row, offer);
    const link = newLink(key, row, now);
    const previousAmount = row.offeredAmount ?? 0;
    const [agentName] = (await userNames(tx, [actor.id])).values();
    const set = { offeredAmount: offer.amount, assessmentNotes: offer.notes || null, ...link.set };
    const revised = await moveTradeIn(tx, {
      row,
      move: 'revise',
      actor,
      now,
      set,
      details: { ...offerDetails(row, offer), previousAmount },
      description: offerRevisedHistory(agentName ?? 'the agent', previousAmount, offer.amount),
    });
    const email = {
      ...emailSubject(revised),
      offeredAmount: offer.amount,
      previousAmount,
      assessmentNotes: revised.assessmentNotes,
    };
    await enqueueEmail(tx, revisedOfferEmail(email, link.token, emailContext(config)), now);
    return staffView(tx, revised);
  });
}

/** Admin: 'Awaiting Payment' -> 'Paid', recording the payout's reference, who paid and when; the seller is emailed the amount and reference. */
export async function markTradeInPaid({ db, config, clock, number, actor, payoutReference }: PaidRequest) {
  const now = clock.now();
  return transaction(db, async (tx) => {
    const row = await findForStaff(tx, number, actor);
    const paid = await moveTradeIn(tx, { row, move: 'markPaid', actor, now, details: { payoutReference } });
    const [account] = await tx
      .update(tradeInPayouts)
      .set({ payoutReference, paidAt: now, paidBy: actor.id, updatedAt: now })
      .where(eq(tradeInPayouts.tradeInId, row.id))
      .returning({ bankName: tradeInPayouts.bankName, accountNumber: tradeInPayouts.accountNumber });
    const into = account ? { bankName: account.bankName, accountEnding: account.accountNumber.slice(-4) } : null;
    const amount = paid.offeredAmount ?? 0;
    await emailNewStatus(tx, paid, config, now, payoutSentLines(amount, payoutReference, into, emailContext(config)));
    return staffView(tx, paid);
  });
}

/**
 * Admin: 'Offer Declined' -> 'Device Returned' (decision 096), the device back with its seller; how it
 * went back (a courier and number, a collection) is kept in the history entry and the audit log, and
 * the seller is emailed the new status.
 */
export async function returnTradeInDevice({ db, config, clock, number, actor, note }: ReturnRequest) {
  const now = clock.now();
  return transaction(db, async (tx) => {
    const row = await findForStaff(tx, number, actor);
    const description = note ? `${statusDescription('Device Returned')}: ${note}` : undefined;
    const returned = await moveTradeIn(tx, { row, move: 'returnDevice', actor, now, details: { note }, description });
    await emailNewStatus(tx, returned, config, now, note ? [`How it went back: ${note}`] : undefined);
    return staffView(tx, returned);
  });
}
