import type { ReactNode } from 'react';

/**
 * One figure of a page's stat cards (the admin's Paystack tab, the agent's summary): a group named
 * by its label, so a screen reader (and a test) finds 'Offers Made' and reads its figure.
 */
export function StatCard({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div role="group" aria-label={label} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p data-testid="stat-value" className="mt-2 text-2xl font-bold text-slate-900">
        {value}
      </p>
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
    </div>
  );
}

export function StatGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section aria-label={label} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {children}
    </section>
  );
}
