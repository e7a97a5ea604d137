import { and, count, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AGENT_PASSWORD,
  createAgent,
  newAddress,
  signedInAdmin,
  signInAs,
  signUpCustomer,
} from '../../../../tests/support/accounts';
import { expectError, expectFieldError } from '../../../../tests/support/errors';
import { send, useTestApp } from '../../../../tests/support/test-app';
import { insertTradeIn } from '../../../../tests/support/trade-ins';
import { auditLog, sessions, tradeIns, users } from '../../db/schema';

const t = useTestApp();
let admin: string;
// The admin types it: the words name the agent's username and email, not "your" email.
const CONTEXT_WORD =
  "Password must not contain QuickBuy, the agent's username or the part of the agent's email before the @";

beforeAll(async () => {
  admin = (await signedInAdmin(t)).cookie;
});

let n = 0;
const agentBody = (overrides: Record<string, unknown> = {}) => {
  n++;
  return {
    name: 'Naledi Mokoena',
    email: `naledi${n}@quickbuy.co.za`,
    phone: '+27 82 555 0101',
    role: 'Supervisor',
    username: `naledi.${n}`,
    password: 'Table-Mountain-9',
    ...overrides,
  };
};
const create = (body: unknown) => send(t.app, 'POST', '/api/admin/agents', { cookie: admin, body });

const tradeInFor = (agentId: string, status: string) => insertTradeIn(t, { agentId, status });

