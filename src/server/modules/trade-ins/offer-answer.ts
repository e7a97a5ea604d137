import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ERROR_CODES } from '../../../shared/errors';
import {
  LINK_MESSAGES,
  OFFER_MESSAGES,
  PAYOUT_CHANGED_HISTORY,
  payoutChangeRefusal,
  type payoutAccountSchema,
  type TrackedTradeIn,
} from '../../../shared/trade-ins';
import { transaction, type Transaction } from '../../db/client';
import { tradeInPayouts } from '../../db/schema/trade-ins';
import { AppError, invalidField } from '../../lib/errors';
import { savedBankAccount } from '../accounts';
import { recordAudit, type Actor } from '../audit';
import { enqueueEmail } from '../mail';
import { payoutChangedEmail } from './emails';
import { emailNewStatus, moveTradeIn } from './move-steps';
import {
  appendHistory,
  emailContext,
  emailSubject,
  findTradeIn,
  isOwner,
  tradeInNotFound,
  type TradeInDeps,
  type TradeInRow,
  type Viewer,
} from './trade-in-records';
import { tokenMatches } from './seller-link';
import { trackedView } from './trade-in-views';

/*
 * What the seller does with an offer (decision 039): accept it with the account the payout goes to,
 * decline it, or change that account while the payment waits. Proof is the owner's session or the
 * newest emailed link, never an email address typed in; each action runs in one transaction.
 */

/** Who asks, and the link's token they hold ('' without one). */
type SellerRequest = TradeInDeps & { number: string; viewer: Viewer; token: string; ip?: string };
type PayoutAccount = z.output<typeof payoutAccountSchema>;
type Answered = { message: string; tradeIn: TrackedTradeIn };

const refused = (message: string) => new AppError(ERROR_CODES.forbidden, message, { status: 403 });

/**
 * The seller: the signed-in customer who submitted it, or whoever holds the newest link emailed to
 * its contact address before it expires. Anything else is 403, saying neither the contact email nor
 * anything about the trade-in's state.
 */
function proveSeller(
  row: TradeInRow,
  { viewer, token, ip }: Pick<SellerRequest, 'viewer' | 'token' | 'ip'>,
  now: Date,
): { actor: Actor; proof: 'session' | 'link' } {
  if (isOwner(row, viewer)) return { actor: { id: viewer!.id, role: 'customer', ip }, proof: 'session' };
  if (!token) throw refused(LINK_MESSAGES.required);
  if (!tokenMatches(row.accessTokenHash, token)) throw refused(LINK_MESSAGES.invalid);
  // A link from before links expired has no expiry recorded: it is treated as expired.
  if (!row.accessTokenExpiresAt || row.accessTokenExpiresAt <= now) throw refused(LINK_MESSAGES.expired);
  return { actor: { id: null, role: 'customer', ip }, proof: 'link' };
}

/**
 * A seller's action's first step: the trade-in (404) locked, so a new link or the admin's payment
 * waits for it; then the seller proven (403) before its status is looked at, so a stranger learns
 * nothing about it.
 */
async function lockForSeller(tx: Transaction, request: SellerRequest, now: Date) {
  const row = await findTradeIn(tx, request.number, { lock: true });
  if (!row) throw tradeInNotFound();
  return { row, ...proveSeller(row, request, now) };
}

/**
 * The account the payout goes to: the number typed, or with `useSavedAccount` the one saved in the
 * signed-in seller's account (theirs alone: anyone else is refused, and nothing changes).
 */
async function payoutAccount(tx: Transaction, row: TradeInRow, viewer: Viewer, input: PayoutAccount) {
  const { accountHolder, bankName, branchCode } = input;
  if (!input.useSavedAccount) return { accountHolder, bankName, branchCode, accountNumber: input.accountNumber };
  if (!isOwner(row, viewer)) {
    throw new AppError(ERROR_CODES.forbidden, OFFER_MESSAGES.savedAccountOwnerOnly, {
      status: 403,
      fields: { accountNumber: OFFER_MESSAGES.savedAccountOwnerOnly },
    });
  }
  const saved = await savedBankAccount(tx, viewer!.id);
  if (!saved) throw invalidField('accountNumber', OFFER_MESSAGES.noSavedAccount);
  if (saved.bankName !== bankName) {
    throw invalidField('bankName', OFFER_MESSAGES.savedAccountOtherBank(saved.bankName));
  }
  return { accountHolder, bankName, branchCode, accountNumber: saved.accountNumber };
}

