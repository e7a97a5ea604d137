import { Package } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { buttonClass } from '../../components/ui/button';
import { money } from '../../lib/money';
import { useAccountOrders } from './account-api';

const dateFormat = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium' });

export function OrdersTab() {
  const orders = useAccountOrders();
  if (orders.isPending) return <p className="text-slate-600">Loading orders...</p>;
  if (!orders.data) return <p className="text-red-700">Could not load your orders.</p>;
  if (orders.data.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
        <Package className="mx-auto size-10 text-slate-400" aria-hidden="true" />
        <p className="mt-3 font-medium text-slate-900">No orders yet</p>
        <p className="mt-1 text-sm text-slate-600">Your orders will appear here after checkout.</p>
        <Link to={paths.buy} className={buttonClass('primary', 'md', 'mt-4')}>
          Start Shopping
        </Link>
      </div>
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