describe('POST /api/admin/agents', () => {
  it('creates an agent who can then sign in, and writes the audit log', async () => {
    const body = agentBody();
    const res = await create(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      name: 'Naledi Mokoena',
      role: 'Supervisor',
      status: 'active',
      username: body.username,
      email: body.email,
      phone: '+27 82 555 0101',
      assigned: 0,
      completed: 0,
      tradeIns: { assigned: 0, completed: 0 },
      pickups: { assigned: 0, completed: 0 },
      collections: { assigned: 0, completed: 0 },
      joinDate: expect.any(String),
    });
    const signIn = await send(t.app, 'POST', '/api/auth/agent/signin', {
      body: { username: body.username, password: body.password },
      headers: { 'x-forwarded-for': newAddress() },
    });
    expect(signIn.statusCode).toBe(200);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, res.json().id));
    expect(audit).toMatchObject({ action: 'agent.create', entityType: 'agent', after: { username: body.username } });
    expect(JSON.stringify(audit)).not.toContain(body.password);
  });

  it('refuses a username or email already taken, under the field, case-insensitively', async () => {
    const first = agentBody();
    await create(first);
    const sameUsername = await create(agentBody({ username: first.username.toUpperCase() }));
    expectFieldError(sameUsername, 409, 'USERNAME_TAKEN', 'username', 'This username is already taken');
    const sameEmail = await create(agentBody({ email: first.email.toUpperCase() }));
    expectFieldError(sameEmail, 409, 'EMAIL_TAKEN', 'email', 'An account with this email already exists');
  });

  it('refuses a short or common password and a missing field, creating nothing', async () => {
    const before = await t.db.select().from(users).where(eq(users.role, 'agent'));
    const short = await create(agentBody({ password: 'short' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toEqual({ password: 'Password must be at least 8 characters long' });
    const common = await create(agentBody({ password: 'password123' }));
    expectFieldError(common, 400, 'VALIDATION_FAILED', 'password', 'This password is too common: choose another');
    // The agent's email name (naledi of naledi7@...) and the store's name are the first guesses.
    for (const password of ['Naledi-2026!', 'QuickBuy-agent-1']) {
      expectFieldError(await create(agentBody({ password })), 400, 'VALIDATION_FAILED', 'password', CONTEXT_WORD);
    }
    const missing = await create(agentBody({ name: '', role: 'Boss' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({
      name: 'Full Name is required',
      role: 'Choose Agent, Senior Agent or Supervisor',
    });
    const after = await t.db.select().from(users).where(eq(users.role, 'agent'));
    expect(after).toHaveLength(before.length);
  });
});

describe('GET /api/admin/agents', () => {
  it("lists agents with assigned and completed counted as the agent's dashboard counts them", async () => {
    const agent = await createAgent(t);
    await tradeInFor(agent.id, 'Assigned to Agent');
    await tradeInFor(agent.id, 'Awaiting Offer');
    await tradeInFor(agent.id, 'Offer Made');
    await tradeInFor(agent.id, 'Paid');
    await tradeInFor(agent.id, 'Paid');
    const res = await send(t.app, 'GET', `/api/admin/agents?q=${agent.username}`, { cookie: admin });
    expect(res.statusCode).toBe(200);
    const card = res.json().items.find((a: { id: string }) => a.id === agent.id);
    expect(card).toMatchObject({
      name: 'Sarah Mitchell',
      role: 'Senior Agent',
      status: 'active',
      username: agent.username,
      // The two paid ones are finished: Assigned counts what is still open with the agent.
      assigned: 3,
      completed: 2,
      tradeIns: { assigned: 3, completed: 2 },
    });
  });

  it('pages newest first, searches name, username or email, and filters by status', async () => {
    const made: { id: string; username: string; email: string }[] = [];
    for (const name of ['Ayanda Pagetest', 'Bongani Pagetest', 'Chloe Pagetest']) {
      t.clock.advance(1000);
      made.push((await create(agentBody({ name }))).json());
    }
    const list = async (query: string) => {
      const res = await send(t.app, 'GET', `/api/admin/agents?${query}`, { cookie: admin });
      expect(res.statusCode).toBe(200);
      return res.json() as { items: { name: string; status: string }[]; total: number; page: number; pageSize: number };
    };
    const first = await list('q=pagetest&pageSize=2');
    expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.items.map((a) => a.name)).toEqual(['Chloe Pagetest', 'Bongani Pagetest']);
    expect((await list('q=PAGETEST&pageSize=2&page=2')).items.map((a) => a.name)).toEqual(['Ayanda Pagetest']);
    expect((await list(`q=${made[0]!.username}`)).items.map((a) => a.name)).toEqual(['Ayanda Pagetest']);
    expect((await list(`q=${made[1]!.email.toUpperCase()}`)).items.map((a) => a.name)).toEqual(['Bongani Pagetest']);

    await send(t.app, 'DELETE', `/api/admin/agents/${made[2]!.id}`, { cookie: admin });
    await createAgent(t, `pagetest.inactive.${n}`, 'inactive');
    const inactive = await list('q=pagetest&status=inactive');
    expect(inactive.items.map((a) => a.status)).toEqual(['inactive']);
    expect((await list('q=pagetest&status=active')).total).toBe(2);
  });

  it('refuses an unknown status or page size with 400', async () => {
    const status = await send(t.app, 'GET', '/api/admin/agents?status=away', { cookie: admin });
    expectFieldError(status, 400, 'VALIDATION_FAILED', 'status', 'Unknown agent status');
    const size = await send(t.app, 'GET', '/api/admin/agents?pageSize=500', { cookie: admin });
    expect(size.statusCode).toBe(400);
  });
});

describe('GET /api/admin/agents/active', () => {
  it('lists every active agent by name for the Assign dialog, however many pages the tab has', async () => {
    for (let i = 0; i < 21; i++) await createAgent(t, `assignable.${i}`);
    const away = await createAgent(t, 'assignable.away', 'inactive');
    const res = await send(t.app, 'GET', '/api/admin/agents/active', { cookie: admin });
    expect(res.statusCode).toBe(200);
    const items = (res.json() as { items: { id: string; name: string; role: string }[] }).items;
    const [activeCount] = await t.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, 'agent'), eq(users.status, 'active'), isNull(users.deletedAt)));
    expect(items).toHaveLength(Number(activeCount!.n));
    expect(items.length).toBeGreaterThan(20);
    expect(items.map((a) => a.id)).not.toContain(away.id);
    expect(items[0]).toEqual({ id: expect.any(String), name: expect.any(String), role: expect.any(String) });
    const names = items.map((a) => a.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});

describe('PATCH /api/admin/agents/:id', () => {
  it('edits every field, keeps the password when left blank, and audits before and after', async () => {
    const created = (await create(agentBody())).json();
    const body = agentBody({ name: 'Naledi M. Mokoena', role: 'Agent', password: '' });
    const res = await send(t.app, 'PATCH', `/api/admin/agents/${created.id}`, { cookie: admin, body });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Naledi M. Mokoena', role: 'Agent', username: body.username });
    const signIn = await send(t.app, 'POST', '/api/auth/agent/signin', {
      body: { username: body.username, password: 'Table-Mountain-9' },
      headers: { 'x-forwarded-for': newAddress() },
    });
    expect(signIn.statusCode).toBe(200);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'agent.update'));
    expect(audit).toMatchObject({ before: { role: 'Supervisor' }, after: { role: 'Agent' } });
  });

  it('sets a new password and ends the agent sessions', async () => {
    const agent = await createAgent(t);
    await signInAs(t, 'agent', agent.username!);
    const body = agentBody({ username: agent.username, email: agent.email, password: 'Lions-Head-2027' });
    const res = await send(t.app, 'PATCH', `/api/admin/agents/${agent.id}`, { cookie: admin, body });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, agent.id))).toHaveLength(0);
    const old = await send(t.app, 'POST', '/api/auth/agent/signin', {
      body: { username: agent.username, password: AGENT_PASSWORD },
      headers: { 'x-forwarded-for': newAddress() },
    });
    expect(old.statusCode).toBe(401);
  });

  it("refuses a new password holding the agent's username or QuickBuy, and keeps the old one", async () => {
    const agent = await createAgent(t, 'sibusiso.z');
    for (const password of ['Sibusiso-2027', 'qu1ckbuy-Cape-9']) {
      const body = agentBody({ username: agent.username, email: agent.email, password });
      const res = await send(t.app, 'PATCH', `/api/admin/agents/${agent.id}`, { cookie: admin, body });
      expectFieldError(res, 400, 'VALIDATION_FAILED', 'password', CONTEXT_WORD);
    }
    expect(await signInAs(t, 'agent', agent.username!)).toMatch(/^qb_session=/);
  });

  it('refuses another agent username with 409, and an unknown agent with 404', async () => {
    const a = await createAgent(t);
    const b = await createAgent(t);
    const body = agentBody({ username: a.username, password: '' });
    const res = await send(t.app, 'PATCH', `/api/admin/agents/${b.id}`, { cookie: admin, body });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toEqual({ username: 'This username is already taken' });
    const missing = await send(t.app, 'PATCH', '/api/admin/agents/00000000-0000-4000-8000-000000000000', {
      cookie: admin,
      body: agentBody({ password: '' }),
    });
    expectError(missing, 404, { code: 'AGENT_NOT_FOUND', message: 'Agent not found' });
  });
});

