import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { checkout, paid, placed, verify } from '../../../../tests/support/checkout';
import { insertDevices } from '../../../../tests/support/devices';
import { expectError } from '../../../../tests/support/errors';
import { createTestApp, useTestApp } from '../../../../tests/support/test-app';

const t = useTestApp();

const OUTSIDE = '203.0.113.9';
const TOKEN = 'scrape-token-0123456789';

const scrape = (app: FastifyInstance, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  app.inject({ method: 'GET', url: '/metrics', ...options });

/** The value of one series in Prometheus text ('name{labels}' as written, or a bare name), or undefined. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function metrics(): Promise<string> {
  const res = await scrape(t.app);
  expect(res.statusCode).toBe(200);
  return res.body;
}

describe('GET /metrics: who may read it', () => {
  it('answers this machine itself in Prometheus text, never cached', async () => {
    const res = await scrape(t.app);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    for (const name of [
      'quickbuy_http_request_duration_seconds',
      'quickbuy_orders_paid_total',
      'quickbuy_checkout_refusals_total',
      'quickbuy_outbox_emails',
      'quickbuy_held_units',
      'quickbuy_db_pool_connections',
      'quickbuy_db_pool_waiting_queries',
      'nodejs_eventloop_lag_seconds',
      'process_cpu_seconds_total',
    ]) {
      expect(res.body, name).toContain(`# TYPE ${name} `);
    }
  });

  it('is off (404) for another machine when METRICS_TOKEN is unset, and for a proxy forwarding one from loopback', async () => {
    const message = 'Metrics are served to this machine only: set METRICS_TOKEN to read them from elsewhere';
    expectError(await scrape(t.app, { remoteAddress: OUTSIDE }), 404, { code: 'NOT_FOUND', message });
    // A load balancer on this machine connects from 127.0.0.1 but names the client it forwards.
    expectError(await scrape(t.app, { headers: { 'x-forwarded-for': '127.0.0.1' } }), 404, {
      code: 'NOT_FOUND',
      message,
    });
    expectError(await scrape(t.app, { headers: { forwarded: 'for=198.51.100.7' } }), 404, {
      code: 'NOT_FOUND',
      message,
    });
  });

  it('with METRICS_TOKEN set, answers another machine presenting it as a bearer token, 401 otherwise', async () => {
    const own = await createTestApp({ METRICS_TOKEN: TOKEN });
    try {
      const unauthorized = { code: 'UNAUTHORIZED', message: 'Metrics need the bearer token METRICS_TOKEN' };
      const none = await scrape(own.app, { remoteAddress: OUTSIDE });
      expectError(none, 401, unauthorized);
      expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      for (const authorization of [`Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN, 'Bearer ']) {
        expectError(await scrape(own.app, { remoteAddress: OUTSIDE, headers: { authorization } }), 401, unauthorized);
      }
      const good = await scrape(own.app, { remoteAddress: OUTSIDE, headers: { authorization: `Bearer ${TOKEN}` } });
      expect(good.statusCode).toBe(200);
      expect(good.body).toContain('quickbuy_orders_paid_total');
      // Through a proxy on this machine, the token too.
      const proxied = await scrape(own.app, { headers: { 'x-forwarded-for': OUTSIDE } });
      expect(proxied.statusCode).toBe(401);
      expect((await scrape(own.app)).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe('GET /metrics: what it counts', () => {
  it('labels requests by route pattern and status, never by the raw URL', async () => {
    await t.app.inject({ method: 'GET', url: '/api/checkout/ORD-2026-123456' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-route/ORD-2026-123456' });
    const text = await metrics();
    expect(
      value(
        text,
        'quickbuy_http_request_duration_seconds_count{method="GET",route="/api/checkout/:orderNumber",status_code="404"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      value(
        text,
        'quickbuy_http_request_duration_seconds_count{method="GET",route="(pages and 404)",status_code="404"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('123456');
  });

  it("writes each series as a Prometheus histogram: cumulative buckets, +Inf equal to _count, the replies' time in _sum", async () => {
    const series = 'method="GET",route="/api/health",status_code="200"';
    const count = (text: string) => value(text, `quickbuy_http_request_duration_seconds_count{${series}}`) ?? 0;
    const before = count(await metrics());
    for (let i = 0; i < 3; i++)
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const text = await metrics();
    expect(text).toContain('# TYPE quickbuy_http_request_duration_seconds histogram\n');
    expect(count(text)).toBe(before + 3);
    const bounds = ['0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10', '+Inf'];
    const buckets = bounds.map((le) =>
      value(text, `quickbuy_http_request_duration_seconds_bucket{${series},le="${le}"}`),
    );
    buckets.forEach((n, i) => {
      expect(n, `le=${bounds[i]}`).toBeTypeOf('number');
      if (i > 0)
        expect(n!, `le=${bounds[i]} holds what le=${bounds[i - 1]} does`).toBeGreaterThanOrEqual(buckets[i - 1]!);
    });
    expect(buckets.at(-1)).toBe(count(text));
    expect(value(text, `quickbuy_http_request_duration_seconds_sum{${series}}`)).toBeGreaterThan(0);
  });

  it('counts a paid order once, and the units held and the emails queued while it is unpaid and once paid', async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 5 }]);
    const before = await metrics();
    const paidBefore = value(before, 'quickbuy_orders_paid_total')!;
    const heldBefore = value(before, 'quickbuy_held_units')!;
    const pendingBefore = value(before, 'quickbuy_outbox_emails{status="pending"}')!;

    const order = await placed(t, [{ deviceId: device!.id, quantity: 2 }]);
    expect(value(await metrics(), 'quickbuy_held_units')).toBe(heldBefore + 2);

    await paid(t, [{ deviceId: device!.id, quantity: 1 }]);
    await verify(t, order.payment.reference); // not charged: still awaiting payment, nothing counted
    const after = await metrics();
    expect(value(after, 'quickbuy_orders_paid_total')).toBe(paidBefore + 1);
    expect(value(after, 'quickbuy_held_units')).toBe(heldBefore + 2);
    // The paid order's confirmation waits in the outbox (no SMTP_URL in tests).
    expect(value(after, 'quickbuy_outbox_emails{status="pending"}')).toBe(pendingBefore + 1);
    expect(value(after, 'quickbuy_outbox_emails{status="failed"}')).toBe(0);
  });

  it('does not count a paid order again when its payment is verified again', async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
    const order = await paid(t, [{ deviceId: device!.id, quantity: 1 }]);
    const once = value(await metrics(), 'quickbuy_orders_paid_total')!;
    expect((await verify(t, order.payment.reference)).json().status).toBe('paid');
    expect(value(await metrics(), 'quickbuy_orders_paid_total')).toBe(once);
  });

  it('counts refused checkouts by the code of the refusal', async () => {
    const [device] = await insertDevices(t.db, [{ quantity: 1 }]);
    const refusals = (text: string, reason: string) =>
      value(text, `quickbuy_checkout_refusals_total{reason="${reason}"}`) ?? 0;
    const before = await metrics();
    expect((await checkout(t, [{ deviceId: device!.id, quantity: 2 }])).statusCode).toBe(409);
    expect((await checkout(t, [{ deviceId: device!.id, quantity: 1 }], { extra: { items: [] } })).statusCode).toBe(400);
    const after = await metrics();
    expect(refusals(after, 'OUT_OF_STOCK')).toBe(refusals(before, 'OUT_OF_STOCK') + 1);
    expect(refusals(after, 'VALIDATION_FAILED')).toBe(refusals(before, 'VALIDATION_FAILED') + 1);
  });

  it('counts the rate limit refusing a checkout as RATE_LIMITED', async () => {
    const address = '10.99.0.1';
    let status = 0;
    for (let i = 0; i < 31 && status !== 429; i++) {
      status = (await checkout(t, [], { address })).statusCode;
    }
    expect(status).toBe(429);
    expect(value(await metrics(), 'quickbuy_checkout_refusals_total{reason="RATE_LIMITED"}')).toBe(1);
  });

  it('reports the database pool: PGlite as its one connection, PostgreSQL as the pool of 10', async () => {
    const text = await metrics();
    const total = value(text, 'quickbuy_db_pool_connections{state="total"}')!;
    const max = value(text, 'quickbuy_db_pool_connections{state="max"}');
    expect(max).toBe(t.database.url ? 10 : 1);
    expect(total).toBeGreaterThanOrEqual(1);
    expect(total).toBeLessThanOrEqual(max!);
    expect(value(text, 'quickbuy_db_pool_waiting_queries')).toBe(0);
  });
});
