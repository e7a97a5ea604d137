import { ERASED, KEPT, PRIVACY_MESSAGES, type PersonalDataHolder } from '../../../shared/personal-data';
import { STORE } from '../../../shared/store';
import { transaction, type Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { headedEmail } from '../../lib/email-layout';
import { AppError } from '../../lib/errors';
import { ERROR_CODES } from '../../../shared/errors';
import { eraseCustomerAccount } from '../accounts';
import { recordAudit, type Actor } from '../audit';
import { eraseMessagesFrom } from '../contact';
import { enqueueEmail, eraseEmailsTo, type OutgoingEmail } from '../mail';
import { eraseOrderContacts } from '../orders';
import { erasePaymentContacts } from '../payments';
import { eraseRepairContacts } from '../repairs';
import { eraseReturnContacts } from '../returns';
import { eraseTradeIns } from '../trade-ins';
import { recordsInProgress } from './personal-data-copy';

/*
 * A person's erasure (docs/decisions/076), asked by the customer on their account page or carried out by the admin
 * for a request received by email. Each module erases its own tables in one transaction: what the law keeps
 * (orders, payments, paid trade-ins, for five years) stays with the name and contact details replaced, the rest
 * goes. It waits while an order, trade-in, repair or return request is under way, since the store still needs to
 * reach the person.
 */

function erasedEmail(to: string): OutgoingEmail {
  const { text, html } = headedEmail(
    'Your personal data has been erased',
    [
      `As you asked, ${STORE.name} has erased what it held about you. What was erased:`,
      ...ERASED.map((line) => `- ${line}`),
      'What the law requires us to keep, without your name or contact details:',
      ...KEPT.map((line) => `- ${line}`),
      `If you did not ask for this, contact us at ${STORE.email}.`,
    ],
    { text: [], html: [] },
  );
  return { kind: 'personal_data_erased', to, subject: `Your ${STORE.name} data has been erased`, text, html };
}

/**
 * Erases what the store holds about `holder`, in one transaction: refused (409) while something is under way.
 * `request` names the emailed request an admin acts on (kept in the audit entry; never the person's address).
 */
export async function erasePersonalData({
  db,
  clock,
  holder,
  actor,
  request,
}: {
  db: Database;
  clock: Clock;
  holder: PersonalDataHolder;
  actor: Actor;
  request?: string;
}): Promise<void> {
  const now = clock.now();

  await transaction(db, async (tx) => {
    // 1. Nothing may be under way: a paid order not yet delivered, a trade-in with an agent, a repair not returned,
    // a return request still open.
    const unfinished = await recordsInProgress(tx, holder, now);
    if (unfinished.length > 0) {
      throw new AppError(ERROR_CODES.conflict, PRIVACY_MESSAGES.inProgress(unfinished), { status: 409 });
    }

    // 2. Each module's part: records the law keeps lose who they were about, the rest is deleted.
    const orderIds = await eraseOrderContacts(tx, holder, now);
    await erasePaymentContacts(tx, orderIds);
    await eraseTradeIns(tx, holder, now);
    await eraseRepairContacts(tx, holder, now);
    await eraseReturnContacts(tx, holder, now);
    const emails = await eraseEmailsTo(tx, holder.email);
    const messages = await eraseMessagesFrom(tx, holder.email);
    if (holder.customerId) await eraseCustomerAccount(tx, { userId: holder.customerId, now });

    // 3. The audit entry names the account by id (a guest by the request alone), never the address erased.
    await recordAudit(tx, {
      actor,
      action: 'personal_data.erase',
      entity: holder.customerId ? { type: 'user', id: holder.customerId } : { type: 'request', id: request ?? '' },
      details: { orders: orderIds.length, emails, messages, ...(request ? { request } : {}) },
      at: now,
    });

    // 4. The confirmation goes to the address that was erased, the one thing the outbox keeps of it.
    await enqueueEmail(tx, erasedEmail(holder.email), now);
  });
}
