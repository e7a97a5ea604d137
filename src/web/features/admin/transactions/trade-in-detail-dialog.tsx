import { LoadedQuery } from '../../../components/loaded-query';
import { StatusBadge } from '../../../components/status-badge';
import { TradeInDetailView } from '../../../components/trade-in-detail-view';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { PayoutAccountPanel } from './payout-account';
import { SALE_STATUS_TONES, useTradeInDetail } from './trade-in-api';

/** View Details on a Transactions row: the trade-in in full, its payout account, and Mark Paid when it waits for it. */
export function TradeInDetailDialog({
  number,
  onOpenChange,
  onMarkPaid,
}: {
  number: string;
  onOpenChange: (open: boolean) => void;
  onMarkPaid: () => void;
}) {
  const detail = useTradeInDetail(number);
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent title={`Trade-in ${number}`} size="xl">
        <LoadedQuery query={detail} errorTitle="Failed to load the trade-in">
          {(data) => (
            <TradeInDetailView detail={data} badge={<StatusBadge status={data.status} tones={SALE_STATUS_TONES} />}>
              {(data.payout || data.status === 'Awaiting Payment') && (
                <PayoutAccountPanel number={number} status={data.status} payout={data.payout} />
              )}
              {data.status === 'Awaiting Payment' && (
                <div className="mt-3">
                  <Button size="sm" onClick={onMarkPaid}>
                    Mark Paid
                  </Button>
                </div>
              )}
            </TradeInDetailView>
          )}
        </LoadedQuery>
      </DialogContent>
    </Dialog>
  );
}
