import { Navigate } from 'react-router';
import { paths } from '../../../shared/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { useSession } from '../auth/use-session';

/** The admin dashboard's guard: Loading while /api/auth/me answers, then the portal login unless an admin. */
export function Component() {
  usePageTitle();
  const { user, isLoading } = useSession();
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
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">
        Admin Dashboard<span className="font-normal text-slate-500"> - Manage your platform</span>
      </h1>
    </main>
  );
}
