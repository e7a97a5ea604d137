import {
  BRAND_FILTERS,
  CATEGORY_FILTERS,
  type BrandFilter,
  type CategoryFilter,
  type DeviceType,
} from '../../../shared/catalog';

/**
 * Reading a shopper's message: which topics it asks about, which reference numbers it holds and
 * which devices it is looking for. Pure and deterministic: the same message always reads the same.
 */

export const TOPICS = [
  'tracking',
  'returns',
  'shipping',
  'warranty',
  'payment',
  'hours',
  'contact',
  'repairs',
  'selling',
  'buying',
  'faq',
  'about',
] as const;
export type Topic = (typeof TOPICS)[number];

/** Each topic's phrases, matched on the lowercased message. */
const TOPIC_PATTERNS: Record<Topic, RegExp> = {
  tracking:
    /\b(track(ing|ed)?|where('s| is) my (order|device|parcel|package)|order status|status of my|transaction number|order number)\b/,
  returns: /\b(return(s|ed|ing)?|refund(s|ed)?|exchange|money back|send (it )?back)\b/,
  shipping: /\b(ship(s|ped|ping)?|deliver(y|ies|ed)?|courier|postage|express)\b/,
  warranty: /\b(warrant(y|ies)|guarantee[ds]?|battery health|defect(ive)?|faulty)\b/,
  payment: /\b(payment( method)?s?|pay (with|by|using|via)|how (do|can) i pay|credit|debit|eft|snap ?scan|cash)\b/,
  hours: /\b(hours|opening|open(ed)?|closing|closed|weekends?|saturdays?|sundays?|what time)\b/,
  contact:
    /\b(contact|phone number|call (you|us)|e-?mail|reach (you|someone|a person)|talk to (a|someone|somebody|an?)|speak to|human|address|located|location|where are you|visit|whats ?app|support team)\b/,
  repairs:
    /\b(repair(s|ed|ing)?|fix(ed|ing)?|broken|crack(ed)?|screen replacement|battery replacement|water damage|charging port|motherboard|unlock|glitch(ing|y)?|not charging)\b/,
  selling:
    /\b(how much (will|would|can|could|do) you (give|pay|offer)|what('s| is) my [\w ]{1,40} worth|i (want|would like|'d like|wanna) to sell|sell(ing)? (my|a|an|our)|sell your device|trade[- ]?ins?|instant quote|quote|get paid|selling)\b/,
  buying: /\b(how (do|can) i (buy|order|purchase|check ?out)|checkout|check out|place an order|guest|add to cart)\b/,
  faq: /\b(faqs?|frequently asked|common questions)\b/,
  about: /\b(about (you|quickbuy|your company|the company)|who are you|what is quickbuy|founded|your story)\b/,
};

/** Topics the message asks about, in the order of TOPICS. */
export function matchTopics(message: string): Topic[] {
  const text = message.toLowerCase();
  let topics = TOPICS.filter((topic) => TOPIC_PATTERNS[topic].test(text));
  // "Do you sell iPhones?" is a shopper asking to buy, not a seller.
  if (/\bdo you (sell|stock|have)\b/.test(text) && !/\bsell(ing)? my\b/.test(text)) {
    topics = topics.filter((t) => t !== 'selling');
  }
  return topics;
}

const GREETING =
  /^(hi|hello|hey|hiya|howzit|good (morning|afternoon|evening)|greetings)\b[\s!.,?]*(there|quickbuy)?[\s!.,?]*$/i;
const THANKS = /^(thanks|thank you|thx|cheers|great|ok(ay)?|cool|perfect)\b[\s\w!.,]{0,30}$/i;

export function isGreeting(message: string): boolean {
  return GREETING.test(message.trim());
}

export function isThanks(message: string): boolean {
  return THANKS.test(message.trim());
}

/** ORD-{year}-{six digits} anywhere in the message, normalised to upper case. */
export function findOrderNumber(message: string): string | null {
  const match = /\bORD-\d{4}-\d{6}\b/i.exec(message);
  return match ? match[0].toUpperCase() : null;
}

/** TXN followed by its digits (timestamp in ms and a 0-999 suffix) anywhere in the message. */
export function findTransactionNumber(message: string): string | null {
  const match = /\bTXN\d{6,20}\b/i.exec(message);
  return match ? match[0].toUpperCase() : null;
}

/** REP- and nine digits (a repair booking) anywhere in the message. */
export function findRepairNumber(message: string): string | null {
  const match = /\bREP-\d{9}\b/i.exec(message);
  return match ? match[0].toUpperCase() : null;
}

/** RET- and nine digits (a return or warranty request) anywhere in the message. */
export function findReturnNumber(message: string): string | null {
  const match = /\bRET-\d{9}\b/i.exec(message);
  return match ? match[0].toUpperCase() : null;
}

export interface ProductQuery {
  /** The listing's category filter when the type has one, else 'all' (and `type` narrows). */
  category: CategoryFilter;
  /** A type outside the listing's category filter (desktop, accessory, ...), matched on the results. */
  type: DeviceType | null;
  brand: BrandFilter;
  /** Text searched in name and brand: a model line (iPhone, Galaxy) or a brand outside the brand filter. */
  q: string;
  /** Inclusive price limits in whole currency units. */
  minPrice: number | null;
  maxPrice: number | null;
  /** 'ZAR' when the shopper wrote a limit in rand ("under R5000"): the answer writes it back so. */
  priceCurrency: 'ZAR' | null;
  /** "cheapest laptop": the lowest prices first; else the newest first. */
  sort: 'price-asc' | 'newest';
  /** The words naming a model after the brand or line ("Dell XPS 13" -> ['xps', '13']), lower case; often none. */
  model: string[];
  /** How the shopper put it, for the answer's heading: "Apple phones under R10,000", "Dell XPS 13". */
  label: { brand: string | null; line: string | null; model: string | null; type: DeviceType | null };
}

interface BrandWord {
  pattern: RegExp;
  brand: string;
  /** A model line named in device names (searched as text). */
  line?: string;
  type?: DeviceType;
}

/** A brand the shopper names by its own name, in any case: `/\bsony\b/` for Sony. */
const named = (brand: string): BrandWord => ({ pattern: new RegExp(`\\b${brand.toLowerCase()}\\b`), brand });

const BRAND_WORDS: BrandWord[] = [
  { pattern: /\biphones?\b/, brand: 'Apple', line: 'iPhone', type: 'phone' },
  { pattern: /\bipads?\b/, brand: 'Apple', line: 'iPad', type: 'tablet' },
  { pattern: /\bmac ?books?\b/, brand: 'Apple', line: 'MacBook', type: 'laptop' },
  { pattern: /\b(apple|macs?)\b/, brand: 'Apple' },
  { pattern: /\bgalaxy\b/, brand: 'Samsung', line: 'Galaxy' },
  named('Samsung'),
  named('Huawei'),
  named('Dell'),
  { pattern: /\b(hp|hewlett[- ]packard)\b/, brand: 'HP' },
  { pattern: /\belitebooks?\b/, brand: 'HP', line: 'EliteBook', type: 'laptop' },
  { pattern: /\bchromebooks?\b/, brand: '', line: 'Chromebook', type: 'laptop' },
  { pattern: /\bthinkpads?\b/, brand: 'Lenovo', line: 'ThinkPad', type: 'laptop' },
  named('Lenovo'),
  named('Asus'),
  named('Acer'),
  named('Xiaomi'),
  named('Oppo'),
  { pattern: /\b(microsoft|surface)\b/, brand: 'Microsoft' },
  named('Sony'),
  named('LG'),
  named('Hisense'),
  named('TCL'),
  named('NEC'),
  named('Cisco'),
  { pattern: /\b(google|pixel)\b/, brand: 'Google' },
];

const TYPE_WORDS: { pattern: RegExp; type: DeviceType }[] = [
  { pattern: /\b(phones?|smart ?phones?|cell ?phones?|mobiles?)\b/, type: 'phone' },
  { pattern: /\b(laptops?|notebooks?)\b/, type: 'laptop' },
  { pattern: /\btablets?\b/, type: 'tablet' },
  { pattern: /\b(tvs?|televisions?)\b/, type: 'tv' },
  { pattern: /\b(desktops?|pcs?|computers?)\b/, type: 'desktop' },
  {
    pattern: /\b(accessor(y|ies)|chargers?|cables?|headphones?|earbuds?|phone cases|keyboards?|mouse|mice)\b/,
    type: 'accessory',
  },
  { pattern: /\b(components?|graphics cards?|gpus?|ram sticks?|ssds?)\b/, type: 'component' },
  { pattern: /\bservers?\b/, type: 'server' },
  { pattern: /\b(network switch(es)?|switches)\b/, type: 'switch' },
];

/** Words that end a model's name in a question: "Is the Dell XPS 13 in stock?", "Samsung S22 under 10k". */
const MODEL_STOP_WORDS = new Set(
  (
    'a an and any are at available below between by can cheap cost costs do does for from has have how i in ' +
    'is it left me much of on or over please price priced right still stock that the there this to under with ' +
    'you your'
  ).split(' '),
);

/**
 * The model a message names right after its brand or model line: up to four words, ending at
 * punctuation, a stop word or a device type. "Is the Dell XPS 13 in stock?" gives "XPS 13".
 */
function modelAfter(message: string, brandWord: BrandWord): string[] {
  const match = new RegExp(brandWord.pattern.source, 'i').exec(message);
  if (!match) return [];
  const rest = message.slice(match.index + match[0].length).split(/[?!,;:()]/)[0]!;
  const words: string[] = [];
  for (const raw of rest.replace(/^'s\b/i, '').trim().split(/\s+/)) {
    const word = raw.replace(/[.'"]+$/, '').replace(/'s$/i, '');
    const lower = word.toLowerCase();
    if (!word || MODEL_STOP_WORDS.has(lower) || TYPE_WORDS.some((t) => t.pattern.test(lower))) break;
    words.push(word);
    if (words.length === 4) break;
  }
  return words;
}

/** "R10,000", "10 000", "10000", "10k", "R12.5k" -> whole units. */
export function parseAmount(text: string): number | null {
  const match = /^r?\s*(\d{1,3}(?:[ ,]\d{3})+|\d+(?:\.\d+)?)\s*(k)?$/i.exec(text.trim());
  if (!match) return null;
  const value = Number(match[1]!.replace(/[ ,]/g, '')) * (match[2] ? 1000 : 1);
  return Number.isFinite(value) ? Math.round(value) : null;
}

const AMOUNT = String.raw`(r?\s*(?:\d{1,3}(?:[ ,]\d{3})+|\d+(?:\.\d+)?)\s*k?)\b`;
const MAX_PRICE = new RegExp(
  String.raw`\b(?:under|below|less than|cheaper than|up to|max(?:imum)?|at most|budget(?: of| is)?|within|no more than)\s+${AMOUNT}`,
  'i',
);
const MIN_PRICE = new RegExp(String.raw`\b(?:over|above|more than|at least|from|starting at)\s+${AMOUNT}`, 'i');
const BETWEEN = new RegExp(String.raw`\bbetween\s+${AMOUNT}\s+(?:and|-|to)\s+${AMOUNT}`, 'i');

const CHEAPEST = /\b(cheapest|lowest[- ]priced?|least expensive|most affordable)\b/;

const SHOPPING =
  /\b(do you (have|sell|stock|carry)|have you got|any|looking for|show me|in stock|available|buy(ing)?|cheap(est)?|affordable|price of|how much (is|are|does|do)|i (want|need) (a|an|some)|recommend|got any)\b/;

/**
 * The device search a message asks for, or null. It needs a brand, model line, type or price, and it
 * stands back when the shopper is selling or repairing a device, or asking a policy question
 * without shopping words.
 */
export function parseProductQuery(message: string, topics: readonly Topic[]): ProductQuery | null {
  const text = message.toLowerCase();
  if (topics.includes('selling') || topics.includes('repairs')) return null;

  const brandWord = BRAND_WORDS.find((word) => word.pattern.test(text)) ?? null;
  const typeWord = TYPE_WORDS.find((word) => word.pattern.test(text)) ?? null;
  const type: DeviceType | null = typeWord?.type ?? brandWord?.type ?? null;

  let minPrice: number | null = null;
  let maxPrice: number | null = null;
  const between = BETWEEN.exec(message);
  const max = between ? null : MAX_PRICE.exec(message);
  const min = between ? null : MIN_PRICE.exec(message);
  const written = between ? [between[1]!, between[2]!] : [max?.[1], min?.[1]];
  if (between) {
    minPrice = parseAmount(between[1]!);
    maxPrice = parseAmount(between[2]!);
  } else {
    if (max) maxPrice = parseAmount(max[1]!);
    if (min) minPrice = parseAmount(min[1]!);
  }
  const hasPrice = minPrice !== null || maxPrice !== null;
  const priceCurrency = written.some((amount) => amount && /^r/i.test(amount.trim())) ? 'ZAR' : null;

  if (!brandWord && !type && !hasPrice) return null;
  const shopping = SHOPPING.test(text);
  const policyQuestion = topics.length > 0;
  if (policyQuestion && !hasPrice && !(shopping && topics.every((t) => t === 'buying'))) return null;
  if (!policyQuestion && !shopping && !hasPrice && !brandWord && !type) return null;

  const brandValue = brandWord?.brand.toLowerCase() ?? '';
  const brandFilter = BRAND_FILTERS.some((b) => b.value === brandValue) ? (brandValue as BrandFilter) : 'all';
  const categoryFilter = CATEGORY_FILTERS.some((c) => c.value === type) ? (type as CategoryFilter) : 'all';
  // A model line narrows within the brand; a brand outside the filter list is searched as text.
  const q = brandWord?.line ?? (brandWord && brandFilter === 'all' ? brandWord.brand : '');
  const model = brandWord ? modelAfter(message, brandWord) : [];

  return {
    category: categoryFilter,
    type: categoryFilter === 'all' ? type : null,
    brand: brandFilter,
    q,
    minPrice,
    maxPrice,
    priceCurrency,
    sort: CHEAPEST.test(text) ? 'price-asc' : 'newest',
    model: model.map((word) => word.toLowerCase()),
    label: {
      brand: brandWord?.brand || null,
      line: brandWord?.line ?? null,
      model: model.length > 0 ? model.join(' ') : null,
      type,
    },
  };
}
