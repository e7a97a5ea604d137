import { Navigate } from 'react-router';
import { paths } from '../../../shared/paths';
import { RolePage } from '../../components/role-page';

/** The admin dashboard: anyone but an admin goes to the portal login. */
export function Component() {
  return (
    <RolePage allowed="admin" denied={<Navigate to={paths.agentLogin} replace />}>
      {() => (
        <main className="mx-auto max-w-6xl px-4 py-10">
          <h1 className="text-3xl font-bold text-slate-900">
            Admin Dashboard<span className="font-normal text-slate-500"> - Manage your platform</span>
          </h1>
        </main>
      )}
    </RolePage>
  );
}
