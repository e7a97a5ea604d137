import { useState } from 'react';
import { ADMIN_EXPORT_PATHS } from '../../../../shared/admin-exports';
import { ORDER_MESSAGES, type AdminOrderRow } from '../../../../shared/admin-orders';
import { ADVANCE_MOVES, allowedOrderMoves, ORDER_MOVES } from '../../../../shared/order-moves';
import { ORDER_STATUSES, type OrderStatus } from '../../../../shared/orders';
import { PAYMENT_MESSAGES } from '../../../../shared/payments';
import { StatusBadge, type BadgeTone } from '../../../components/status-badge';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api';
import { money } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { RowTitle } from '../components/row-title';
import { cardList } from '../../../components/card-list';
import { ListTab } from '../components/list-tab';
import { CardActions, CardFacts, Fact, RecordCard } from '../components/record-card';
import { orderActions, useOrderList, useRefreshOrders } from '../orders/order-api';
import { addressLine, OrderDetailsDialog } from '../orders/order-details-dialog';
import { TrackingDialog } from '../orders/tracking-dialog';
import { formatDateTime } from '../../../../shared/dates';

const TONES: Record<OrderStatus, BadgeTone> = {
  pending: 'amber',
  processing: 'blue',
  shipped: 'purple',
  delivered: 'green',
  cancelled: 'red',
};
const STATUS_OPTIONS = ORDER_STATUSES.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }));

/** Spec 001 section 8: a refusal from the server is named; a failure with no answer is not. */
const loadFailed = (error: Error) =>
  error instanceof ApiError ? ORDER_MESSAGES.loadFailedWith(error.message) : ORDER_MESSAGES.loadFailed;

/** The admin's Orders tab (spec 001 'Orders'): paged, filtered and searched on the server, kept in the URL. */
export default function OrdersTab() {
  const list = useOrderList();
  const refresh = useRefreshOrders();

  return (
    <ListTab
      id="orders"
      title="Orders"
      counted={{ one: 'order', many: 'orders' }}
      toolbar={{
        searchLabel: 'Search by order number, name or email',
        statuses: STATUS_OPTIONS,
        exportPath: ADMIN_EXPORT_PATHS.orders,
      }}
      list={list}
      errorTitle={loadFailed}
      empty={{ title: ORDER_MESSAGES.empty, description: ORDER_MESSAGES.emptyHint }}
    >
      {cardList('space-y-4', (order) => (
        <OrderCard key={order.orderNumber} order={order} onChanged={() => void refresh()} />
      ))}
    </ListTab>
  );
}

