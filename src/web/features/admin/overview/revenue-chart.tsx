import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdminOverview } from '../../../../shared/admin-overview';

/** Revenue (bars) and paid orders (line) per day; loaded on demand, the same figures are in a table beside it. */
export default function RevenueChart({ daily }: { daily: AdminOverview['daily'] }) {
  return (
    <div aria-hidden="true" className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={daily} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="date" tickFormatter={(d: string) => d.slice(5)} fontSize={12} />
          <YAxis yAxisId="revenue" fontSize={12} width={70} />
          <YAxis yAxisId="orders" orientation="right" allowDecimals={false} fontSize={12} width={30} />
          <Tooltip />
          <Bar yAxisId="revenue" dataKey="revenue" name="Revenue" fill="#2563eb" radius={[3, 3, 0, 0]} />
          <Line yAxisId="orders" dataKey="orders" name="Orders" stroke="#f59e0b" strokeWidth={2} dot={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
