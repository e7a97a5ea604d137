import type { DeviceType } from '../../../shared/catalog';
import { formatMoney, type Currency } from '../../../shared/money';
import { ORDER_NUMBER_PATTERN } from '../../../shared/orders';
import { paths } from '../../../shared/paths';
import { REPAIR_SERVICES } from '../../../shared/repair-services';
import { BUSINESS_HOURS, POLICIES, STORE } from '../../../shared/store';
import { STATUS_DESCRIPTIONS, UNKNOWN_STATUS_DESCRIPTION, type AnySaleStatus } from '../../../shared/trade-in-statuses';
import type { OrderStatusSummary } from '../orders';
import type { TradeInStatusSummary } from '../trade-ins';
import { isGreeting, isThanks, type ProductQuery, type Topic } from './intents';
import { formatDate } from '../../../shared/dates';

/**
 * The built-in assistant: answers from the store's own facts (src/shared) and the live data the
 * service looked up for this message. Every answer is markdown with links to the right pages.
 */

export interface DeviceMatch {
  id: string;
  name: string;
  price: number;
  inStock: boolean;
}

/** What the service found for one message; also handed to the language model as facts. */
export interface ChatFacts {
  topics: Topic[];
  orderNumber: string | null;
  order: OrderStatusSummary | null;
  transactionNumber: string | null;
  tradeIn: TradeInStatusSummary | null;
  repairNumber: string | null;
  /** A repair booking's status and its last step's date, as /track shows anyone holding its number. */
  repairBooking: { status: string; updatedAt: string } | null;
  returnNumber: string | null;
  /** A request's status and its last step's date: what anyone holding its number is told. */
  returnRequest: { status: string; updatedAt: string } | null;
  /** `namedModel`: the matches are the model the message named, not just its brand or type. */
  product: { query: ProductQuery; matches: DeviceMatch[]; namedModel: boolean } | null;
}

const link = (label: string, href: string) => `[${label}](${href})`;
const rand = (amount: number) => formatMoney(amount, 'repair', 'ZAR');
const S = POLICIES.shipping;

const hoursLine = BUSINESS_HOURS.map((h) => `${h.short} ${h.hours}`).join(', ');

export const TOPIC_ANSWERS: Record<Topic, () => string> = {
  tracking: () =>
    [
      '**Tracking**',
      `- **An order you placed:** send me your order number (it looks like ORD-2026-123456) and I'll check its status.`,
      `- **A device you're selling:** enter your transaction number (it starts with TXN) on ${link('Track Orders', paths.track)}, or send it to me here.`,
    ].join('\n'),
  returns: () =>
    [
      `**Returns:** you can return a device within ${POLICIES.returnDays} days of receiving it.`,
      `Refunds reach you in ${POLICIES.refundCardDays} business days by card and ${POLICIES.refundBankDays} business days by bank transfer.`,
      `Full details: ${link('Returns policy', paths.returns)}.`,
    ].join(' '),
  shipping: () =>
    [
      `**Shipping** (we deliver within ${STORE.country} only):`,
      `- **Standard:** ${rand(S.standardPrice)} on orders under ${rand(S.standardFreeOver)}, free over ${rand(S.standardFreeOver)}; ${S.standardDays} days`,
      `- **Express:** ${rand(S.expressMajorCities)} to major cities, ${rand(S.expressElsewhere)} elsewhere; ${S.expressDays} days`,
      '',
      `More on our ${link('Shipping page', paths.shipping)}.`,
    ].join('\n'),
  warranty: () =>
    [
      `**Warranty:** every device comes with a ${POLICIES.deviceWarrantyMonths}-month warranty, and repairs carry a ${POLICIES.repairWarrantyDays}-day warranty.`,
      `Under warranty we replace a battery whose capacity drops below ${POLICIES.batteryReplacementThresholdPercent}%.`,
      `See ${link('Warranty', paths.warranty)} for what is covered.`,
    ].join(' '),
  payment: () =>
    [
      `**Payment methods:** ${listWords(POLICIES.paymentMethods)}.`,
      `You pay securely at checkout from your ${link('cart', paths.cart)}; guest checkout is welcome.`,
    ].join(' '),
  hours: () =>
    [
      '**Business hours:**',
      ...BUSINESS_HOURS.map((h) => `- ${h.days}: ${h.hours}`),
      '',
      `Outside these hours, leave us a message on the ${link('Contact page', paths.contact)} and we'll reply within ${POLICIES.contactWithinHours} hours.`,
    ].join('\n'),
  contact: () =>
    [
      '**Contact us:**',
      `- Phone: ${STORE.phone}`,
      `- WhatsApp: ${STORE.whatsapp}`,
      `- Email: ${STORE.email}`,
      `- Address: ${STORE.address}`,
      `- Hours: ${hoursLine}`,
      '',
      `We reply within ${POLICIES.contactWithinHours} hours. You can also send a message from our ${link('Contact page', paths.contact)}.`,
    ].join('\n'),
  repairs: () =>
    [
      `**Repairs:** we collect your device, most repairs take ${POLICIES.repairDays} business days (up to ${POLICIES.complexRepairDays} for complex ones), and repairs carry a ${POLICIES.repairWarrantyDays}-day warranty. Prices (phone / laptop):`,
      ...REPAIR_SERVICES.map(repairLine),
      '',
      `Book on our ${link('Repairs page', paths.repairs)}.`,
    ].join('\n'),
  selling: () =>
    [
      '**Selling your device:**',
      `1. Enter its details on ${link('Sell Your Device', paths.sell)} and get an instant quote.`,
      `2. An agent inspects the device within ${POLICIES.saleInspectionDays} business days and makes you an offer.`,
      `3. Once the offer is accepted and approved, you are paid within ${POLICIES.salePaymentHours} hours.`,
      '',
      `Follow each step on ${link('Track Orders', paths.track)} with your transaction number.`,
    ].join('\n'),
  buying: () =>
    [
      `**Buying:** browse ${link('all devices', paths.buy)}, add what you like to your cart and check out, as a guest or signed in.`,
      `Devices come with a ${POLICIES.deviceWarrantyMonths}-month warranty and free shipping. Questions first? Try the ${link('FAQ', paths.faq)}.`,
    ].join(' '),
  faq: () =>
    `Our ${link('FAQ', paths.faq)} answers the common questions about buying, selling, repairs and shipping. Ask me anything here too.`,
  about: () =>
    [
      `**${STORE.name}** has sold and bought quality pre-owned and new devices in ${STORE.city} since ${STORE.foundedYear}:`,
      `every device is quality-assured and carries a warranty, and we also repair devices and buy yours.`,
      `Read ${link('our story', paths.about)}.`,
    ].join(' '),
};