const lastFour = (accountNumber: string) => accountNumber.slice(-4);

/** What the audit log keeps of a payout account: enough to tell two apart, not the whole number. */
const payoutAuditView = (account: {
  accountHolder: string;
  bankName: string;
  accountNumber: string;
  branchCode: string;
}) => ({
  accountHolder: account.accountHolder,
  bankName: account.bankName,
  accountEnding: lastFour(account.accountNumber),
  branchCode: account.branchCode,
});

type PayoutRequest = SellerRequest & { input: PayoutAccount };

/** 'Offer Made' -> 'Awaiting Payment', keeping the bank account the payout goes to. */
export async function acceptOffer(request: PayoutRequest): Promise<Answered> {
  const now = request.clock.now();
  return transaction(request.db, async (tx) => {
    const { row, actor, proof } = await lockForSeller(tx, request, now);
    const accepted = await moveTradeIn(tx, { row, move: 'accept', actor, now, details: { proof } });
    const account = await payoutAccount(tx, accepted, request.viewer, request.input);
    await tx.insert(tradeInPayouts).values({ tradeInId: accepted.id, ...account, createdAt: now, updatedAt: now });
    await emailNewStatus(tx, accepted, request.config, now, [
      `We will pay into ${account.bankName} account ending ${lastFour(account.accountNumber)} within 24 hours of approval.`,
      'You can change this account until we pay: open your trade-in from the link we emailed you, or signed in, and choose Change payout account.',
    ]);
    return { message: OFFER_MESSAGES.accepted, tradeIn: await trackedView(tx, accepted, request.viewer) };
  });
}

/** 'Offer Made' -> 'Offer Declined' (decision 021): the device goes back to the customer. */
export async function declineOffer(request: SellerRequest & { reason: string }): Promise<Answered> {
  const now = request.clock.now();
  return transaction(request.db, async (tx) => {
    const { row, actor, proof } = await lockForSeller(tx, request, now);
    // The reason is kept for the staff's detail view (decision 044).
    const set = { declineReason: request.reason || null };
    const declined = await moveTradeIn(tx, { row, move: 'decline', actor, now, set, details: { proof } });
    await emailNewStatus(tx, declined, request.config, now, ['Your device will be returned to you.']);
    return { message: OFFER_MESSAGES.declined, tradeIn: await trackedView(tx, declined, request.viewer) };
  });
}

/**
 * PUT /api/trade-ins/:number/payout: while the payment waits ('Awaiting Payment'), the seller, proven
 * as for the answer, replaces the account it goes to. The history and the audit log record it with
 * the proof used, and the contact address is told, so a change the seller did not make is seen
 * before the admin pays. Once paid (or before accepting) it is 409 with the reason.
 */
export async function changePayoutAccount(request: PayoutRequest): Promise<Answered> {
  const now = request.clock.now();
  return transaction(request.db, async (tx) => {
    const { row, actor, proof } = await lockForSeller(tx, request, now);
    // The row is locked, so the admin cannot mark it paid between this check and the change.
    if (row.status !== 'Awaiting Payment') {
      throw new AppError(ERROR_CODES.conflict, payoutChangeRefusal(row.status), { status: 409 });
    }
    const account = await payoutAccount(tx, row, request.viewer, request.input);
    const [before] = await tx.select().from(tradeInPayouts).where(eq(tradeInPayouts.tradeInId, row.id));
    await tx
      .insert(tradeInPayouts)
      .values({ tradeInId: row.id, ...account, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: tradeInPayouts.tradeInId, set: { ...account, updatedAt: now } });
    await appendHistory(tx, {
      row,
      statuses: [row.status],
      actorId: actor.id,
      now,
      description: PAYOUT_CHANGED_HISTORY,
    });
    await recordAudit(tx, {
      actor,
      action: 'trade_in.change_payout',
      entity: { type: 'trade_in', id: row.transactionNumber },
      before: before && payoutAuditView(before),
      after: payoutAuditView(account),
      details: { proof },
      at: now,
    });
    const change = { ...emailSubject(row), bankName: account.bankName, accountEnding: lastFour(account.accountNumber) };
    await enqueueEmail(tx, payoutChangedEmail(change, emailContext(request.config)), now);
    return {
      message: OFFER_MESSAGES.payoutChanged(account.bankName, lastFour(account.accountNumber)),
      tradeIn: await trackedView(tx, row, request.viewer),
    };
  });
}
