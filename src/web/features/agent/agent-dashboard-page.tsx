import { LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { PageTabs } from '../../components/page-tabs';
import { profileTab } from '../../components/profile/profile-tab';
import { RolePage } from '../../components/role-page';
import { usePageTitle } from '../../lib/use-page-title';

const NOT_AN_AGENT = (
  <main className="mx-auto max-w-md px-4 py-16 text-center">
    <p className="text-lg text-slate-700">Please log in as an agent to access the dashboard.</p>
    <Link to={paths.agentLogin} className="mt-4 inline-block font-medium text-brand-700 hover:underline">
      Go to the partner portal
    </Link>
  </main>
);

export function Component() {
  usePageTitle();
  return (
    <RolePage allowed="agent" denied={NOT_AN_AGENT}>
      {(agent) => (
        <main className="mx-auto max-w-6xl px-4 py-10">
          <h1 className="text-3xl font-bold text-slate-900">Welcome, {agent.name}</h1>
          <p className="mt-1 text-slate-600">Agent Dashboard</p>
          <PageTabs
            tabs={[
              {
                value: 'dashboard',
                label: 'Dashboard',
                icon: LayoutDashboard,
                content: (
                  <>
                    <h2 className="text-xl font-semibold text-slate-900">Assigned Assessments</h2>
                    <p className="mt-2 text-slate-600">Your assigned assessments will be listed here next.</p>
                  </>
                ),
              },
              profileTab,
            ]}
          />
        </main>
      )}
    </RolePage>
  );
}