function repairLine(service: (typeof REPAIR_SERVICES)[number]): string {
  const laptop = service.laptopPrice === 'N/A' ? 'not for laptops' : service.laptopPrice;
  return `- **${service.name}:** ${service.phonePrice} / ${laptop} (${service.duration}, ${service.warranty} warranty)`;
}

/** Repair services a message names ("cracked screen", "battery"), to answer just those lines. */
const SERVICE_WORDS: Record<(typeof REPAIR_SERVICES)[number]['id'], RegExp> = {
  'screen-repair': /\b(screens?|display|cracked)\b/,
  'battery-replacement': /\b(battery|batteries)\b/,
  'water-damage': /\b(water|liquid|wet)\b/,
  'charging-port': /\b(charging|charger|port)\b/,
  'software-issues': /\b(software|update|virus|slow)\b/,
  'motherboard-repair': /\b(motherboard|board|won'?t (turn|switch) on|dead)\b/,
  'unlock-password': /\b(password|passcode|locked out|forgot)\b/,
  'unlock-network': /\b(network|sim|carrier)\b/,
  'phone-glitching': /\b(glitch(ing|y)?|flicker(ing)?|freez(e|ing)|restart(s|ing)?)\b/,
};

function repairAnswer(message: string): string {
  const text = message.toLowerCase();
  const named = REPAIR_SERVICES.filter((s) => SERVICE_WORDS[s.id].test(text));
  if (named.length === 0 || named.length === REPAIR_SERVICES.length) return TOPIC_ANSWERS.repairs();
  return [
    `**Repairs** (prices phone / laptop):`,
    ...named.map(repairLine),
    '',
    `We collect your device; most repairs take ${POLICIES.repairDays} business days. Book on our ${link('Repairs page', paths.repairs)}.`,
  ].join('\n');
}

function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

const ORDER_STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};
const NOT_FOUND_ORDER = "I couldn't find an order with that number.";
const NOT_FOUND_TRANSACTION = "I couldn't find a transaction with that number.";

