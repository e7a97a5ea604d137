import { MessageCircle } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router';
import { CHAT_TEXT, CHAT_VISITED_KEY } from '../../../shared/chat';
import { CHAT } from '../../../shared/store';
import { readFlag, writeFlag } from '../../lib/storage';
import { useMediaQuery } from '../../lib/use-media-query';
import { CHAT_DOCK_ID, chatFloatsFromPx } from './chat-dock';
import type { ChatMode } from './chat-mode';

/**
 * The 'Chat' button and the first-visit greeting timer. Deliberately tiny: the panel (with
 * react-markdown) is a separate chunk fetched when the chat first opens. From the chat's own
 * breakpoint up the button floats in the bottom-right corner (the footer keeps clear space for it);
 * below it the button docks in the header, so nothing floats over a phone's controls.
 */
const loadPanel = () => import('./chat-panel');
const ChatPanel = lazy(loadPanel);

const floatingClass =
  'fixed right-4 bottom-4 z-50 inline-flex items-center gap-2 rounded-full bg-brand-600 px-5 py-3 font-semibold ' +
  'text-white shadow-lg transition-colors hover:bg-brand-700 focus-visible:ring-2 focus-visible:ring-brand-600 ' +
  'focus-visible:ring-offset-2 focus-visible:outline-none';
/** Like the header's cart icon beside it. */
const dockedClass =
  'inline-flex size-10 items-center justify-center rounded-lg text-slate-700 transition-colors hover:bg-slate-100 ' +
  'hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600';

export default function ChatLauncher() {
  const [mode, setMode] = useState<ChatMode>('closed');
  // Once opened, the panel stays mounted (hidden when closed) so the conversation survives.
  const [mounted, setMounted] = useState(false);
  const [focusInput, setFocusInput] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const floating = useMediaQuery(`(min-width: ${chatFloatsFromPx(useLocation().pathname)}px)`);
  const dock = floating ? null : document.getElementById(CHAT_DOCK_ID);

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
    // Where the button docks (a phone, or the cart below its summary's column), the greeting would cover the page.
    if (window.innerWidth < chatFloatsFromPx(window.location.pathname)) {
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

  const button = (
    <button
      ref={buttonRef}
      type="button"
      onClick={() => open(true)}
      onPointerEnter={() => void loadPanel()}
      onFocus={() => void loadPanel()}
      className={dock ? dockedClass : floatingClass}
    >
      <MessageCircle className="size-5" aria-hidden="true" />
      <span className={dock ? 'sr-only' : undefined}>{CHAT_TEXT.launcher}</span>
    </button>
  );

  return (
    <>
      {mode === 'closed' && (dock ? createPortal(button, dock) : button)}
      {mounted && (
        <Suspense fallback={null}>
          <ChatPanel mode={mode} onModeChange={setMode} onClose={close} focusInput={focusInput} />
        </Suspense>
      )}
    </>
  );
}