function OrderCard({ order, onChanged }: { order: AdminOrderRow; onChanged: () => void }) {
  const [dialog, setDialog] = useState<'tracking' | 'ship' | 'cancel' | 'refund' | null>(null);
  const [busy, setBusy] = useState(false);
  // Only the moves the order's state allows (shared/order-moves.ts, which the server enforces too).
  const moves = new Set(allowedOrderMoves(order));
  const step = Object.values(ADVANCE_MOVES)
    .filter((move) => moves.has(move))
    .map((move) => ORDER_MOVES[move])[0];
  const openDialog = (name: typeof dialog) => (open: boolean) => setDialog(open ? name : null);

  async function advance(next: 'processing' | 'delivered') {
    setBusy(true);
    try {
      await orderActions.advance(order.orderNumber, { status: next });
      toast.success(ORDER_MESSAGES.updated(next));
      onChanged();
    } catch (error) {
      toast.error(ORDER_MESSAGES.updateFailed, error instanceof ApiError ? { description: error.message } : undefined);
    } finally {
      setBusy(false);
    }
  }

  async function cancel() {
    try {
      const reply = await orderActions.cancel(order.orderNumber);
      if (reply.refund?.status === 'failed') {
        toast.error(PAYMENT_MESSAGES.refundFailed, {
          description: ORDER_MESSAGES.cancelRefundFailed(order.orderNumber),
        });
      } else toast.success(reply.message);
      onChanged();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Failed to cancel order');
    }
  }

  async function refundDue() {
    try {
      toast.success((await orderActions.refundDue(order.orderNumber)).message);
    } catch (error) {
      toast.error(
        PAYMENT_MESSAGES.refundFailed,
        error instanceof ApiError ? { description: error.message } : undefined,
      );
    }
    onChanged();
  }

  const due = money(order.refundDue / 100, 'admin');
  // Still 'paid' with money given back: a wholly refunded order reads 'refunded' on its payment badge.
  const partlyRefunded = order.paymentStatus === 'paid' && order.refunded > 0;
  const items = order.items.length
    ? order.items.map((item) => `${item.name} (${item.quantity}x)`).join(', ')
    : 'No items listed';
  const address = addressLine(order.shippingAddress);

  return (
    <RecordCard
      label={`Order ${order.orderNumber}`}
      title={<RowTitle number={order.orderNumber} name={order.customerName} detail={order.customerEmail} />}
      badges={
        <div className="flex items-center gap-2">
          {order.refundDue > 0 && <StatusBadge status="needs refund" tones={{ 'needs refund': 'red' }} />}
          {partlyRefunded && <StatusBadge status="partly refunded" tones={{ 'partly refunded': 'amber' }} />}
          {/* The payment's own badge, named as such, only when it says more than the order's (not "cancelled" twice). */}
          {order.paymentStatus !== 'paid' && order.paymentStatus !== order.status && (
            <StatusBadge
              status={order.paymentStatus}
              tones={{}}
              label={`Payment: ${order.paymentStatus.replaceAll('_', ' ')}`}
            />
          )}
          <StatusBadge status={order.status} tones={TONES} />
        </div>
      }
    >
      <p className="mt-3 text-sm text-slate-700">{items}</p>
      <CardFacts>
        <Fact term="Total" strong>
          {money(order.totalAmount, 'admin')}
        </Fact>
        {order.refunded > 0 && (
          <Fact term="Refunded">
            {money(order.refunded / 100, 'admin')} of {money(order.totalAmount, 'admin')}
          </Fact>
        )}
        <Fact term="Date">{formatDateTime(order.createdAt)}</Fact>
        {order.trackingNumber && (
          <Fact term="Tracking">
            {order.courier} {order.trackingNumber}
          </Fact>
        )}
        {address && (
          <Fact term="Shipping" wide>
            {address}
          </Fact>
        )}
      </CardFacts>
      <CardActions number={order.orderNumber} details={OrderDetailsDialog}>
        {moves.has('updateTracking') && (
          <Button variant="secondary" size="sm" onClick={() => setDialog('tracking')}>
            {ORDER_MOVES.updateTracking.label}
          </Button>
        )}
        {step && (
          <Button
            size="sm"
            disabled={busy}
            onClick={() => (step.to === 'shipped' ? setDialog('ship') : void advance(step.to))}
          >
            {step.label}
          </Button>
        )}
        {moves.has('refundDue') && order.refundDue > 0 && (
          <Button variant="danger" size="sm" onClick={() => setDialog('refund')}>
            Refund {due}
          </Button>
        )}
        {moves.has('cancel') && (
          <Button variant="danger" size="sm" onClick={() => setDialog('cancel')}>
            {ORDER_MOVES.cancel.label}
          </Button>
        )}
      </CardActions>
      {(dialog === 'tracking' || dialog === 'ship') && (
        <TrackingDialog order={order} purpose={dialog} open onOpenChange={openDialog(dialog)} onSaved={onChanged} />
      )}
      <ConfirmDialog
        open={dialog === 'cancel'}
        onOpenChange={openDialog('cancel')}
        title={`Cancel order ${order.orderNumber}?`}
        message={
          order.paymentStatus === 'paid'
            ? 'The stock goes back on sale and the payment is refunded to the customer.'
            : 'The stock goes back on sale.'
        }
        confirmLabel="Cancel Order"
        cancelLabel="Keep Order"
        onConfirm={cancel}
      />
      <ConfirmDialog
        open={dialog === 'refund'}
        onOpenChange={openDialog('refund')}
        title={`Refund ${due} to ${order.customerEmail}?`}
        message="The payment arrived after this order's reservation lapsed and its devices were sold meanwhile: all of it goes back to the customer."
        confirmLabel="Refund"
        onConfirm={refundDue}
      />
    </RecordCard>
  );
}
