import type { ReactNode } from 'react';

/** The head of an admin card or list line: its number, then whom it is for and one detail; `children` under them. */
export function RowTitle({
  number,
  name,
  detail,
  weight = 'font-semibold',
  children,
}: {
  number: string;
  name: string;
  detail: string;
  weight?: 'font-semibold' | 'font-medium';
  children?: ReactNode;
}) {
  return (
    <div>
      <p className={`${weight} text-slate-900`}>{number}</p>
      {/* A guest's order or trade-in may have no name: the line then starts with the email, not a dot. */}
      <p className="text-sm text-slate-600">{[name, detail].filter(Boolean).join(' · ')}</p>
      {children}
    </div>
  );
}
