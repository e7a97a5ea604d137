import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, send, type TestApp } from '../../../../tests/support/test-app';
import { ROLE_PREFIXES, routeTable } from './guard';
import { createAdmin, createAgent, signInAs, signUpCustomer } from '../../../../tests/support/accounts';

let t: TestApp;
let cookies: Record<'anonymous' | 'customer' | 'agent' | 'admin', string | undefined>;

beforeAll(async () => {
  t = await createTestApp();
  const agent = await createAgent(t);
  const admin = await createAdmin(t);
  cookies = {
    anonymous: undefined,
    customer: (await signUpCustomer(t)).cookie,
    agent: await signInAs(t, 'agent', agent.username!),
    admin: await signInAs(t, 'admin', admin.email),
  };
});
afterAll(() => t.close());

/** A concrete URL for a route pattern: parameters filled with something plausible. */
const concrete = (url: string) => url.replace(/:(\w+)/g, 'TXN1700000000000123').replace(/\*$/, 'x');

describe('the role guards over the whole route table', () => {
  it('see every /api/agent and /api/admin route, including the ones this issue adds', () => {
    const urls = routeTable(t.app).map((r) => r.url);
    expect(urls).toContain('/api/agent/profile');
    expect(urls).toContain('/api/admin/me');
    expect(urls).toContain('/api/health');
  });

  it('answer 401 to anonymous callers and 403 to the wrong role on every guarded route, and let the right role through', async () => {
    const guarded = routeTable(t.app).filter(
      (r) => r.method !== 'HEAD' && ROLE_PREFIXES.some((p) => r.url === p.prefix || r.url.startsWith(`${p.prefix}/`)),
    );
    expect(guarded.length).toBeGreaterThanOrEqual(2);
    for (const route of guarded) {
      const owner = route.url.startsWith('/api/agent') ? 'agent' : 'admin';
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      for (const who of ['anonymous', 'customer', 'agent', 'admin'] as const) {
        const res = await send(t.app, method, concrete(route.url), { cookie: cookies[who], body });
        const label = `${who} ${route.method} ${route.url}`;
        if (who === 'anonymous') {
          expect(res.statusCode, label).toBe(401);
          expect(res.json().error, label).toEqual({ code: 'UNAUTHORIZED', message: 'Please sign in' });
        } else if (who !== owner) {
          expect(res.statusCode, label).toBe(403);
          expect(res.json().error, label).toEqual({ code: 'FORBIDDEN', message: 'You do not have access to this' });
        } else {
          expect([401, 403], label).not.toContain(res.statusCode);
        }
      }
    }
  });

  it('give the right role a 2xx on the minimal endpoints', async () => {
    const profile = await send(t.app, 'GET', '/api/agent/profile', { cookie: cookies.agent });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ role: 'agent', name: 'Sarah Mitchell' });
    const adminMe = await send(t.app, 'GET', '/api/admin/me', { cookie: cookies.admin });
    expect(adminMe.statusCode).toBe(200);
    expect(adminMe.json().user.role).toBe('admin');
  });

  it('also guard paths no route matches, and encoded spellings of the prefixes', async () => {
    for (const url of ['/api/admin/no-such-thing', '/api/%61dmin/me', '/api/agent']) {
      const res = await send(t.app, 'GET', url, { cookie: cookies.customer });
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('keep public routes public', async () => {
    const res = await send(t.app, 'GET', '/api/health');
    expect(res.statusCode).toBe(200);
  });
});
