import { eq } from 'drizzle-orm';
import { transaction } from '../../db/client';
import { tradeInPayouts } from '../../db/schema/trade-ins';
import { invalidField } from '../../lib/errors';
import { findActiveAgent } from '../accounts/service';
import type { SignedInActor } from '../audit/service';
import { enqueueEmail } from '../mail/outbox';
import { offerEmail, payoutSentLines } from './emails';
import { emailNewStatus, findForStaff, moveTradeIn } from './move-steps';
import { emailContext, emailSubject, type TradeInDeps } from './rows';
import { newLink } from './seller-link';
import { staffView } from './views';

/*
 * The staff's moves of a trade-in (decision 022), each in one transaction: the trade-in found (404;
 * an agent's own, else 403), moved by one conditional UPDATE with its history and audit entry (409
 * with the reason when its status forbids the move), the customer emailed. The reply is the trade-in
 * as the admin's list shows it.
 */

type StaffMoveRequest = TradeInDeps & { number: string; actor: SignedInActor };
type AssignRequest = StaffMoveRequest & { agentId: string };
type OfferRequest = StaffMoveRequest & { amount: number; notes: string };
type PaidRequest = StaffMoveRequest & { payoutReference: string };

/** Admin: 'Awaiting Confirmation' -> 'Confirmed'. */
export async function confirmTradeIn({ db, config, clock, number, actor }: StaffMoveRequest) {
  const now = clock.now();
  return transaction(db, async (tx) => {
    const row = await findForStaff(tx, number, actor);
    const confirmed = await moveTradeIn(tx, { row, move: 'confirm', actor, now });
    await emailNewStatus(tx, confirmed, config, now);
    return staffView(tx, confirmed);
  });
}

/** Admin: gives the trade-in to an active agent ('Confirmed', or another agent's) -> 'Assigned to Agent'. */
export async function assignTradeIn({ db, config, clock, number, actor, agentId }: AssignRequest) {
  const now = clock.now();
  return transaction(db, async (tx) => {
    const row = await findForStaff(tx, number, actor);
    const agent = await findActiveAgent(tx, agentId);
    if (!agent) throw invalidField('agentId', 'Choose an active agent');
    const assigned = await moveTradeIn(tx, {
      row,
      move: 'assign',
      actor,
      now,
      set: { agentId: agent.id },
      details: { agentName: agent.name },
    });
    await emailNewStatus(tx, assigned, config, now);
    return staffView(tx, assigned);
  });
}

/** Agent: 'Assigned to Agent' -> 'Device Assessed' (history) -> rests in 'Awaiting Offer'. */
export async function assessTradeIn({ db, config, clock, number, actor }: StaffMoveRequest) {
  const now = clock.now();
  return transaction(db, async (tx) => {
    const row = await findForStaff(tx, number, actor);
    const assessed = await moveTradeIn(tx, { row, move: 'assess', actor, now, passedThrough: ['Device Assessed'] });
    await emailNewStatus(tx, assessed, config, now);
    return staffView(tx, assessed);
  });
}

/**
 * Agent: 'Assigned to Agent' or 'Awaiting Offer' -> 'Offer Made', with the amount and notes; the
 * offer's email carries a new link for the seller's answer, which voids any earlier one.
 */
export async function makeOffer({ db, config, clock, number, actor, amount, notes }: OfferRequest) {
  const now = clock.now();
  const link = newLink(now);
  return transaction(db, async (tx) => {
    const row = await findForStaff(tx, number, actor);
    const set = { offeredAmount: amount, assessmentNotes: notes || null, ...link.set };
    const offered = await moveTradeIn(tx, { row, move: 'offer', actor, now, set });
    const offer = { ...emailSubject(offered), offeredAmount: amount, assessmentNotes: offered.assessmentNotes };
    await enqueueEmail(tx, offerEmail(offer, link.token, emailContext(config)), now);
    return staffView(tx, offered);
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
