import { useState } from 'react';
import { SELL_CONDITIONS } from '../../../shared/sell-devices';
import { TRADE_IN_MOVES, type AnySaleStatus } from '../../../shared/trade-in-statuses';
import type { AgentTradeIn } from '../../../shared/trade-ins';
import { LoadedQuery } from '../../components/loaded-query';
import { StatusBadge, type BadgeTone } from '../../components/status-badge';
import { TradeInDetailView } from '../../components/trade-in-detail-view';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { StoredImage } from '../../components/stored-image';
import { Button } from '../../components/ui/button';
import { money } from '../../lib/money';
import { agentActions, useAgentMove, useAgentTradeInDetail, useRefreshAgentWork } from './agent-api';
import { WorkCard } from './work-card';
import { OfferDialog } from './offer-dialog';
import { formatDate } from '../../../shared/dates';

const SALE_TONES: Partial<Record<AnySaleStatus, BadgeTone>> = {
  'Assigned to Agent': 'blue',
  'Device Assessed': 'amber',
  'Awaiting Offer': 'amber',
  'Offer Made': 'purple',
  'Awaiting Payment': 'amber',
  Paid: 'green',
  'Offer Declined': 'red',
  'Device Returned': 'grey',
};

const conditionLabel = (value: string) => SELL_CONDITIONS.find((c) => c.value === value)?.label ?? 'Not stated';
/** The statuses each button starts from: the server's own table (docs/decisions/022). */
const canStart = (move: 'assess' | 'offer' | 'revise', status: AnySaleStatus) =>
  (TRADE_IN_MOVES[move].from as readonly AnySaleStatus[]).includes(status);

/** One assigned trade-in: what the seller told us, their photos, and the agent's moves. */
export function TradeInCard({ agentId, tradeIn }: { agentId: string; tradeIn: AgentTradeIn }) {
  // The offer dialog, open to make the offer or to revise the one the seller has not answered.
  const [offering, setOffering] = useState<'make' | 'revise' | null>(null);
  const [viewing, setViewing] = useState(false);
  const refresh = useRefreshAgentWork(agentId);
  const assess = useAgentMove(agentId, async () => (await agentActions.assess(tradeIn.transactionNumber)).message);
  const offered = tradeIn.offeredAmount;
  return (
    <WorkCard
      label={tradeIn.transactionNumber}
      title={
        <div>
          <p className="font-semibold text-slate-900">{tradeIn.transactionNumber}</p>
          <p className="text-sm text-slate-600">Customer: {tradeIn.customerFirstName || 'Guest seller'}</p>
        </div>
      }
      badge={<StatusBadge status={tradeIn.status} tones={SALE_TONES} />}
      details={[
        ['Device', tradeIn.deviceInfo],
        ['Condition', conditionLabel(tradeIn.condition)],
        ['Estimate', money(tradeIn.estimatedValue, 'offer')],
        ['Submitted', formatDate(tradeIn.submittedDate)],
        ['IMEI / Serial', tradeIn.imei],
        ['Offer', offered === null ? null : money(offered, 'offer')],
        ['Notes', tradeIn.assessmentNotes],
      ]}
    >
      {tradeIn.photos.length > 0 && (
        <ul aria-label="Photos" className="mt-3 flex flex-wrap gap-2">
          {tradeIn.photos.map((src, index) => (
            <li key={src}>
              <a href={src} target="_blank" rel="noreferrer">
                <StoredImage src={src} alt={`Photo ${index + 1}`} className="size-20 rounded-lg" />
              </a>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => setViewing(true)}>
          View Details
        </Button>
        {canStart('assess', tradeIn.status) && (
          <Button size="sm" variant="secondary" disabled={assess.isPending} onClick={() => assess.mutate(undefined)}>
            Mark as Assessed
          </Button>
        )}
        {canStart('offer', tradeIn.status) && (
          <Button size="sm" onClick={() => setOffering('make')}>
            Make Offer
          </Button>
        )}
        {canStart('revise', tradeIn.status) && (
          <Button size="sm" variant="secondary" onClick={() => setOffering('revise')}>
            Revise Offer
          </Button>
        )}
      </div>
      {viewing && (
        <DetailDialog agentId={agentId} number={tradeIn.transactionNumber} onClose={() => setViewing(false)} />
      )}
      {offering && (
        <OfferDialog
          tradeIn={tradeIn}
          revise={offering === 'revise'}
          onOpenChange={(open) => {
            if (open) return;
            setOffering(null);
            void refresh();
          }}
        />
      )}
    </WorkCard>
  );
}

/** View Details: all the seller entered, the quote, the history and the audit entries (decision 044). */
function DetailDialog({ agentId, number, onClose }: { agentId: string; number: string; onClose: () => void }) {
  const detail = useAgentTradeInDetail(agentId, number);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={`Trade-in ${number}`} size="xl">
        <LoadedQuery query={detail} errorTitle="Failed to load the trade-in">
          {(data) => (
            <TradeInDetailView detail={data} badge={<StatusBadge status={data.status} tones={SALE_TONES} />} />
          )}
        </LoadedQuery>
      </DialogContent>
    </Dialog>
  );
}