function orderAnswer(orderNumber: string, order: OrderStatusSummary | null): string {
  if (!order) {
    return `${NOT_FOUND_ORDER} Please check it (order numbers look like ORD-2026-123456), or ${link('contact us', paths.contact)} and we'll help.`;
  }
  const status = ORDER_STATUS_LABELS[order.status] ?? order.status;
  return [
    `Order **${orderNumber}** is currently **${status}**.`,
    `For its details, open it from your order email or ${link('Track Orders', paths.track)}; questions? ${link('Contact us', paths.contact)}.`,
  ].join(' ');
}

/** Something tracked by its number alone (a repair, a return), in the words its answer uses. */
interface TrackedKind {
  /** As in "I couldn't find a repair booking with that number". */
  noun: string;
  /** How its numbers look. */
  example: string;
  /** The word before its number: "Repair **REP-…** is …". */
  title: string;
  /** What follows its status: where the rest of it is. */
  more: (number: string) => string;
}

const REPAIR_BOOKING: TrackedKind = {
  noun: 'a repair booking',
  example: 'REP-123456789',
  title: 'Repair',
  more: (number) => `See the full timeline on ${link('Track Orders', paths.trackNumber(number))}.`,
};
const RETURN_REQUEST: TrackedKind = {
  noun: 'a return or warranty request',
  example: 'RET-123456789',
  title: 'Request',
  more: (number) =>
    `Its timeline is on ${link('Track Orders', paths.trackNumber(number))}; the whole request opens from your order's email or your account.`,
};

/** Its status and last step, or how to check the number when there is no such thing. */
function trackedAnswer(kind: TrackedKind, number: string, found: { status: string; updatedAt: string } | null): string {
  if (!found) {
    return `I couldn't find ${kind.noun} with that number. Please check it (they look like ${kind.example}), or ${link('contact us', paths.contact)}.`;
  }
  return [
    `${kind.title} **${number}** is **${found.status}** (last step ${formatDate(found.updatedAt)}).`,
    kind.more(number),
  ].join(' ');
}

function tradeInAnswer(transactionNumber: string, tradeIn: TradeInStatusSummary | null): string {
  if (!tradeIn) {
    return `${NOT_FOUND_TRANSACTION} Please check it on ${link('Track Orders', paths.track)}, or ${link('contact us', paths.contact)} and we'll help.`;
  }
  const device = [tradeIn.brand, tradeIn.model].filter(Boolean).join(' ') || tradeIn.deviceType;
  const description = STATUS_DESCRIPTIONS[tradeIn.status as AnySaleStatus] ?? UNKNOWN_STATUS_DESCRIPTION;
  return [
    `Transaction **${transactionNumber}** (${device}) is at **${tradeIn.status}**: ${description}.`,
    `Last updated ${formatDate(tradeIn.updatedAt)}.`,
    `See the full timeline on ${link('Track Orders', paths.track)}.`,
  ].join(' ');
}

const TYPE_NOUNS: Record<DeviceType, string> = {
  phone: 'phones',
  tablet: 'tablets',
  laptop: 'laptops',
  desktop: 'desktops',
  tv: 'TVs',
  accessory: 'accessories',
  component: 'components',
  server: 'servers',
  switch: 'network switches',
};

/**
 * "iPhones under ₦10,000", "Samsung laptops", "devices from ₦5,000 to ₦8,000". The bound is written as the
 * answer lists the prices (the card's money context), unless the shopper wrote it in rand ("under R5000"):
 * then it is theirs, in rand, not turned into another currency's sign.
 */
export function describeQuery(query: ProductQuery, currency: Currency): string {
  const price = (amount: number) => formatMoney(amount, 'card', query.priceCurrency ?? currency);
  const { brand, line, type } = query.label;
  let what: string;
  if (line) what = `${line}s`;
  else what = `${brand ? `${brand} ` : ''}${type ? TYPE_NOUNS[type] : 'devices'}`;
  if (query.minPrice !== null && query.maxPrice !== null)
    return `${what} from ${price(query.minPrice)} to ${price(query.maxPrice)}`;
  if (query.maxPrice !== null) return `${what} under ${price(query.maxPrice)}`;
  if (query.minPrice !== null) return `${what} over ${price(query.minPrice)}`;
  return what;
}

/**
 * "a Dell XPS 13", "an iPhone 12", "an HP EliteBook": the article goes by how the first word sounds,
 * so a capitalised abbreviation reads letter by letter ("an HP", "an MSI") and a number as spoken ("an 8", "an 11").
 */
