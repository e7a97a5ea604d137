import { COLLECTIONS, PRICE_BANDS, type CollectionSlug, type Device, type PriceFilter } from '../../../shared/catalog';
import { CHAT_LIMITS } from '../../../shared/chat';
import type { Currency } from '../../../shared/money';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { getCollection, listDevices } from '../catalog';
import { getOrderStatus } from '../orders';
import { trackRepair } from '../repairs';
import { trackReturn } from '../returns';
import { getTradeInStatus } from '../trade-ins';
import { REPAIR_STATUS_LABELS } from '../../../shared/repairs';
import { RETURN_STATUS_LABELS } from '../../../shared/return-moves';
import { composeAnswer, type ChatFacts, type DeviceMatch } from './built-in';
import {
  findOrderNumber,
  findRepairNumber,
  findReturnNumber,
  findTransactionNumber,
  matchTopics,
  parseProductQuery,
  type ProductQuery,
} from './intents';
import { askModel } from './openrouter';

interface ChatLogger {
  warn(object: object, message: string): void;
}

/** Devices fetched per listing query before the price limits and the type narrow them down. */
const SEARCH_PAGE_SIZE = 60;

/** The devices a product question found; `namedModel` when they are the model the question named. */
interface DeviceSearch {
  matches: DeviceMatch[];
  namedModel: boolean;
}

/** True when every word of the model appears as a word of the device's name ("xps 13" in "Dell XPS 13 9310"). */
function namesModel(name: string, model: readonly string[]): boolean {
  const words = new Set(name.toLowerCase().split(/[\s()/,]+/));
  return model.every((word) => words.has(word));
}

/**
 * The devices a product question asks for, in stock, newest first (cheapest first when it asks for the
 * cheapest), at most five: the model it names
 * when there is one in stock, otherwise the brand, type and price it asks about.
 */
async function searchDevices({ db, query }: { db: Database; query: ProductQuery }): Promise<DeviceSearch> {
  const min = query.minPrice ?? 0;
  const max = query.maxPrice ?? Number.POSITIVE_INFINITY;
  let found: Device[];
  if (query.type !== null) {
    // Types outside the listing's category filter are served by their collection.
    const slug = (Object.keys(COLLECTIONS) as CollectionSlug[]).find(
      (s) => COLLECTIONS[s].types.length === 1 && COLLECTIONS[s].types[0] === query.type,
    );
    found = slug ? (await getCollection({ db, slug, query: { q: query.q, page: 1, pageSize: 100 } })).items : [];
  } else {
    // One listing query per price band the limits touch, so a cheap device is not lost behind newer dear ones.
    const bands = (Object.keys(PRICE_BANDS) as Exclude<PriceFilter, 'all'>[]).filter((band) => {
      const { min: low, max: high } = PRICE_BANDS[band];
      return (high === null || min < high) && low <= max;
    });
    const pages = await Promise.all(
      (query.minPrice === null && query.maxPrice === null ? (['all'] as const) : bands).map((price) =>
        listDevices({
          db,
          query: {
            q: query.q,
            category: query.category,
            brand: query.brand,
            price,
            sort: query.sort,
            page: 1,
            pageSize: SEARCH_PAGE_SIZE,
          },
        }),
      ),
    );
    found = pages.flatMap((page) => page.items);
  }
  // A search's devices come ranked (the best match first, catalog/search.ts); anything else newest first.
  const available = found
    .filter((d) => d.price >= min && d.price <= max)
    .filter((d) => query.brand === 'all' || d.brand.toLowerCase() === query.brand)
    .filter((d) => d.inStock && d.quantity > 0);
  if (query.sort === 'price-asc') available.sort((a, b) => a.price - b.price);
  else if (!query.q) available.sort((a, b) => b.addedDate.localeCompare(a.addedDate));
  const named = query.model.length > 0 ? available.filter((d) => namesModel(d.name, query.model)) : [];
  return {
    matches: (named.length > 0 ? named : available)
      .slice(0, CHAT_LIMITS.productMatches)
      .map((d) => ({ id: d.id, name: d.name, price: d.price, inStock: d.inStock })),
    namedModel: named.length > 0,
  };
}

/** Everything the store knows that bears on this message: topics, order and sale status, matching devices. */
async function gatherFacts({
  db,
  config,
  message,
}: {
  db: Database;
  config: Pick<Config, 'STORE_CURRENCY'>;
  message: string;
}): Promise<ChatFacts> {
  const topics = matchTopics(message);
  const orderNumber = findOrderNumber(message);
  const transactionNumber = findTransactionNumber(message);
  const repairNumber = findRepairNumber(message);
  const returnNumber = findReturnNumber(message);
  const numbered = orderNumber || transactionNumber || repairNumber || returnNumber;
  const productQuery = numbered ? null : parseProductQuery(message, topics);
  const [order, tradeIn, repair, tracked, search] = await Promise.all([
    orderNumber ? getOrderStatus({ db, orderNumber }) : null,
    transactionNumber ? getTradeInStatus({ db, transactionNumber }) : null,
    // A stranger's view, as for a return: status and dates.
    repairNumber ? trackRepair({ db, bookingNumber: repairNumber, viewerId: null }) : null,
    // A stranger's view: status and dates, never the request itself.
    returnNumber ? trackReturn({ db, config, returnNumber, access: null }) : null,
    productQuery ? searchDevices({ db, query: productQuery }) : null,
  ]);
  const last = tracked?.statusHistory.at(-1);
  return {
    topics,
    orderNumber,
    order,
    transactionNumber,
    tradeIn,
    repairNumber,
    repairBooking: repair
      ? { status: REPAIR_STATUS_LABELS[repair.status], updatedAt: repair.history.at(-1)?.date ?? repair.createdAt }
      : null,
    returnNumber,
    returnRequest: tracked
      ? { status: RETURN_STATUS_LABELS[tracked.status], updatedAt: last?.date ?? tracked.createdAt }
      : null,
    product: productQuery && search ? { query: productQuery, ...search } : null,
  };
}

/**
 * POST /api/chat: the built-in answer, or the language model's when OPENROUTER_API_KEY is set,
 * falling back to the built-in answer (with a warning) when the model fails or stays silent.
 */
export async function answerChat({
  db,
  config,
  message,
  context,
  log,
}: {
  db: Database;
  config: Pick<
    Config,
    | 'OPENROUTER_API_KEY'
    | 'OPENROUTER_BASE_URL'
    | 'OPENROUTER_MODEL'
    | 'OPENROUTER_TIMEOUT_MS'
    | 'PUBLIC_URL'
    | 'STORE_CURRENCY'
  >;
  message: string;
  context?: string;
  log: ChatLogger;
}): Promise<{ response: string }> {
  const currency: Currency = config.STORE_CURRENCY;
  const facts = await gatherFacts({ db, config, message });
  const builtIn = composeAnswer(message, facts, { currency });
  if (!config.OPENROUTER_API_KEY) return { response: builtIn };
  try {
    const response = await askModel({
      settings: {
        apiKey: config.OPENROUTER_API_KEY,
        baseUrl: config.OPENROUTER_BASE_URL,
        model: config.OPENROUTER_MODEL,
        timeoutMs: config.OPENROUTER_TIMEOUT_MS,
        publicUrl: config.PUBLIC_URL,
      },
      message,
      context,
      facts,
      currency,
    });
    return { response };
  } catch (error) {
    log.warn(
      { reason: error instanceof Error ? error.message : String(error) },
      'chat model failed; built-in answer used',
    );
    return { response: builtIn };
  }
}
