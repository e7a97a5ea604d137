import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdminOverview } from '../../../../shared/admin-overview';
import { money } from '../../../lib/money';

const SERIES = { revenue: 'Revenue (left axis)', orders: 'Paid orders (right axis)' } as const;
/** The revenue in the admin's currency ('₦12,500'), the orders as counted. */
const tipValue = (value: unknown, name: unknown) =>
  name === SERIES.revenue ? money(Number(value), 'admin') : String(value);

/** Revenue (bars, in the admin's currency) and paid orders (line) per day, named by a legend; loaded on demand, the same figures are in a table beside it. */
export default function RevenueChart({ daily }: { daily: AdminOverview['daily'] }) {
  return (
    <div aria-hidden="true" className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        {/* The chart is a picture (its figures are in the table under it): no keyboard stop hidden from screen readers. */}
        <ComposedChart data={daily} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="date" tickFormatter={(d: string) => d.slice(5)} fontSize={12} />
          <YAxis yAxisId="revenue" fontSize={12} width={70} tickFormatter={(v: number) => money(v, 'admin')} />
          <YAxis yAxisId="orders" orientation="right" allowDecimals={false} fontSize={12} width={30} />
          <Tooltip formatter={tipValue} />
          <Legend verticalAlign="top" height={28} wrapperStyle={{ fontSize: 12 }} />
          <Bar yAxisId="revenue" dataKey="revenue" name={SERIES.revenue} fill="#2563eb" radius={[3, 3, 0, 0]} />
          <Line yAxisId="orders" dataKey="orders" name={SERIES.orders} stroke="#f59e0b" strokeWidth={2} dot={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