export function withArticle(phrase: string): string {
  const word = phrase.split(/\s/, 1)[0] ?? '';
  const vowelSound = /^[A-Z][A-Z\d]+$/.test(word)
    ? /^[AEFHILMNORSX]/.test(word)
    : /^\d/.test(word)
      ? /^(8|1[18](?!\d))/.test(word)
      : /^[aeiou]/i.test(word) && !/^(uni|use|usa|usb|eu|one|once)/i.test(word);
  return `${vowelSound ? 'an' : 'a'} ${phrase}`;
}

/** "Dell XPS 13", "iPhone 13 Pro": the model a message named, as it wrote it; null when it named none. */
export function describeModel(query: ProductQuery): string | null {
  const { brand, line, model } = query.label;
  if (!model) return null;
  return [line ?? brand, model].filter(Boolean).join(' ');
}

/** The devices found, priced as the cards price them (naira by default, rand under STORE_CURRENCY=ZAR). */
function productAnswer(product: NonNullable<ChatFacts['product']>, currency: Currency): string {
  const what = describeQuery(product.query, currency);
  const model = describeModel(product.query);
  if (product.matches.length === 0) {
    return `I couldn't find any ${model ?? what} in stock right now. Browse ${link('all devices', paths.buy)}: new stock arrives often.`;
  }
  const one = product.matches.length === 1;
  const heading = product.namedModel
    ? `Here ${one ? 'is a match' : 'are some matches'} for ${model}:`
    : model
      ? `I couldn't find ${withArticle(model)} in stock right now. Here ${one ? 'is another match' : 'are other matches'} for ${what}:`
      : `Here ${one ? 'is a match' : 'are some matches'} for ${what}:`;
  return [
    heading,
    ...product.matches.map(
      (d) => `- ${link(escapeLinkText(d.name), paths.device(d.id))}: ${formatMoney(d.price, 'card', currency)}`,
    ),
    '',
    `See more on ${link('Buy', paths.buy)}.`,
  ].join('\n');
}

/** Device names come from the database: keep them from breaking the link's markdown. */
function escapeLinkText(text: string): string {
  return text.replace(/[[\]\\*_`<>]/g, (c) => `\\${c}`);
}

const UNKNOWN_ANSWER = [
  `I'm sorry, I don't know the answer to that one.`,
  `Our team can help: ${link('Contact us', paths.contact)} (${STORE.email}, ${STORE.phone}).`,
  `I can answer questions about orders and tracking, returns, shipping, warranty, payment, repairs and selling your device.`,
].join(' ');

const GREETING_ANSWER = `Hi! I'm the ${STORE.name} assistant. I can help with orders and tracking, returns, shipping, warranty, payment, repairs and selling your device. What would you like to know?`;
const THANKS_ANSWER = `You're welcome! Anything else I can help with? You can also reach us on the ${link('Contact page', paths.contact)}.`;

/** At most this many topic answers in one reply, so one message never gets the whole handbook. */
const MAX_TOPICS = 2;

/** The built-in assistant's markdown answer for a message and the facts looked up for it. */
export function composeAnswer(message: string, facts: ChatFacts, options: { currency: Currency }): string {
  const parts: string[] = [];
  if (facts.orderNumber) parts.push(orderAnswer(facts.orderNumber, facts.order));
  if (facts.transactionNumber) parts.push(tradeInAnswer(facts.transactionNumber, facts.tradeIn));
  if (facts.repairNumber) parts.push(trackedAnswer(REPAIR_BOOKING, facts.repairNumber, facts.repairBooking));
  if (facts.returnNumber) parts.push(trackedAnswer(RETURN_REQUEST, facts.returnNumber, facts.returnRequest));

  const looked = [facts.orderNumber, facts.transactionNumber, facts.repairNumber, facts.returnNumber].some(
    (number) => number !== null,
  );
  const topics = facts.topics.filter((t) => !(looked && (t === 'tracking' || t === 'selling' || t === 'repairs')));
  for (const topic of topics.slice(0, MAX_TOPICS)) {
    parts.push(topic === 'repairs' ? repairAnswer(message) : TOPIC_ANSWERS[topic]());
  }
  if (facts.product) parts.push(productAnswer(facts.product, options.currency));

  if (parts.length > 0) return parts.join('\n\n');
  if (isGreeting(message)) return GREETING_ANSWER;
  if (isThanks(message)) return THANKS_ANSWER;
  if (/\bORD-/i.test(message) && !ORDER_NUMBER_PATTERN.test(message.trim())) {
    return `Order numbers look like ORD-2026-123456 (the year and six digits). Send me yours and I'll check its status.`;
  }
  return UNKNOWN_ANSWER;
}
