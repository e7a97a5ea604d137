import { LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { profileTab } from '../../components/profile/profile-tab';
import { RolePage } from '../../components/role-page';
import { TabbedPage } from '../../components/tabbed-page';
import { AssignedAssessments } from './assigned-assessments';
import { RepairPickups } from './repair-pickups';
import { ReturnCollections } from './return-collections';
import { SummaryCards } from './summary-cards';
import { StoreTimeNote } from '../../components/store-time-note';

const NOT_AN_AGENT = (
  <div className="mx-auto max-w-md px-4 py-16 text-center">
    <p className="text-lg text-slate-700">Please log in as an agent to access the dashboard.</p>
    <Link to={paths.agentLogin} className="mt-4 inline-block font-medium text-brand-700 hover:underline">
      Go to the partner portal
    </Link>
  </div>
);

/**
 * /agent-dashboard (spec 001 section 2): a welcome with the agent's name, then Dashboard (the
 * server's counts, the assigned trade-ins, the repair pickups) and Profile; the open tab in ?tab=.
 */
export function Component() {
  return (
    <RolePage allowed="agent" denied={NOT_AN_AGENT}>
      {(agent) => (
        <TabbedPage
          title={`Welcome, ${agent.name}`}
          subtitle="Agent Dashboard"
          className="mx-auto max-w-6xl px-4 py-10"
          urlParam="tab"
          tabs={[
            {
              value: 'dashboard',
              label: 'Dashboard',
              icon: LayoutDashboard,
              panel: false,
              content: (
                <>
                  <SummaryCards agentId={agent.id} />
                  <AssignedAssessments agentId={agent.id} />
                  <RepairPickups agentId={agent.id} />
                  <ReturnCollections agentId={agent.id} />
                  <StoreTimeNote />
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
