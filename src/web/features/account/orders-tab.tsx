import { Package } from 'lucide-react';
import { paths } from '../../../shared/paths';
import { EmptyState } from '../../components/empty-state';
import { money } from '../../lib/money';
import { useAccountOrders } from './account-api';
import { AccountListItem, AccountQueryList } from './account-list';

const dateFormat = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium' });

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
          detail={dateFormat.format(new Date(order.date))}
          status={order.status}
        >
          <span className="font-semibold text-slate-900">{money(order.total, 'card')}</span>
        </AccountListItem>
      )}
    </AccountQueryList>
  );
}