describe('DELETE /api/admin/agents/:id', () => {
  it('deactivates an agent with history, ends their sessions and keeps their trade-ins', async () => {
    const agent = await createAgent(t);
    await tradeInFor(agent.id, 'Paid');
    const cookie = await signInAs(t, 'agent', agent.username!);
    const res = await send(t.app, 'DELETE', `/api/admin/agents/${agent.id}`, { cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      outcome: 'deactivated',
      message: 'Agent deactivated: their history is kept and their sessions ended',
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, agent.id));
    expect(row!.status).toBe('inactive');
    expect((await send(t.app, 'GET', '/api/agent/profile', { cookie })).statusCode).toBe(401);
    const held = await t.db.select().from(tradeIns).where(eq(tradeIns.agentId, agent.id));
    expect(held).toHaveLength(1);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'agent.deactivate'));
    expect(audit).toMatchObject({ entityId: agent.id, after: { status: 'inactive' } });
  });

  it("counts an agent's own audited action as history: a profile change keeps them, deactivated", async () => {
    const agent = await createAgent(t);
    const cookie = await signInAs(t, 'agent', agent.username!);
    const edit = await send(t.app, 'PUT', '/api/account/profile', {
      cookie,
      body: { name: 'Sarah M. Mitchell', email: agent.email },
    });
    expect(edit.statusCode).toBe(200);
    const [own] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, agent.id), eq(auditLog.action, 'profile.update')));
    expect(own).toMatchObject({ action: 'profile.update', after: { name: 'Sarah M. Mitchell' } });
    const res = await send(t.app, 'DELETE', `/api/admin/agents/${agent.id}`, { cookie: admin });
    expect(res.json().outcome).toBe('deactivated');
  });

  it('removes an agent without history', async () => {
    const agent = await createAgent(t);
    const res = await send(t.app, 'DELETE', `/api/admin/agents/${agent.id}`, { cookie: admin });
    expect(res.json()).toEqual({ outcome: 'deleted', message: 'Agent deleted successfully' });
    expect(await t.db.select().from(users).where(eq(users.id, agent.id))).toHaveLength(0);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'agent.delete'), eq(auditLog.entityId, agent.id)));
    expect(audit).toMatchObject({ before: { username: agent.username } });
  });

  it('answers 404 for an unknown agent and for a customer id', async () => {
    const shopper = await signUpCustomer(t);
    for (const id of ['not-a-uuid', shopper.user.id]) {
      const res = await send(t.app, 'DELETE', `/api/admin/agents/${id}`, { cookie: admin });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'AGENT_NOT_FOUND', message: 'Agent not found' } });
    }
    expect(await t.db.select().from(users).where(eq(users.id, shopper.user.id))).toHaveLength(1);
  });
});
