import { lazy, Suspense } from 'react';
import { useHydrated } from '../../lib/use-hydrated';

/** The chat assistant lives in its own chunk, never in the layout's first-load JavaScript. */
const ChatLauncher = lazy(() => import('../../features/chat/chat-launcher'));

/**
 * Mounted after hydration: the launcher reads the window's width (floating or docked in the header)
 * and starts the first-visit greeting timer, neither of which the server can know. It floats or sits
 * in a slot of its own in the header, so its arrival shifts nothing.
 */
export function ChatSlot() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <ChatLauncher />
    </Suspense>
  );
}
