import Fastify, { type FastifyInstance } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { afterEach, describe, expect, it } from 'vitest';
import { countedAt, perReference, perReferenceField, registerKeyedLimits, REFERENCE_LIMIT } from './keyed-limits';
import { registerErrorHandler } from './errors';
import { rateLimitStore } from './rate-limit-store';

// The keyed limits on a bare Fastify with the rate-limit plugin counting in memory, as on PGlite: when they
// are counted, and that a route declares its per-address limit where they are.

let app: FastifyInstance;
afterEach(() => app?.close());

async function appWith(route: (app: FastifyInstance) => void) {
  app = Fastify();
  registerErrorHandler(app);
  await app.register(fastifyRateLimit, { global: false, store: rateLimitStore(app.log) });
  registerKeyedLimits(app);
  route(app);
  await app.ready();
  return app;
}

describe('keyed limits', () => {
  it('are counted as the route is known when they name path parameters, once the body is read otherwise', () => {
    expect(countedAt([perReference('number')])).toBe('onRequest');
    expect(countedAt([perReference('number'), perReferenceField('email')])).toBe('preHandler');
  });

  it('refuse, at start-up, a route whose per-address limit is counted elsewhere than its keyed limits', async () => {
    await expect(
      appWith((app) =>
        app.post(
          '/api/lookup',
          { config: { rateLimit: { max: 5, timeWindow: '1 minute' }, keyedLimits: [perReferenceField('reference')] } },
          async () => ({ ok: true }),
        ),
      ),
    ).rejects.toThrow("/api/lookup: its keyed limits are counted in preHandler: give its rateLimit hook: 'preHandler'");
  });

  it('refuse one reference past its limit from many addresses, with the per-address limit in the same hook', async () => {
    await appWith((app) =>
      app.post(
        '/api/lookup',
        {
          config: {
            rateLimit: { max: 100, timeWindow: '1 minute', hook: 'preHandler' },
            keyedLimits: [perReferenceField('reference')],
          },
        },
        async () => ({ ok: true }),
      ),
    );
    const ask = (reference: string, i: number) =>
      app.inject({ method: 'POST', url: '/api/lookup', remoteAddress: `127.9.0.${i}`, payload: { reference } });
    for (let i = 0; i < REFERENCE_LIMIT.max; i++) expect((await ask('QB-1', i)).statusCode).toBe(200);
    const refused = await ask('qb-1 ', 200);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ask('QB-2', 201)).statusCode).toBe(200);
  });
});
