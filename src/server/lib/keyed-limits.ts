import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
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
 * The config of a public route that looks something up by a reference number: `perAddress` requests
 * from one client, and REFERENCE_LIMIT lookups of one reference (`reference`) from any.
 */
export function referenceLookup(reference: KeyedLimit, perAddress: { max: number; timeWindow: string }) {
  return { config: { access: 'public', rateLimit: perAddress, keyedLimits: [reference] } } as const;
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
 * Applies every route's `config.keyedLimits` (after the body is parsed, before the handler), through
 * the rate-limit plugin's own store: shared by every instance on PostgreSQL (lib/rate-limit-store.ts),
 * in memory on PGlite. Register after @fastify/rate-limit and before the routes.
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
  app.addHook('onRoute', (route) => {
    const limits = route.config?.keyedLimits;
    if (!limits?.length) return;
    const checks = limits.map((limit) => ({ limit, check: counterOf(route.url, limit) }));
    const hook: preHandlerAsyncHookHandler = async (request, reply) => {
      for (const { limit, check } of checks) {
        if (keyOf(limit, request) === undefined) continue;
        const counted = await check(request);
        if (!counted.isAllowed && counted.isExceeded) throw tooMany(reply, counted.ttlInSeconds);
      }
    };
    const existing = route.preHandler;
    route.preHandler = existing ? [...(Array.isArray(existing) ? existing : [existing]), hook] : [hook];
  });
}
