import { Suspense } from 'react';
import { optionalLazy } from '../../lib/chunks';
import { useLocation } from 'react-router';
import { paths } from '../../../shared/paths';
import { useHydrated } from '../../lib/use-hydrated';
import { isDashboardPath } from './nav-links';

/** The chat assistant lives in its own chunk, never in the layout's first-load JavaScript. */
const ChatLauncher = optionalLazy(() => import('../../features/chat/chat-launcher'));

/**
 * The shoppers' assistant. Not on the staff dashboards nor the staff sign-in (with its authenticator
 * enrolment): its first-visit greeting would open over an agent's or the admin's work, and it answers
 * shoppers' questions, not theirs.
 *
 * Mounted after hydration: the launcher reads the window's width (floating or docked in the header)
 * and starts the first-visit greeting timer, neither of which the server can know. It floats or sits
 * in a slot of its own in the header, so its arrival shifts nothing.
 */
export function ChatSlot() {
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  if (!hydrated || isDashboardPath(pathname) || pathname === paths.agentLogin) return null;
  return (
    <Suspense fallback={null}>
      <ChatLauncher />
    </Suspense>
  );
}
