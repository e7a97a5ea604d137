import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeAll, expect } from 'vitest';
import { returnRequests } from '../../src/server/db/schema';
import type { ReturnRequestView } from '../../src/shared/returns';
import { createAgent, CUSTOMER_PASSWORD, newAddress, sessionCookie, signedInAdmin, signInAs } from './accounts';
import { deliveredOrder, freshSlot, openReturn, returnBody } from './returns';
import { send, useTestApp } from './test-app';

/** When the test clock starts, and where each test leaves it. */
export const START = new Date('2026-11-22T10:00:00Z');
export const DAY = 86_400_000;

/**
 * A store for one test file about returns and its returns desk: the admin and an agent signed in, the clock put
 * back at START after each test, and the steps a request goes through as the staff and the customer take them.
 */
export function useReturnsDesk() {
  const t = useTestApp({ ADMIN_NOTIFY_EMAIL: 'returns-desk@quickbuy.test' });
  // Filled in before the first test, as `t` is: the tests read them once it has run.
  const admin = {} as { cookie: string; id: string };
  const agent = {} as { id: string; cookie: string };
  beforeAll(async () => {
    Object.assign(admin, await signedInAdmin(t));
    const row = await createAgent(t);
    Object.assign(agent, { id: row.id, cookie: await signInAs(t, 'agent', row.username!) });
  });
  afterEach(() => t.clock.set(START));

  const adminPost = (number: string, move: string, body: unknown = {}) =>
    send(t.app, 'POST', `/api/admin/returns/${number}/${move}`, { cookie: admin.cookie, body });
  const agentPost = (number: string, move: string, body: unknown = {}, cookie = agent.cookie) =>
    send(t.app, 'POST', `/api/agent/returns/${number}/${move}`, { cookie, body });

  /** A delivered order and a request opened on it by the placing browser. */
  async function opened(options: Parameters<typeof deliveredOrder>[2] = {}, units = 1) {
    const order = await deliveredOrder(t, admin, options);
    const res = await openReturn(
      t,
      returnBody(t.clock.now(), {
        orderNumber: order.orderNumber,
        items: [{ deviceId: order.deviceIds[0]!, quantity: units }],
      }),
      { token: order.accessToken },
    );
    expect(res.statusCode, res.body).toBe(201);
    return { order, request: res.json() as ReturnRequestView };
  }

  /** Approved, scheduled with the agent, collected and inspected. */
  async function inspected(number: string, sellable = true) {
    expect((await adminPost(number, 'approve')).statusCode).toBe(200);
    const slot = freshSlot(t.clock.now());
    const scheduled = await adminPost(number, 'schedule', { agentId: agent.id, ...slot });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect((await agentPost(number, 'collect')).statusCode).toBe(200);
    const res = await agentPost(number, 'inspect', {
      conditionFound: sellable ? 'Like new' : 'Damaged',
      sellable,
      notes: sellable ? 'No fault found; boxed' : 'Cracked housing',
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** A customer's session from a sign-in now (the clock may have moved past their first one). */
  async function signIn(email: string) {
    const res = await send(t.app, 'POST', '/api/auth/signin', {
      body: { email, password: CUSTOMER_PASSWORD },
      headers: { 'x-forwarded-for': newAddress() },
    });
    expect(res.statusCode, res.body).toBe(200);
    return sessionCookie(res);
  }

  const rowOf = async (number: string) =>
    (await t.db.select().from(returnRequests).where(eq(returnRequests.returnNumber, number)))[0]!;

  return { t, admin, agent, adminPost, agentPost, opened, inspected, signIn, rowOf };
}

/** A small PNG as the picker sends it. */
export async function photoDataUrl() {
  const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#b91c1c' } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}
