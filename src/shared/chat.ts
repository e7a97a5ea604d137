/**
 * The chat assistant's vocabulary (spec 000 'Chat assistant', sections 3, 8 and 9). Zod-free on purpose:
 * the chat panel reads these texts, and the request schema lives in chat-schema.ts.
 */
export const CHAT_LIMITS = {
  /** Characters of a message after trimming. */
  messageMax: 1000,
  /** Characters of the optional context (the recent conversation the widget sends along). */
  contextMax: 4000,
  /** Requests per address per minute. */
  perMinute: 20,
  /** Devices a product answer lists. */
  productMatches: 5,
} as const;

export const CHAT_TEXT = {
  launcher: 'Chat',
  title: 'Chat with us',
  greeting: "Hi, message us with any questions. We're happy to help!",
  placeholder: 'Write message',
  instantAnswers: 'Instant answers',
  serverError: "I'm having trouble connecting to my AI brain right now. Please try again in a moment!",
  emptyReply: "I'm having trouble understanding that. Could you please rephrase your question?",
  requestFailed: "I'm experiencing some technical difficulties. Please try again later!",
} as const;

/** The four 'Instant answers' of the welcome view, in the spec's order. */
export const CHAT_QUICK_QUESTIONS = [
  'Track my order',
  'What is your return policy?',
  'What are your shipping details?',
  'What is your contact info?',
] as const;

/** Browser storage flag: set once the assistant has greeted this browser (or decided not to on a small screen). */
export const CHAT_VISITED_KEY = 'quickbuy_chat_visited';

export interface ChatReply {
  /** Markdown. Untrusted when a language model wrote it: render without raw HTML. */
  response: string;
}
