import { lazy, Suspense } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { usePageTitle } from '../../lib/use-page-title';
import { useSession } from '../auth/use-session';

/**
 * The admin dashboard: Loading while /api/auth/me answers, then the portal login unless an admin.
 * The tab is in the URL (?tab=orders) so reload and back keep it; each tab loads on first view.
 * (A stand-in until the frame of issue 15 lands: it hosts the tabs built so far.)
 */
const TABS = [
  { value: 'overview', label: 'Overview', Panel: lazy(() => import('./tabs/overview-tab')) },
  { value: 'transactions', label: 'Transactions', Panel: lazy(() => import('./tabs/transactions-tab')) },
  { value: 'orders', label: 'Orders', Panel: lazy(() => import('./tabs/orders-tab')) },
  { value: 'agents', label: 'Agents', Panel: lazy(() => import('./tabs/agents-tab')) },
  { value: 'devices', label: 'Devices', Panel: null },
  { value: 'paystack', label: 'Paystack', Panel: null },
] as const;

export function Component() {
  usePageTitle();
  const { user, isLoading } = useSession();
  const [params, setParams] = useSearchParams();
  if (isLoading) {
    return (
      <main className="mx-auto max-w-6xl px-4 py-16">
        <p role="status" className="text-slate-600">
          Loading...
        </p>
      </main>
    );
  }
  if (user?.role !== 'admin') return <Navigate to={paths.agentLogin} replace />;
  const requested = params.get('tab');
  const tab = TABS.find((t) => t.value === requested)?.value ?? 'overview';
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">
        Admin Dashboard<span className="font-normal text-slate-500"> - Manage your platform</span>
      </h1>
      <Tabs value={tab} onValueChange={(value) => setParams({ tab: value })} className="mt-6">
        <TabsList>
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(({ value, Panel }) => (
          <TabsContent key={value} value={value}>
            {value === tab &&
              (Panel ? (
                <Suspense fallback={<p role="status">Loading...</p>}>
                  <Panel />
                </Suspense>
              ) : (
                <p className="text-slate-600">Coming soon.</p>
              ))}
          </TabsContent>
        ))}
      </Tabs>
    </main>
  );
}
