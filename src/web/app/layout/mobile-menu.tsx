import { ShoppingCart, UserRound, LayoutDashboard, ShieldCheck, type LucideIcon } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import type { SessionUser } from '../../../shared/accounts';
import { paths } from '../../../shared/paths';
import { useCartCount } from '../../lib/cart-store';
import { NavLinkItems } from './nav-link-items';
import { COLLECTION_LINKS, COMPANY_LINKS, MAIN_LINKS } from './nav-links';
import { LogoutButton, RoleAvatar } from './session';

const itemClass =
  'flex items-center gap-3 rounded-lg px-3 py-2.5 text-base font-medium text-slate-800 hover:bg-slate-100 ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="py-3">
      <h2 className="px-3 pb-1 text-xs font-semibold tracking-wider text-slate-500 uppercase">{title}</h2>
      <ul>{children}</ul>
    </section>
  );
}

/** A link of the Account section: its icon, then what it says. */
function AccountLink({ to, icon: Icon, children }: { to: string; icon: LucideIcon; children: ReactNode }) {
  return (
    <li>
      <Link to={to} className={itemClass}>
        <Icon className="size-5 text-slate-500" aria-hidden="true" />
        {children}
      </Link>
    </li>
  );
}

/**
 * The small-screen menu panel (a disclosure under the header). The header owns the toggle
 * button; a click on any link in here closes the panel.
 */
export function MobileMenu({
  id,
  user,
  onDashboard,
  onClose,
}: {
  id: string;
  user: SessionUser | null;
  onDashboard: boolean;
  onClose: () => void;
}) {
  const count = useCartCount();
  const closeOnLink = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('a')) onClose();
  };

  return (
    // The click handler only listens for link clicks bubbling up; the links themselves are the controls.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div
      id={id}
      onClick={closeOnLink}
      className="max-h-[calc(100vh-7rem)] overflow-y-auto border-t border-slate-200 bg-white px-4 pb-6 lg:hidden"
    >
      <nav aria-label="Mobile" className="divide-y divide-slate-100">
        {!onDashboard && (
          <>
            <Section title="Shop">
              <NavLinkItems links={COLLECTION_LINKS} className={itemClass} />
              <li>
                <Link to={paths.buy} className={`${itemClass} text-brand-700`}>
                  Browse all devices
                </Link>
              </li>
            </Section>
            <Section title="Company">
              <NavLinkItems links={[...COMPANY_LINKS, ...MAIN_LINKS]} className={itemClass} />
            </Section>
          </>
        )}
        <Section title="Account">
          {!onDashboard && (
            <AccountLink to={paths.cart} icon={ShoppingCart}>
              Cart
              <span className="ml-auto rounded-full bg-brand-600 px-2 py-0.5 text-xs font-bold text-white">
                {count}
              </span>
            </AccountLink>
          )}
          {user?.role === 'customer' && (
            <AccountLink to={paths.account} icon={UserRound}>
              Account
            </AccountLink>
          )}
          {user?.role === 'admin' && !onDashboard && (
            <AccountLink to={paths.admin} icon={ShieldCheck}>
              Admin Panel
            </AccountLink>
          )}
          {!user && (
            <>
              <AccountLink to={paths.agentLogin} icon={LayoutDashboard}>
                Agent/Admin
              </AccountLink>
              <AccountLink to={paths.auth} icon={UserRound}>
                Login/SignUp
              </AccountLink>
            </>
          )}
          {user && (
            <li className="mt-2 flex flex-wrap items-center justify-between gap-2 px-3">
              <RoleAvatar user={user} />
              <LogoutButton user={user} className="-mr-3" />
            </li>
          )}
        </Section>
      </nav>
    </div>
  );
}
