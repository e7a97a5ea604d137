import { createServer } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInKeys } from './modules/accounts/sign-in-limit';
import { customer } from '../../tests/support/checkout';
import { insertDevices } from '../../tests/support/devices';
import { OUR_PAGE, useTestApp } from '../../tests/support/test-app';

// One IPv6 subscriber holds a whole /64 and may use any address in it: every per-address limit
// counts by clientKey (an IPv6 address's /64), or each client would have billions of budgets.

/** Whether this machine can listen on the IPv6 loopback (some containers have no IPv6 at all). */
const hasIpv6Loopback = await new Promise<boolean>((resolve) => {
  const probe = createServer();
  probe.once('error', () => resolve(false));
  probe.listen(0, '::1', () => probe.close(() => resolve(true)));
});
const NO_IPV6 = 'this machine has no IPv6 loopback (::1) to listen on';

describe('a real server on ::1 behind a trusted proxy', () => {
  const t = useTestApp({ TRUST_PROXY: '::1' });
  let origin = '';
  const post = async (path: string, client: string, body: unknown) => {
    const res = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { ...OUR_PAGE, 'content-type': 'application/json', 'x-forwarded-for': client },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { error?: { code: string } } };
  };

  beforeAll(async () => {
    if (!hasIpv6Loopback) return;
    await t.app.listen({ host: '::1', port: 0 });
    origin = `http://[::1]:${(t.app.server.address() as { port: number }).port}`;
  });

  it('gives two addresses of one IPv6 /64 one rate-limit budget, and another /64 its own', async ({ skip }) => {
    if (!hasIpv6Loopback) skip(NO_IPV6);
    // POST /api/contact takes 10 a minute per client; an empty form is refused (400) but still counts.
    const contact = async (client: string) => (await post('/api/contact', client, {})).status;
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(await contact('2001:db8:1:2::1'), await contact('2001:db8:1:2::ffff'));
    }
    expect(statuses).toEqual(Array(10).fill(400));
    expect(await contact('2001:db8:1:2::1')).toBe(429);
    expect(await contact('2001:db8:1:2:abcd:ef01:2345:6789')).toBe(429);
    expect(await contact('2001:db8:1:3::1')).toBe(400);
  });

  it('gives two addresses of one IPv6 /64 one budget of units held unpaid, and another /64 its own', async ({
    skip,
  }) => {
    if (!hasIpv6Loopback) skip(NO_IPV6);
    const [a, b] = await insertDevices(t.db, [
      { brand: 'Samsung', model: 'Galaxy A54', quantity: 20 },
      { brand: 'Samsung', model: 'Galaxy A55', quantity: 20 },
    ]);
    const hold = (deviceId: string, quantity: number, client: string) =>
      post('/api/checkout', client, { items: [{ deviceId, quantity }], customer: customer() });
    expect((await hold(a!.id, 5, '2001:db8:7:1::1')).status).toBe(201);
    expect((await hold(b!.id, 5, '2001:db8:7:1::2')).status).toBe(201);
    const over = await hold(a!.id, 1, '2001:db8:7:1::3');
    expect([over.status, over.body.error?.code]).toEqual([429, 'HOLD_LIMIT']);
    expect((await hold(a!.id, 5, '2001:db8:7:2::1')).status).toBe(201);
  });
});

describe('sign-in attempts', () => {
  it('count two addresses of one /64 under one key, and an IPv4-mapped address as its IPv4 form', () => {
    const key = (address: string) => signInKeys('customer', 'thandi@example.co.za', address).address;
    expect(key('2001:db8:1:2::1')).toBe(key('2001:db8:1:2::ffff'));
    expect(key('2001:db8:1:2::1')).not.toBe(key('2001:db8:1:3::1'));
    expect(key('::ffff:203.0.113.7')).toBe(key('203.0.113.7'));
  });
});
