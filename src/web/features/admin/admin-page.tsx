import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { ADMIN_TABS, DEFAULT_ADMIN_TAB, isAdminTab, type AdminTab } from '../../../shared/admin';
import { paths } from '../../../shared/paths';
import { AreaErrorBoundary } from '../../components/area-error';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { RolePage } from '../../components/role-page';
import { ListStatus } from '../../components/list-status';
import { StoreTimeNote } from '../../components/store-time-note';

/** Each tab is its own chunk, fetched the first time it opens. */
const TAB_PANELS: Record<AdminTab, LazyExoticComponent<ComponentType>> = {
  overview: lazy(() => import('./tabs/overview-tab')),
  transactions: lazy(() => import('./tabs/transactions-tab')),
  orders: lazy(() => import('./tabs/orders-tab')),
  repairs: lazy(() => import('./tabs/repairs-tab')),
  returns: lazy(() => import('./tabs/returns-tab')),
  reports: lazy(() => import('./tabs/reports-tab')),
  agents: lazy(() => import('./tabs/agents-tab')),
  devices: lazy(() => import('./tabs/devices-tab')),
  paystack: lazy(() => import('./tabs/paystack-tab')),
  outbox: lazy(() => import('./tabs/outbox-tab')),
  privacy: lazy(() => import('./tabs/privacy-tab')),
  audit: lazy(() => import('./tabs/audit-tab')),
};

/**
 * /admin: Loading while /api/auth/me answers, the portal login for anyone but an admin, then the
 * dashboard. The open tab lives in the URL (?tab=orders), so reload and Back keep it; a tab's own
 * list state (page, search, status) sits beside it and is dropped when the tab changes.
 */
export function Component() {
  return (
    <RolePage allowed="admin" denied={<Navigate to={paths.agentLogin} replace />}>
      {() => <AdminDashboard />}
    </RolePage>
  );
}

function AdminDashboard() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = isAdminTab(requested) ? requested : DEFAULT_ADMIN_TAB;
  return (
    // From lg the FOLLOW US rail (about 33 px, fixed at the left edge) overlaps a centred 80rem column until
    // the margin beside it is wider than the rail (84rem): the column keeps clear of it until then.
    <div className="mx-auto max-w-7xl px-4 py-10 lg:pl-12 min-[84rem]:pl-4">
      <h1 className="text-3xl font-bold text-slate-900">
        Admin Dashboard<span className="font-normal text-slate-500"> - Manage your platform</span>
      </h1>
      <StoreTimeNote className="mt-1" />
      {/* Manual activation: arrows move focus, Enter or a click opens (a tab loads code and data), one history entry each. */}
      <Tabs value={tab} onValueChange={(next) => setParams({ tab: next })} activationMode="manual" className="mt-8">
        <TabsList aria-label="Admin sections">
          {ADMIN_TABS.map(({ key, label }) => (
            <TabsTrigger key={key} value={key}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {ADMIN_TABS.map(({ key }) => {
          const Panel = TAB_PANELS[key];
          return (
            <TabsContent key={key} value={key}>
              {/* A tab that fails to render shows the error in its place; the title and the other tabs stay. */}
              <AreaErrorBoundary>
                <Suspense fallback={<ListStatus kind="loading" />}>
                  <Panel />
                </Suspense>
              </AreaErrorBoundary>
            </TabsContent>
          );
        })}
      </Tabs>
    </div>
  );
}
