import type { APIRequestContext } from '@playwright/test';
import { expect, placePaidOrder, test } from './fixtures';

// What a load balancer and Prometheus read of a running store. The stop under
// SIGTERM is the process test's (src/server/main.test.ts): this server is the other specs' too.

// Prometheus reads from this machine, not through the proxy the other tests speak through.
test.use({ viewport: { width: 1280, height: 800 }, extraHTTPHeaders: {} });

/** One series' value in the store's Prometheus text (0 when it has not been counted yet). */
async function metric(request: APIRequestContext, series: string): Promise<number> {
  const response = await request.get('/metrics');
  expect(response.status()).toBe(200);
  const line = (await response.text()).split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

test('a load balancer asks whether the store is alive and ready', async ({ request }) => {
  const alive = await request.get('/api/health');
  expect(alive.status()).toBe(200);
  expect(await alive.json()).toEqual({ status: 'ok' });
  const ready = await request.get('/api/health/ready');
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: 'ready', database: 'ok' });
  expect(ready.headers()['cache-control']).toBe('no-store');
});

test('Prometheus on this machine reads the pages served and the orders paid; a forwarded request reads nothing', async ({
  page,
  request,
  api,
  makeDevice,
}) => {
  const pages = 'quickbuy_http_request_duration_seconds_count{method="GET",route="(pages and 404)",status_code="200"}';
  const pagesBefore = await metric(request, pages);
  const paidBefore = await metric(request, 'quickbuy_orders_paid_total');

  await page.goto('/buy');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await placePaidOrder(api, await makeDevice());

  expect(await metric(request, pages)).toBeGreaterThan(pagesBefore);
  expect(await metric(request, 'quickbuy_orders_paid_total')).toBeGreaterThan(paidBefore);
  const text = await (await request.get('/metrics')).text();
  for (const name of [
    'quickbuy_held_units',
    'quickbuy_outbox_emails',
    'quickbuy_db_pool_connections',
    'nodejs_eventloop_lag_seconds',
  ]) {
    expect(text).toContain(`# TYPE ${name} `);
  }

  // The same request through a proxy on this machine is the outside world's: off without METRICS_TOKEN.
  const forwarded = await request.get('/metrics', { headers: { 'x-forwarded-for': '203.0.113.9' } });
  expect(forwarded.status()).toBe(404);
});
