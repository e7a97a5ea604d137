import { Package } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { buttonClass } from '../../components/ui/button';
import { EmptyState } from '../../components/empty-state';
import { money } from '../../lib/money';
import { useAccountOrders } from './account-api';
import { AccountListItem, AccountQueryList } from './account-list';
import { formatDate } from '../../../shared/dates';

/** Why an order placed before the account existed is in its list: the account was made with the same address. */
export const GUEST_ORDER_NOTE = 'Placed as a guest with this email address';

export function OrdersTab() {
  const orders = useAccountOrders();
  return (
    <AccountQueryList
      query={orders}
      noun="orders"
      empty={
        <EmptyState
          look="panel"
          icon={Package}
          title="No orders yet"
          action={{ to: paths.buy, label: 'Start Shopping' }}
        >
          Your orders will appear here after checkout.
        </EmptyState>
      }
    >
      {(order) => (
        <AccountListItem
          key={order.orderNumber}
          number={order.orderNumber}
          to={paths.orderConfirmation(order.orderNumber)}
          detail={order.placedAsGuest ? `${formatDate(order.date)} · ${GUEST_ORDER_NOTE}` : formatDate(order.date)}
          status={order.paymentStatus === 'awaiting_payment' ? 'Awaiting payment' : order.status}
        >
          <span className="font-semibold text-slate-900">{money(order.total, 'card')}</span>
          {order.paymentStatus === 'awaiting_payment' && (
            <Link
              to={paths.orderConfirmation(order.orderNumber)}
              className={buttonClass('primary', 'sm')}
              aria-label={`Pay now for order ${order.orderNumber}`}
            >
              Pay Now
            </Link>
          )}
          {order.status === 'delivered' && (
            <Link
              to={paths.orderConfirmation(order.orderNumber)}
              className={buttonClass('secondary', 'sm')}
              aria-label={`Return or claim warranty on order ${order.orderNumber}`}
            >
              Start a return
            </Link>
          )}
        </AccountListItem>
      )}
    </AccountQueryList>
  );
}
