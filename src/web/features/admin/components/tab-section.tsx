import type { ReactNode } from 'react';
import { Section } from '../../../components/ui/section';

/** An admin tab's page: a section named by its heading, its parts spaced under it. */
export function TabSection({
  title,
  className = 'space-y-6',
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Section title={title} className={className} headingClassName="text-xl font-semibold text-slate-900">
      {children}
    </Section>
  );
}

/**
 * A titled white card of a tab (the overview's and the reports' panels), named by its heading; `empty`, when
 * given, says there is nothing to show in place of `children`.
 */
export function PanelSection({
  title,
  empty = null,
  children,
}: {
  title: string;
  empty?: string | null;
  children: ReactNode;
}) {
  return (
    <Section title={title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      {empty === null ? children : <p className="mt-3 text-sm text-slate-600">{empty}</p>}
    </Section>
  );
}

/**
 * A panel of rows (the overview's recent trade-ins, the reports' oldest stock), divided by lines; `ordered` when
 * their order says something. With no rows, `empty` says so.
 */
export function PanelList<Row>({
  title,
  empty,
  rows,
  ordered = false,
  children,
}: {
  title: string;
  empty: string;
  rows: Row[];
  ordered?: boolean;
  /** One keyed <li> a row. */
  children: (row: Row, index: number) => ReactNode;
}) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <PanelSection title={title} empty={rows.length === 0 ? empty : null}>
      <List className="mt-3 divide-y divide-slate-100">{rows.map(children)}</List>
    </PanelSection>
  );
}
