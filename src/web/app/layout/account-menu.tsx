import { ChevronDown } from 'lucide-react';
import type { SessionUser } from '../../../shared/accounts';
import { LogoutButton, RoleAvatar } from './session';
import { useHeaderPopup } from './header-popup';

const PANEL_ID = 'header-account-menu';

/**
 * The desktop header's menu for a signed-in agent or admin: the avatar in the bar, and behind it the
 * Logout button with the spec's long label ('Admin: ' or 'Agent: ' plus the identity), which does not
 * fit on the header's one line at 1024 px. A disclosure like the header's Shop and Company menus:
 * Enter or a click toggles, Escape closes and returns to the button, a press or Tab outside closes.
 */
export function AccountMenu({ user }: { user: Exclude<SessionUser, { role: 'customer' }> }) {
  const { open, rootRef, buttonProps } = useHeaderPopup<HTMLDivElement>(PANEL_ID);

  return (
    <div ref={rootRef} className="relative">
      <button
        {...buttonProps}
        data-state={open ? 'open' : 'closed'}
        className="group inline-flex h-10 items-center gap-1 rounded-lg px-2 whitespace-nowrap hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none data-[state=open]:bg-slate-100"
      >
        {/* Named by what it shows ('Agent account menu'), so a voice command naming the visible label finds it. */}
        <RoleAvatar user={user} labelClassName="sr-only xl:not-sr-only" />
        <span className="sr-only"> account menu</span>
        <ChevronDown
          className="size-4 text-slate-500 transition-transform duration-200 group-data-[state=open]:rotate-180"
          aria-hidden="true"
        />
      </button>
      {open && (
        <div id={PANEL_ID} className="absolute top-full right-0 z-50 pt-2">
          <div className="w-72 space-y-1 rounded-2xl border border-slate-200 bg-white p-2 shadow-xl shadow-slate-900/10">
            <div className="px-3 py-2">
              <RoleAvatar user={user} />
            </div>
            <LogoutButton user={user} className="w-full" />
          </div>
        </div>
      )}
    </div>
  );
}
