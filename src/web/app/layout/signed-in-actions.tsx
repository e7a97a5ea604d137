import { ShieldCheck, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import type { SessionUser } from '../../../shared/accounts';
import { paths } from '../../../shared/paths';
import { AccountMenu } from './account-menu';
import { LogoutButton } from './session';

const pillLink =
  'inline-flex h-10 items-center gap-2 whitespace-nowrap rounded-lg px-3 text-sm font-medium text-slate-700 transition-colors ' +
  'hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600';

/** The header holds on one line from 1024 px: its link icons show only from 1280 px, where there is room. */
const pillIcon = 'hidden size-4 xl:block';

/**
 * The desktop header's links for a signed-in user: Account and Logout for a customer, Admin Panel and
 * the account menu for staff. Its own chunk, loaded once the browser knows someone is signed in: an
 * anonymous visit (and the server's render) never needs it.
 */
export default function SignedInActions({ user, onDashboard }: { user: SessionUser; onDashboard: boolean }) {
  return (
    <>
      {user.role === 'customer' && (
        <>
          <Link to={paths.account} className={pillLink}>
            <UserRound className={pillIcon} aria-hidden="true" />
            Account
          </Link>
          <LogoutButton user={user} />
        </>
      )}
      {user.role === 'admin' && !onDashboard && (
        <Link to={paths.admin} className={pillLink}>
          <ShieldCheck className={pillIcon} aria-hidden="true" />
          Admin Panel
        </Link>
      )}
      {user.role !== 'customer' && <AccountMenu user={user} />}
    </>
  );
}
