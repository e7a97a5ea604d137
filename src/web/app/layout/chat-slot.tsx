import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { isDashboardPath } from './nav-links';

/** The chat assistant lives in its own chunk, never in the layout's first-load JavaScript. */
const ChatLauncher = lazy(() => import('../../features/chat/chat-launcher'));

/**
 * The shoppers' assistant. Not on the staff dashboards: its first-visit greeting would open over an
 * agent's or the admin's work, and it answers shoppers' questions, not theirs.
 */
export function ChatSlot() {
  const { pathname } = useLocation();
  if (isDashboardPath(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <ChatLauncher />
    </Suspense>
  );
}
