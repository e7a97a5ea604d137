import { useState } from 'react';
import type { PayoutAccountView } from '../../../../shared/trade-in-detail';
import { PAYOUT_MESSAGES } from '../../../../shared/trade-in-detail';
import type { AnySaleStatus } from '../../../../shared/trade-in-statuses';
import { DetailSection } from '../../../components/detail-parts';
import { Facts } from '../../../components/trade-in-detail-view';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { tradeInActions } from './trade-in-api';
import { formatDateTime } from '../../../../shared/dates';

/**
 * Where the seller is paid: holder, bank and branch code, the number by its last four until Reveal
 * asks the server for it whole (the server writes who revealed it to the audit log, and answers only
 * while the payment waits). Once paid: the reference, when and by whom.
 */
export function PayoutAccountPanel({
  number,
  status,
  payout,
}: {
  number: string;
  status: AnySaleStatus;
  payout: PayoutAccountView | null;
}) {
  const [revealed, setRevealed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function reveal() {
    setBusy(true);
    try {
      setRevealed((await tradeInActions.revealAccount(number)).accountNumber);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Failed to reveal the account number');
    } finally {
      setBusy(false);
    }
  }

  if (!payout) {
    return (
      <DetailSection title="Payout account">
        <p role="note" className="rounded-lg bg-amber-50 p-3 text-amber-900">
          {PAYOUT_MESSAGES.noAccount}. Ask the seller for one before paying.
        </p>
      </DetailSection>
    );
  }
  const hidden = `•••• ${payout.accountEnding}`;
  return (
    <DetailSection title="Payout account">
      <Facts
        items={[
          ['Account holder', payout.accountHolder],
          ['Bank', payout.bankName],
          ['Branch code', payout.branchCode],
          [
            'Account number',
            <span key="number" className="inline-flex flex-wrap items-center gap-2">
              <span className="font-mono" aria-live="polite">
                {revealed ?? hidden}
              </span>
              {status === 'Awaiting Payment' &&
                (revealed ? (
                  <Button size="sm" variant="ghost" onClick={() => setRevealed(null)}>
                    Hide
                  </Button>
                ) : (
                  <Button size="sm" variant="secondary" disabled={busy} onClick={() => void reveal()}>
                    Reveal
                  </Button>
                ))}
            </span>,
          ],
          ...(payout.payoutReference
            ? ([
                ['Payout reference', payout.payoutReference],
                ['Paid', `${payout.paidAt ? formatDateTime(payout.paidAt) : ''} by ${payout.paidBy ?? 'Unknown'}`],
              ] as [string, string][])
            : []),
        ]}
      />
      {status === 'Awaiting Payment' && !revealed && (
        <p className="mt-1 text-xs text-slate-500">Revealing the account number is recorded in the audit log.</p>
      )}
    </DetailSection>
  );
}
