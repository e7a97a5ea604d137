import { MessageCircle } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_TEXT, CHAT_VISITED_KEY } from '../../../shared/chat';
import { CHAT } from '../../../shared/store';
import { readFlag, writeFlag } from '../../lib/storage';
import type { ChatMode } from './chat-mode';

/**
 * The floating 'Chat' button and the first-visit greeting timer. Deliberately tiny: the panel (with
 * react-markdown) is a separate chunk fetched when the chat first opens.
 */
const loadPanel = () => import('./chat-panel');
const ChatPanel = lazy(loadPanel);

export default function ChatLauncher() {
  const [mode, setMode] = useState<ChatMode>('closed');
  // Once opened, the panel stays mounted (hidden when closed) so the conversation survives.
  const [mounted, setMounted] = useState(false);
  const [focusInput, setFocusInput] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const open = useCallback((byUser: boolean) => {
    writeFlag(CHAT_VISITED_KEY, 'true');
    setMounted(true);
    setFocusInput(byUser);
    setMode((current) => (current === 'closed' ? 'open' : current));
  }, []);

  // First visit: on a wide screen the assistant greets after 3 seconds; on a small one it stays shut.
  // Either way the browser is marked as visited and the greeting never comes again.
  useEffect(() => {
    if (readFlag(CHAT_VISITED_KEY) !== null) return;
    if (window.innerWidth < CHAT.mobileBreakpointPx) {
      writeFlag(CHAT_VISITED_KEY, 'true');
      return;
    }
    const timer = window.setTimeout(() => open(false), CHAT.greetingDelayMs);
    return () => window.clearTimeout(timer);
  }, [open]);

  const close = useCallback(() => {
    setMode('closed');
    // The button is back in the page on the next render: give it the focus the panel had.
    window.setTimeout(() => buttonRef.current?.focus(), 0);
  }, []);

  return (
    <>
      {mode === 'closed' && (
        <button
          ref={buttonRef}
          type="button"
          onClick={() => open(true)}
          onPointerEnter={() => void loadPanel()}
          onFocus={() => void loadPanel()}
          className="fixed right-4 bottom-4 z-50 inline-flex items-center gap-2 rounded-full bg-brand-600 px-5 py-3 font-semibold text-white shadow-lg transition-colors hover:bg-brand-700 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none"
        >
          <MessageCircle className="size-5" aria-hidden="true" />
          {CHAT_TEXT.launcher}
        </button>
      )}
      {mounted && (
        <Suspense fallback={null}>
          <ChatPanel mode={mode} onModeChange={setMode} onClose={close} focusInput={focusInput} />
        </Suspense>
      )}
    </>
  );
}
