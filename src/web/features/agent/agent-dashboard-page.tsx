import { LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { profileTab } from '../../components/profile/profile-tab';
import { RolePage } from '../../components/role-page';
import { TabbedPage } from '../../components/tabbed-page';

const NOT_AN_AGENT = (
  <main className="mx-auto max-w-md px-4 py-16 text-center">
    <p className="text-lg text-slate-700">Please log in as an agent to access the dashboard.</p>
    <Link to={paths.agentLogin} className="mt-4 inline-block font-medium text-brand-700 hover:underline">
      Go to the partner portal
    </Link>
  </main>
);

export function Component() {
  return (
    <RolePage allowed="agent" denied={NOT_AN_AGENT}>
      {(agent) => (
        <TabbedPage
          title={`Welcome, ${agent.name}`}
          subtitle="Agent Dashboard"
          className="mx-auto max-w-6xl px-4 py-10"
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
      )}
    </RolePage>
  );
}
