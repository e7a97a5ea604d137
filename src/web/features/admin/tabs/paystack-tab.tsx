import { useState } from 'react';
import { ADMIN_EXPORT_PATHS } from '../../../../shared/admin-exports';
import { PAYMENT_MESSAGES, PAYMENT_STATUSES, type AdminPayment } from '../../../../shared/payments';
import { Button } from '../../../components/ui/button';
import { DataTable, type Column } from '../components/data-table';
import { ListToolbar } from '../components/list-toolbar';
import { PagedResults } from '../../../components/paged-results';
import { StatCard, StatGrid } from '../../../components/stat-card';
import { StatusBadge, type BadgeTone } from '../../../components/status-badge';
import { formatDateTime, formatMinor } from '../payments/format';
import { usePaymentList, usePaymentStats } from '../payments/payment-api';
import { PaymentDetailsDialog } from '../payments/payment-details-dialog';
import { RefundDialog } from '../payments/refund-dialog';
import { TabSection } from '../components/tab-section';

/** Badge colours of spec 001 section 4 (success, pending, failed, abandoned; anything else grey). */
const PAYMENT_TONES: Record<string, BadgeTone> = {
  success: 'green',
  pending: 'amber',
  failed: 'red',
  abandoned: 'grey',
};
const STATUS_FILTERS = PAYMENT_STATUSES.map((status) => ({ value: status, label: status }));

/** Paystack (spec 001 section 2): the four stat cards, the payment list, View Details and Process Refund. */
export default function PaystackTab() {
  const list = usePaymentList();
  const stats = usePaymentStats();
  const [viewing, setViewing] = useState<string | null>(null);
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);

  const columns: Column<AdminPayment>[] = [
    { header: 'Reference', cell: (p) => <span className="font-mono text-xs">{p.reference}</span> },
    {
      header: 'Customer',
      cell: (p) => (
        <>
          <div>{p.customerEmail}</div>
          {p.customerName && <div className="text-xs text-slate-500">{p.customerName}</div>}
        </>
      ),
    },
    { header: 'Status', cell: (p) => <StatusBadge status={p.status} tones={PAYMENT_TONES} /> },
    {
      header: 'Amount',
      cell: (p) => (
        <>
          <div>{formatMinor(p.amount, p.currency)}</div>
          {p.refundedAmount > 0 && (
            <div className="text-xs text-slate-500">Refunded {formatMinor(p.refundedAmount, p.currency)}</div>
          )}
        </>
      ),
    },
    { header: 'Channel', cell: (p) => p.channel ?? 'N/A' },
    { header: 'Currency', cell: (p) => p.currency },
    { header: 'Date', cell: (p) => formatDateTime(p.createdAt), className: 'whitespace-nowrap' },
    {
      header: 'Actions',
      cell: (p) => (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => setViewing(p.reference)}>
            View Details
          </Button>
          {p.status === 'success' && p.refundedAmount < p.amount && (
            <Button variant="secondary" size="sm" onClick={() => setRefunding(p)}>
              Process Refund
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <TabSection title="Paystack payments">
      <StatGrid label="Payment figures">
        <StatCard
          label="Total Revenue"
          value={
            stats.data
              ? stats.data.totalRevenue.map((r) => formatMinor(r.amount, r.currency)).join(' + ') ||
                formatMinor(0, 'NGN')
              : '…'
          }
          hint="Successful payments less refunds"
        />
        <StatCard label="Total Transactions" value={stats.data?.totalTransactions ?? '…'} />
        <StatCard label="Success Rate" value={stats.data ? `${stats.data.successRate}%` : '…'} />
        <StatCard label="Unique Customers" value={stats.data?.uniqueCustomers ?? '…'} />
      </StatGrid>
      <ListToolbar
        list={list}
        searchLabel="Search payments"
        statuses={STATUS_FILTERS}
        exportPath={ADMIN_EXPORT_PATHS.payments}
      />
      <PagedResults
        list={list}
        errorTitle={PAYMENT_MESSAGES.loadFailed}
        empty={{ title: 'No payments found', description: 'Payments appear here when customers pay for their orders' }}
      >
        {(payments) => <DataTable caption="Payments" columns={columns} rows={payments} rowKey={(p) => p.reference} />}
      </PagedResults>
      <PaymentDetailsDialog number={viewing} onClose={() => setViewing(null)} />
      <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />
    </TabSection>
  );
}
