import { Bot, Maximize2, Minimize2, Minus, SendHorizontal, X, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { CHAT_LIMITS, CHAT_QUICK_QUESTIONS, CHAT_TEXT } from '../../../shared/chat';
import { IconButton } from '../../components/ui/icon-button';
import { ApiError } from '../../lib/api';
import { askChat } from './chat-api';
import { ChatMarkdown } from './chat-markdown';
import type { ChatMode } from './chat-mode';

/** One line of the conversation (spec 000 section 3: id, text, isUser, timestamp). */
interface ChatMessage {
  id: number;
  text: string;
  isUser: boolean;
  timestamp: Date;
}

let nextId = 1;
const message = (text: string, isUser: boolean): ChatMessage => ({
  id: nextId++,
  text,
  isUser,
  timestamp: new Date(),
});

/** The recent conversation, newest last, within the server's context limit. */
function conversationContext(messages: ChatMessage[]): string | undefined {
  const text = messages
    .slice(-6)
    .map((m) => `${m.isUser ? 'User' : 'Assistant'}: ${m.text}`)
    .join('\n');
  return text ? text.slice(-CHAT_LIMITS.contextMax) : undefined;
}

/** Ask the server; every failure becomes one of the spec's three texts. */
async function askAssistant(text: string, history: ChatMessage[]): Promise<string> {
  try {
    const reply = await askChat({ message: text, context: conversationContext(history) });
    const response = typeof reply?.response === 'string' ? reply.response.trim() : '';
    return response || CHAT_TEXT.emptyReply;
  } catch (error) {
    return error instanceof ApiError ? CHAT_TEXT.serverError : CHAT_TEXT.requestFailed;
  }
}

/** A button of the panel's title bar: an icon, named by its label. */
function HeaderButton(props: { label: string; icon: LucideIcon; onClick: () => void }) {
  return (
    <IconButton
      {...props}
      className="grid size-8 place-items-center rounded-md text-white/90 hover:bg-white/15 hover:text-white focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
    />
  );
}

export interface ChatPanelProps {
  mode: ChatMode;
  onModeChange(mode: ChatMode): void;
  onClose(): void;
  /** Put the cursor in the input when the shopper opened the chat (not when it opened itself). */
  focusInput: boolean;
}

/** The 'Chat with us' panel: welcome view with the instant answers, then the conversation. */
export default function ChatPanel({ mode, onModeChange, onClose, focusInput }: ChatPanelProps) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [input, setInput] = useState('');
  const [loading, setLoading] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const inputId = useId();

  useEffect(() => {
    if ((mode === 'open' || mode === 'expanded') && focusInput) inputRef.current?.focus();
  }, [mode, focusInput]);

  // Escape closes the panel (the launcher gives the focus back to the Chat button) when the focus is in it,
  // or nowhere: a pressed Send or instant answer is disabled while the reply comes, and drops the focus to
  // the page's body. Focus elsewhere (a field of the page, another dialog) keeps its Escape.
  useEffect(() => {
    if (mode === 'closed') return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const focused = document.activeElement;
      if (focused === document.body || focused === null || panelRef.current?.contains(focused)) onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [mode, onClose]);

  // New messages (and the typing indicator) slide into view.
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
  }, [messages, loading]);

  if (mode === 'closed') return null;
  const minimised = mode === 'minimised';
  const expanded = mode === 'expanded';

  async function send(raw: string) {
    const text = raw.trim();
    if (!text || loading) return;
    const history = messages;
    setMessages((list) => [...list, message(text, true)]);
    setInput('');
    setLoading(true);
    const reply = await askAssistant(text, history);
    setMessages((list) => [...list, message(reply, false)]);
    setLoading(false);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void send(input);
  }

  const canSend = input.trim() !== '' && !loading;

  return (
    // A non-modal dialog: the page stays usable beside it.
    <div
      role="dialog"
      aria-labelledby={titleId}
      ref={panelRef}
      className={[
        'fixed z-50 flex flex-col overflow-hidden bg-white shadow-2xl ring-1 ring-slate-900/10',
        expanded
          ? 'inset-0 sm:inset-6 sm:rounded-2xl'
          : minimised
            ? 'right-4 bottom-4 w-[calc(100vw-2rem)] rounded-2xl sm:w-96'
            : 'inset-0 sm:inset-auto sm:right-4 sm:bottom-4 sm:h-[min(600px,calc(100dvh-2rem))] sm:w-96 sm:rounded-2xl',
      ].join(' ')}
    >
      <div className="flex items-center gap-2 bg-brand-600 px-4 py-3 text-white">
        <Bot className="size-5 shrink-0" aria-hidden="true" />
        <h2 id={titleId} className="flex-1 text-base font-semibold">
          {CHAT_TEXT.title}
        </h2>
        <HeaderButton
          label={minimised ? 'Restore chat' : 'Minimise chat'}
          icon={minimised ? Maximize2 : Minus}
          onClick={() => onModeChange(minimised ? 'open' : 'minimised')}
        />
        {!minimised && (
          <HeaderButton
            label={expanded ? 'Exit full size' : 'Expand chat to full size'}
            icon={expanded ? Minimize2 : Maximize2}
            onClick={() => onModeChange(expanded ? 'open' : 'expanded')}
          />
        )}
        <HeaderButton label="Close chat" icon={X} onClick={onClose} />
      </div>

      <div hidden={minimised} className="flex min-h-0 flex-1 flex-col">
        <div className="flex-1 space-y-3 overflow-y-auto bg-slate-50 px-4 py-4">
          {messages.length === 0 ? (
            <div className="space-y-4">
              <BotBubble>
                <p>{CHAT_TEXT.greeting}</p>
              </BotBubble>
              <section aria-labelledby={`${titleId}-instant`}>
                <h3 id={`${titleId}-instant`} className="mb-2 text-sm font-semibold text-slate-700">
                  {CHAT_TEXT.instantAnswers}
                </h3>
                <ul className="flex flex-col items-start gap-2">
                  {CHAT_QUICK_QUESTIONS.map((question) => (
                    <li key={question}>
                      <button
                        type="button"
                        disabled={loading}
                        onClick={() => void send(question)}
                        className="rounded-full border border-brand-600 bg-white px-3 py-1.5 text-left text-sm text-brand-700 hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none disabled:opacity-50"
                      >
                        {question}
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            </div>
          ) : (
            <ol aria-label="Conversation" className="space-y-3">
              {messages.map((m) =>
                m.isUser ? (
                  <li key={m.id} className="flex justify-end">
                    <p className="max-w-[85%] rounded-2xl rounded-br-sm bg-brand-600 px-3 py-2 text-sm break-words whitespace-pre-wrap text-white">
                      <span className="sr-only">You: </span>
                      {m.text}
                    </p>
                  </li>
                ) : (
                  <li key={m.id}>
                    <BotBubble>
                      <ChatMarkdown text={m.text} />
                    </BotBubble>
                  </li>
                ),
              )}
            </ol>
          )}
          <div role="status" aria-live="polite">
            {loading && (
              <div className="flex w-fit items-center gap-1 rounded-2xl rounded-bl-sm bg-white px-3 py-3 shadow-sm ring-1 ring-slate-200">
                <span className="sr-only">QuickBuy is typing…</span>
                {[0, 150, 300].map((delay) => (
                  <span
                    key={delay}
                    aria-hidden="true"
                    className="size-2 animate-bounce rounded-full bg-slate-400"
                    style={{ animationDelay: `${delay}ms` }}
                  />
                ))}
              </div>
            )}
          </div>
          <div ref={endRef} />
        </div>

        <form onSubmit={onSubmit} className="flex items-center gap-2 border-t border-slate-200 bg-white p-3">
          <label htmlFor={inputId} className="sr-only">
            {CHAT_TEXT.placeholder}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="text"
            autoComplete="off"
            value={input}
            maxLength={CHAT_LIMITS.messageMax}
            placeholder={CHAT_TEXT.placeholder}
            onChange={(event) => setInput(event.target.value)}
            className="min-w-0 flex-1 rounded-full border border-slate-300 px-4 py-2 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
          />
          <IconButton
            type="submit"
            label="Send message"
            icon={SendHorizontal}
            disabled={!canSend}
            className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-600 text-white hover:bg-brand-700 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50"
          />
        </form>
      </div>
    </div>
  );
}

function BotBubble({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-end gap-2">
      <span
        className="grid size-7 shrink-0 place-items-center rounded-full bg-brand-100 text-brand-700"
        aria-hidden="true"
      >
        <Bot className="size-4" />
      </span>
      <div className="max-w-[85%] rounded-2xl rounded-bl-sm bg-white px-3 py-2 text-sm break-words text-slate-800 shadow-sm ring-1 ring-slate-200">
        <span className="sr-only">QuickBuy: </span>
        {children}
      </div>
    </div>
  );
}
