import { formatMoney, type Currency } from '../../../shared/money';
import { paths } from '../../../shared/paths';
import { STORE } from '../../../shared/store';
import { TOPICS } from './intents';
import { describeModel, describeQuery, TOPIC_ANSWERS, type ChatFacts } from './built-in';
import { formatDate } from '../../../shared/dates';

/**
 * The `openrouter` driver: an OpenAI-compatible chat completion (POST {base}/chat/completions).
 * Its reply is untrusted text; the caller falls back to the built-in answer on any failure.
 */

interface ModelSettings {
  apiKey: string;
  baseUrl: string;
  model: string;
  timeoutMs: number;
  /** Sent as HTTP-Referer, which OpenRouter shows as the calling app. */
  publicUrl: string;
}

/** The longest reply we pass on; a runaway model does not fill the shopper's screen. */
const MAX_MODEL_REPLY = 4000;

/** The pages the assistant links, by their name in the paths table, and what each holds. */
const PAGES = {
  buy: 'all devices with filters',
  sell: 'sell a device for an instant quote',
  repairs: 'repair services, prices and booking',
  track: 'track a device sale by transaction number',
  cart: 'cart and checkout',
  contact: 'contact details, business hours and a message form',
  faq: 'frequently asked questions',
  warranty: 'warranty',
  returns: 'returns and refunds',
  shipping: 'shipping prices and times',
  terms: 'terms of service',
  about: 'our story',
} as const;

/** The system instruction: who the assistant is, the store's services, pages and facts, and the rules. */
function systemInstruction(): string {
  return [
    `You are the customer support assistant of ${STORE.name}, an online store in ${STORE.city}, ${STORE.country}, for pre-owned and new tech devices.`,
    `Services: buying devices (phones, tablets, laptops, desktops, TVs, accessories, components, servers, network switches) with warranty; selling your device for an instant quote; professional repairs with device pickup; tracking orders and device sales.`,
    `Pages of the store (link them as markdown links with these exact paths, for example [Returns policy](/returns)):`,
    ...(Object.keys(PAGES) as (keyof typeof PAGES)[]).map((page) => `- ${paths[page]}: ${PAGES[page]}`),
    '',
    'Store facts (quote these; never invent prices, policies or stock):',
    ...TOPICS.map((topic) => TOPIC_ANSWERS[topic]()),
    '',
    'Rules: answer briefly and kindly in markdown. Use only markdown links to the pages above or to devices given in the live facts; never write HTML.',
    `Never ask for or reveal personal details (names, emails, phone numbers, addresses, card numbers). If you do not know, say so plainly and point to [Contact us](${paths.contact}).`,
  ].join('\n');
}

/** The live facts the built-in assistant found for this message, in plain lines for the model. */
function describeFacts(facts: ChatFacts, currency: Currency): string {
  const lines: string[] = [];
  if (facts.orderNumber) {
    lines.push(
      facts.order
        ? `Order ${facts.orderNumber}: status ${facts.order.status} (only the status may be told: the number is no proof of ownership).`
        : `Order ${facts.orderNumber}: no order with this number exists.`,
    );
  }
  if (facts.transactionNumber) {
    lines.push(
      facts.tradeIn
        ? `Device sale ${facts.transactionNumber}: ${facts.tradeIn.brand} ${facts.tradeIn.model} (${facts.tradeIn.deviceType}), status ${facts.tradeIn.status}, last updated ${formatDate(facts.tradeIn.updatedAt)}; the timeline is on ${paths.track}.`
        : `Device sale ${facts.transactionNumber}: no transaction with this number exists.`,
    );
  }
  if (facts.returnNumber) {
    lines.push(
      facts.returnRequest
        ? `Return request ${facts.returnNumber}: status ${facts.returnRequest.status}, last step ${formatDate(facts.returnRequest.updatedAt)} (only the status may be told); the timeline is on ${paths.track}.`
        : `Return request ${facts.returnNumber}: no request with this number exists.`,
    );
  }
  if (facts.product) {
    const model = describeModel(facts.product.query);
    const what = facts.product.namedModel ? model : describeQuery(facts.product.query, currency);
    if (model && !facts.product.namedModel) lines.push(`No ${model} is in stock.`);
    if (facts.product.matches.length === 0)
      lines.push(`Catalog search for ${what}: no devices match (link ${paths.buy}).`);
    else {
      lines.push(`Catalog search for ${what}:`);
      for (const d of facts.product.matches) {
        lines.push(`- ${d.name}, ${formatMoney(d.price, 'card', currency)}, link ${paths.device(d.id)}`);
      }
    }
  }
  return lines.length
    ? `Live facts for this message:\n${lines.join('\n')}`
    : 'No live facts were looked up for this message.';
}

interface CompletionReply {
  choices?: { message?: { content?: unknown } }[];
}

class ModelError extends Error {}

/** One chat completion; throws ModelError on a timeout, an error status or an empty answer. */
export async function askModel({
  settings,
  message,
  context,
  facts,
  currency,
}: {
  settings: ModelSettings;
  message: string;
  context?: string;
  facts: ChatFacts;
  currency: Currency;
}): Promise<string> {
  const messages = [
    { role: 'system', content: `${systemInstruction()}\n\n${describeFacts(facts, currency)}` },
    ...(context?.trim() ? [{ role: 'user', content: `Earlier in this conversation:\n${context.trim()}` }] : []),
    { role: 'user', content: message },
  ];
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${settings.apiKey}`,
        'content-type': 'application/json',
        'http-referer': settings.publicUrl,
        'x-title': STORE.name,
      },
      body: JSON.stringify({ model: settings.model, messages, temperature: 0.3, max_tokens: 700 }),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new ModelError(timedOut ? `no answer within ${settings.timeoutMs} ms` : `request failed: ${String(error)}`);
  }
  let body: CompletionReply;
  try {
    body = (await response.json()) as CompletionReply;
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new ModelError(
      timedOut ? `no answer within ${settings.timeoutMs} ms` : `status ${response.status}, unreadable body`,
    );
  }
  if (!response.ok) throw new ModelError(`status ${response.status}`);
  const content = body.choices?.[0]?.message?.content;
  const text = typeof content === 'string' ? content.trim() : '';
  if (!text) throw new ModelError('empty answer');
  return text.length > MAX_MODEL_REPLY ? `${text.slice(0, MAX_MODEL_REPLY).trimEnd()}…` : text;
}
