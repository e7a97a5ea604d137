import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { AreaErrorBoundary } from './area-error';
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
 * tabs, an icon and a label each, the first one open. With `urlParam` the open tab lives in the URL
 * (?tab=profile; the first tab leaves it out), so a reload or Back keeps it.
 */
export function TabbedPage({
  title,
  subtitle,
  className,
  tabs,
  urlParam,
}: {
  title: ReactNode;
  subtitle: ReactNode;
  className: string;
  tabs: PageTab[];
  urlParam?: string;
}) {
  const [params, setParams] = useSearchParams();
  const first = tabs[0]?.value;
  const requested = urlParam ? params.get(urlParam) : null;
  const open = tabs.some((tab) => tab.value === requested) ? requested! : first;
  const state = urlParam
    ? {
        value: open,
        // A tab's own list state (page, filter) beside it in the URL is dropped when the tab changes.
        onValueChange: (next: string) => setParams(next === first ? {} : { [urlParam]: next }),
      }
    : { defaultValue: first };
  return (
    <div className={className}>
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-1 text-slate-600">{subtitle}</p>
      <Tabs {...state} className="mt-8">
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
            {/* A tab that fails to render shows the error in its place; the title and the other tabs stay. */}
            <AreaErrorBoundary>{content}</AreaErrorBoundary>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
