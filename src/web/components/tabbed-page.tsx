import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './ui/tabs';

/** The white card a tab's content sits in. */
export const panelClass = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';

export interface PageTab {
  value: string;
  label: string;
  icon: LucideIcon;
  content: ReactNode;
  /** False when the content brings its own panels (several cards in one tab). */
  panel?: boolean;
}

/**
 * A signed-in role's page (the account, the agent dashboard): its title, a line under it, then its
 * tabs, an icon and a label each, the first one open.
 */
export function TabbedPage({
  title,
  subtitle,
  className,
  tabs,
}: {
  title: ReactNode;
  subtitle: ReactNode;
  className: string;
  tabs: PageTab[];
}) {
  return (
    <main className={className}>
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-1 text-slate-600">{subtitle}</p>
      <Tabs defaultValue={tabs[0]?.value} className="mt-8">
        <TabsList>
          {tabs.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map(({ value, content, panel = true }) => (
          <TabsContent key={value} value={value} className={panel ? panelClass : 'space-y-6'}>
            {content}
          </TabsContent>
        ))}
      </Tabs>
    </main>
  );
}
