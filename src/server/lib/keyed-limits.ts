import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../shared/errors';
import { AppError } from './errors';

/**
 * A limit on the requests that name one thing (an order number, an email), from whatever address:
 * the per-address limit (`config.rateLimit`) stops one client scanning many numbers, this stops
 * many clients working on one number.
 */
export interface KeyedLimit {
  /** Where the request names the thing: a path parameter, or a field of its JSON body. */
  from: 'params' | 'body';
  name: string;
  max: number;
  timeWindow: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Limits counted per thing the request names, on top of the per-address `rateLimit`. */
    keyedLimits?: readonly KeyedLimit[];
  }
}

/** Lookups of one reference number a route answers, whoever asks: far above what its owner needs. */
export const REFERENCE_LIMIT = { max: 30, timeWindow: '10 minutes' } as const;

/** The limit on one reference number in a path parameter (`/api/track/:number`). */
export const perReference = (param: string): KeyedLimit => ({ from: 'params', name: param, ...REFERENCE_LIMIT });

/** The limit on one reference number in a body field (`{ reference }`). */
export const perReferenceField = (field: string): KeyedLimit => ({ from: 'body', name: field, ...REFERENCE_LIMIT });

/**
 * Where a route's keyed limits are counted, with its per-address limit in the same moment: as soon as the
 * route is known when they name path parameters, once the body is read when one names a body field.
 * A route with keyed limits declares its per-address limit's `hook` as this says (checked at start-up).
 */
export const countedAt = (limits: readonly KeyedLimit[]): 'onRequest' | 'preHandler' =>
  limits.some((limit) => limit.from === 'body') ? 'preHandler' : 'onRequest';

/**
 * The config of a public route that looks something up by a reference number: `perAddress` requests
 * from one client, and REFERENCE_LIMIT lookups of one reference (`reference`) from any.
 */
export function referenceLookup(reference: KeyedLimit, perAddress: { max: number; timeWindow: string }) {
  const rateLimit = { ...perAddress, hook: countedAt([reference]) };
  return { config: { access: 'public', rateLimit, keyedLimits: [reference] } } as const;
}

/**
 * The config of a GET that shows a record, by the reference in its path `param`, to whoever may open it (an
 * order, an unpaid checkout, a return request): referenceLookup at 60 a minute from one client, and the reply
 * never cached anywhere, a 404 included, since what it shows depends on who asks.
 */
export function privateLookup(param: string) {
  const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'private, no-store');
  };
  return { ...referenceLookup(perReference(param), { max: 60, timeWindow: '1 minute' }), onRequest: noStore };
}

/** What the request names, the same however it is spelt; undefined when it names nothing. */
function keyOf(limit: KeyedLimit, request: FastifyRequest): string | undefined {
  const source = (limit.from === 'params' ? request.params : request.body) as Record<string, unknown> | null;
  const value = source?.[limit.name];
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  // Longer than any reference or email: the rest cannot make another key.
  return value.trim().toUpperCase().slice(0, 300);
}

const tooMany = (reply: FastifyReply, seconds: number) => {
  reply.header('retry-after', seconds);
  return new AppError(ERROR_CODES.rateLimited, `Too many requests: try again in ${seconds} seconds`, { status: 429 });
};

/**
 * Applies every route's `config.keyedLimits` through the rate-limit plugin's own store: shared by every
 * instance on PostgreSQL (lib/rate-limit-store.ts), in memory on PGlite. A request's keyed counts start
 * just before the plugin counts its per-address limit, in the same hook (`countedAt`), and are settled
 * just after it: all of a request's counts are asked in one moment, so the shared store counts them in
 * one statement, one round trip, instead of one after the other (docs/decisions/065).
 * Register after @fastify/rate-limit (its hook must already be on the route) and before the routes.
 */
export function registerKeyedLimits(app: FastifyInstance) {
  // One counter per path and limit: a GET and the HEAD Fastify adds beside it count together.
  const counters = new Map<string, ReturnType<FastifyInstance['createRateLimit']>>();
  const counterOf = (url: string, limit: KeyedLimit) => {
    // The path and the limit in the key too: a shared store keeps one key space for every route.
    const prefix = `${url} ${limit.from}.${limit.name}:`;
    let counter = counters.get(prefix);
    if (!counter) {
      counter = app.createRateLimit({
        max: limit.max,
        timeWindow: limit.timeWindow,
        keyGenerator: (request) => prefix + keyOf(limit, request),
      });
      counters.set(prefix, counter);
    }
    return counter;
  };
  type Counted = Awaited<ReturnType<ReturnType<typeof counterOf>>>;
  const started = new WeakMap<FastifyRequest, Promise<Counted[]>>();

  app.addHook('onRoute', (route) => {
    const limits = route.config?.keyedLimits;
    if (!limits?.length) return;
    const at = countedAt(limits);
    const perAddressAt = route.config?.rateLimit ? (route.config.rateLimit.hook ?? 'onRequest') : at;
    if (perAddressAt !== at) {
      throw new Error(`${route.url}: its keyed limits are counted in ${at}: give its rateLimit hook: '${at}'`);
    }
    const checks = limits.map((limit) => ({ limit, check: counterOf(route.url, limit) }));
    const start = async (request: FastifyRequest) => {
      const counting = Promise.all(
        checks.filter(({ limit }) => keyOf(limit, request) !== undefined).map(({ check }) => check(request)),
      );
      // Settled below unless the per-address limit refuses first; then nobody waits for it.
      counting.catch(() => undefined);
      started.set(request, counting);
    };
    const settle = async (request: FastifyRequest, reply: FastifyReply) => {
      for (const counted of (await started.get(request)) ?? []) {
        if (!counted.isAllowed && counted.isExceeded) throw tooMany(reply, counted.ttlInSeconds);
      }
    };
    const existing = [route[at] ?? []].flat();
    route[at] = [start, ...existing, settle] as typeof existing;
  });
}
