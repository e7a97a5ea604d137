import type { ReactNode } from 'react';

/**
 * One figure of a tab's dashboard (the overview's cards, the reports' units and money): what it counts, with
 * an icon when it has one, the figure, and a note under it.
 */
export function StatCard({
  label,
  value,
  note,
  icon,
}: {
  label: string;
  value: ReactNode;
  note?: string;
  icon?: ReactNode;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between text-slate-600">
        <p className="text-sm font-medium">{label}</p>
        {icon && <span aria-hidden="true">{icon}</span>}
      </div>
      <p className="mt-2 text-2xl font-bold text-slate-900">{value}</p>
      {note && <p className="mt-1 text-xs text-slate-600">{note}</p>}
    </div>
  );
}
