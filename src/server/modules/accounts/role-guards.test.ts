import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { send, useTestApp } from '../../../../tests/support/test-app';
import {
  createAdmin,
  createAgent,
  passwordStep,
  sessionCookie,
  signInAs,
  signUpCustomer,
} from '../../../../tests/support/accounts';
import { apiRouteTable, registerRouteConfigCheck } from '../../lib/route-config';

const t = useTestApp();
const WHO = ['anonymous', 'customer', 'agent', 'admin'] as const;
let cookies: Record<(typeof WHO)[number], string | undefined>;

beforeAll(async () => {
  const agent = await createAgent(t);
  const admin = await createAdmin(t);
  cookies = {
    anonymous: undefined,
    customer: (await signUpCustomer(t)).cookie,
    agent: await signInAs(t, 'agent', agent.username!),
    admin: await signInAs(t, 'admin', admin.email),
  };
});

/** A concrete URL for a route pattern: parameters filled with something plausible. */
const concrete = (url: string) => url.replace(/:(\w+)/g, 'TXN1700000000000123').replace(/\*$/, 'x');
/** The same URL with its first segment percent-encoded, which the router decodes and matches. */
const encoded = (url: string) => url.replace(/^\/api\//, '/%61pi/');
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe('every /api route declares who may call it', () => {
  it('lists the whole table, public and guarded routes alike', () => {
    const urls = apiRouteTable(t.app).map((r) => `${r.method} ${r.url}`);
    expect(urls).toContain('GET /api/agent/profile');
    expect(urls).toContain('GET /api/admin/me');
    expect(urls).toContain('POST /api/checkout');
    expect(urls).toContain('GET /api/health');
  });

  it('refuses to start with a route that declares nothing, or an admin route open to another role', async () => {
    const app = Fastify();
    registerRouteConfigCheck(app);
    expect(() => app.get('/api/forgotten', async () => ({}))).toThrow(
      "GET /api/forgotten declares no config.access ('public' or the roles allowed)",
    );
    expect(() => app.get('/api/admin/open', { config: { access: 'public' } }, async () => ({}))).toThrow(
      'GET /api/admin/open is under /api/admin/ and must allow only the admin role',
    );
    expect(() => app.get('/api/agent/x', { config: { access: ['agent', 'customer'] } }, async () => ({}))).toThrow(
      'GET /api/agent/x is under /api/agent/ and must allow only the agent role',
    );
    await app.close();
  });
});

describe('the role guard, decided by the matched route', () => {
  it('answers 401 to anonymous callers and 403 to other roles on every guarded route, plain or encoded', async () => {
    const guarded = apiRouteTable(t.app).filter((r) => r.access !== 'public' && r.method !== 'HEAD');
    expect(guarded.length).toBeGreaterThanOrEqual(10);
    for (const route of guarded) {
      const method = route.method as Method;
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      for (const url of [concrete(route.url), encoded(concrete(route.url))]) {
        for (const who of WHO) {
          const res = await send(t.app, method, url, { cookie: cookies[who], body });
          const label = `${who} ${method} ${url}`;
          if (who === 'anonymous') {
            expect(res.statusCode, label).toBe(401);
            expect(res.json().error, label).toEqual({ code: 'UNAUTHORIZED', message: 'Please sign in' });
          } else if (!(route.access as readonly string[]).includes(who)) {
            expect(res.statusCode, label).toBe(403);
            expect(res.json().error, label).toEqual({ code: 'FORBIDDEN', message: 'You do not have access to this' });
          } else {
            expect([401, 403], label).not.toContain(res.statusCode);
          }
        }
      }
    }
  });

  it('lets a staff session waiting for its second factor reach that step only: 401 MFA_REQUIRED elsewhere', async () => {
    const pending = {
      agent: sessionCookie(await passwordStep(t, 'agent', (await createAgent(t)).username!)),
      admin: sessionCookie(await passwordStep(t, 'admin', (await createAdmin(t)).email)),
    };
    const guarded = apiRouteTable(t.app).filter((r) => r.access !== 'public' && r.method !== 'HEAD');
    for (const route of guarded) {
      const method = route.method as Method;
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      for (const [who, cookie] of Object.entries(pending)) {
        const res = await send(t.app, method, encoded(concrete(route.url)), { cookie, body });
        const label = `pending ${who} ${method} ${route.url}`;
        if (route.url.startsWith('/api/auth/mfa/')) {
          expect(res.json().error?.code, label).not.toBe('MFA_REQUIRED');
        } else {
          expect(res.statusCode, label).toBe(401);
          expect(res.json().error, label).toEqual({
            code: 'MFA_REQUIRED',
            message: 'Enter the code from your authenticator app to finish signing in',
          });
        }
      }
    }
  });

  it('gives the right role a 2xx on the portal endpoints', async () => {
    const profile = await send(t.app, 'GET', '/api/agent/profile', { cookie: cookies.agent });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ role: 'agent', name: 'Sarah Mitchell' });
    const adminMe = await send(t.app, 'GET', '/%61pi/admin/me', { cookie: cookies.admin });
    expect(adminMe.statusCode).toBe(200);
    expect(adminMe.json().user.role).toBe('admin');
  });

  it('answers 404 for a path no route matches, whoever asks', async () => {
    for (const url of ['/api/admin/no-such-thing', '/api/agent']) {
      const res = await send(t.app, 'GET', url, { cookie: cookies.customer });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('keeps public routes public', async () => {
    expect((await send(t.app, 'GET', '/api/health')).statusCode).toBe(200);
    expect((await send(t.app, 'GET', '/%61pi/health')).statusCode).toBe(200);
  });
});

describe('the CSRF guard, decided by the matched route', () => {
  it('refuses every state-changing route without the QuickBuy header, plain or encoded', async () => {
    const changing = apiRouteTable(t.app).filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method));
    expect(changing.length).toBeGreaterThanOrEqual(15);
    for (const route of changing.filter((r) => r.csrf)) {
      for (const url of [concrete(route.url), encoded(concrete(route.url))]) {
        const res = await t.app.inject({
          method: route.method as Method,
          url,
          payload: {},
          headers: { cookie: cookies.admin ?? '' },
        });
        expect(res.statusCode, `${route.method} ${url}`).toBe(403);
        expect(res.json().error, `${route.method} ${url}`).toEqual({
          code: 'CSRF_HEADER_MISSING',
          message: 'This request must come from the QuickBuy website',
        });
      }
    }
  });

  it('exempts only the signed payment webhook, which proves itself by its signature', () => {
    const exempt = apiRouteTable(t.app).filter((r) => !r.csrf);
    expect(exempt.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/payments/webhooks/paystack']);
  });

  it('signs nobody out from another site: POST /%61pi/auth/signout without the header changes nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/%61pi/auth/signout',
      headers: { cookie: cookies.customer! },
    });
    expect(res.statusCode).toBe(403);
    const me = await send(t.app, 'GET', '/api/auth/me', { cookie: cookies.customer });
    expect(me.json().user.role).toBe('customer');
  });
});
