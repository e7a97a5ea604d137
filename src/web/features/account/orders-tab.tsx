import { Package } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { EmptyState } from '../../components/empty-state';
import { money } from '../../lib/money';
import { useAccountOrders } from './account-api';

const dateFormat = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium' });

export function OrdersTab() {
  const orders = useAccountOrders();
  if (orders.isPending) return <p className="text-slate-600">Loading orders...</p>;
  if (!orders.data) return <p className="text-red-700">Could not load your orders.</p>;
  if (orders.data.length === 0) {
    return (
      <EmptyState look="panel" icon={Package} title="No orders yet" action={{ to: paths.buy, label: 'Start Shopping' }}>
        Your orders will appear here after checkout.
      </EmptyState>
    );
  }
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
      {orders.data.map((order) => (
        <li key={order.orderNumber} className="flex flex-wrap items-center justify-between gap-3 p-4">
          <div>
            <Link
              to={paths.orderConfirmation(order.orderNumber)}
              className="font-semibold text-brand-700 hover:underline"
            >
              {order.orderNumber}
            </Link>
            <p className="text-sm text-slate-600">{dateFormat.format(new Date(order.date))}</p>
          </div>
          <span className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium capitalize text-slate-700">
            {order.status}
          </span>
          <span className="font-semibold text-slate-900">{money(order.total, 'card')}</span>
        </li>
      ))}
    </ul>
  );
}
