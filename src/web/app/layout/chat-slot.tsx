import { lazy, Suspense } from 'react';

/** The chat assistant lives in its own chunk, never in the layout's first-load JavaScript. */
const ChatLauncher = lazy(() => import('../../features/chat/chat-launcher'));

export function ChatSlot() {
  return (
    <Suspense fallback={null}>
      <ChatLauncher />
    </Suspense>
  );
}
