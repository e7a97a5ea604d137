import type { ReactNode } from 'react';
import type { Role, SessionUser } from '../../shared/accounts';
import { usePageTitle } from '../lib/use-page-title';
import { useSession } from '../lib/use-session';

type UserOf<R extends Role> = Extract<SessionUser, { role: R }>;

/**
 * The frame of a page one role (`allowed`) may open: its title from the PAGES table, 'Loading...'
 * while GET /api/auth/me answers, then the page for that role and `denied` for anyone else. It only
 * decides what to draw: the server checks the role on every call the page makes.
 */
export function RolePage<R extends Role>({
  allowed,
  denied,
  children,
}: {
  allowed: R;
  denied: ReactNode;
  children: (user: UserOf<R>) => ReactNode;
}) {
  usePageTitle();
  const { user, isLoading } = useSession();
  if (isLoading) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-16">
        <p role="status" className="text-slate-600">
          Loading...
        </p>
      </div>
    );
  }
  return user?.role === allowed ? children(user as UserOf<R>) : denied;
}
