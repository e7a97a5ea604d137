import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { SessionUser } from '../../../shared/accounts';
import { paths } from '../../../shared/paths';
import { signOut } from '../../lib/sign-out';
import { setSession } from '../../lib/use-session';

/** Ends the session on the server, forgets it here, and goes home. */
export function useLogout() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const logout = async () => {
    setPending(true);
    try {
      await signOut();
    } catch {
      // Already signed out, or the server is unreachable: the session is dropped locally either way.
    } finally {
      setPending(false);
    }
    setSession(null);
    void navigate(paths.home);
  };
  return { logout, pending };
}

/** 'Agent: {name}', 'Admin: {email}', or 'Logout' for a customer (spec 000 'Header and footer'). */
export function logoutLabel(user: SessionUser): string {
  if (user.role === 'agent') return `Agent: ${user.name}`;
  if (user.role === 'admin') return `Admin: ${user.email}`;
  return 'Logout';
}

/** The 'A' or 'AG' avatar and its role label; `labelClassName` can hide the label where room is short. */
export function RoleAvatar({ user, labelClassName = '' }: { user: SessionUser; labelClassName?: string }) {
  if (user.role === 'customer') return null;
  const isAgent = user.role === 'agent';
  return (
    <span className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className={`grid size-8 place-items-center rounded-full text-xs font-bold text-white ${
          isAgent ? 'bg-emerald-700' : 'bg-brand-600'
        }`}
      >
        {isAgent ? 'AG' : 'A'}
      </span>
      <span className={`text-sm font-medium text-slate-700 ${labelClassName}`}>{isAgent ? 'Agent' : 'Admin'}</span>
    </span>
  );
}

export function LogoutButton({ user, className = '' }: { user: SessionUser; className?: string }) {
  const { logout, pending } = useLogout();
  const label = logoutLabel(user);
  return (
    <button
      type="button"
      onClick={() => void logout()}
      disabled={pending}
      title="Logout"
      className={
        'inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 transition-colors ' +
        'hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ' +
        `disabled:opacity-60 ${className}`
      }
    >
      <LogOut className="size-4 shrink-0" aria-hidden="true" />
      {label === 'Logout' ? (
        label
      ) : (
        <>
          <span className="sr-only">Logout </span>
          {/* Whole, never truncated: a long email wraps (spec 000 names the identity as the label). */}
          <span className="min-w-0 text-left [overflow-wrap:anywhere]">{label}</span>
        </>
      )}
    </button>
  );
}
