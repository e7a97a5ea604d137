import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, OutboxEmailDetails, OutboxEmailSummary } from '../../../shared/admin';
import type { PagedReply } from '../../../shared/paging';
import { auditLog, outboxEmails } from '../../db/schema';
import { signedInAdmin } from '../../../../tests/support/accounts';
import { expectError, expectFieldError } from '../../../../tests/support/errors';
import { outgoingEmail } from '../../../../tests/support/mail';
import { send, useTestApp } from '../../../../tests/support/test-app';
import { recordAudit } from '../audit';
import { enqueueEmail } from './enqueue';
import { BLANKED_BODY, sendDueEmails } from './sender';

const t = useTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
let cookie: string;
let adminEmail: string;
beforeAll(async () => {
  ({ email: adminEmail, cookie } = await signedInAdmin(t));
});

describe('GET /api/admin/outbox', () => {
  it('lists emails newest first, searched by recipient, subject or kind and filtered by status', async () => {
    await enqueueEmail(t.db, outgoingEmail({ to: 'older@example.co.za' }), new Date('2026-11-20T10:00:00Z'));
    await enqueueEmail(
      t.db,
      outgoingEmail({ to: 'newer@example.co.za', kind: 'order_cancelled' }),
      new Date('2026-11-21T10:00:00Z'),
    );
    const res = await send(t.app, 'GET', '/api/admin/outbox?q=er@example', { cookie });
    expect(res.statusCode).toBe(200);
    const body = res.json() as PagedReply<OutboxEmailSummary>;
    expect(body.items.map((e) => e.to)).toEqual(['newer@example.co.za', 'older@example.co.za']);
    expect(body.items[0]).toMatchObject({ kind: 'order_cancelled', status: 'pending', attempts: 0, lastError: null });
    expect(body.items[0]).not.toHaveProperty('html');
    const kind = (await send(t.app, 'GET', '/api/admin/outbox?q=cancelled', { cookie })).json();
    expect(kind.total).toBe(1);
    const failed = (await send(t.app, 'GET', '/api/admin/outbox?status=failed', { cookie })).json();
    expect(failed.total).toBe(0);
  });

  it('refuses an unknown status', async () => {
    const res = await send(t.app, 'GET', '/api/admin/outbox?status=lost', { cookie });
    expectFieldError(res, 400, 'VALIDATION_FAILED', 'status', 'Unknown email status');
  });
});

describe('GET /api/admin/outbox/:id', () => {
  it('shows the body of an ordinary email', async () => {
    const queued = await enqueueEmail(t.db, outgoingEmail({ text: 'Your order is confirmed' }));
    const res = await send(t.app, 'GET', `/api/admin/outbox/${queued!.id}`, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ text: 'Your order is confirmed', html: '<p>Thanks</p>' });
  });

  it('withholds a queued secret and shows it blanked once delivered', async () => {
    const secret = outgoingEmail({
      kind: 'password_reset',
      text: 'https://x/reset-password?token=abc',
      containsSecret: true,
    });
    const queued = await enqueueEmail(t.db, secret, t.clock.now());
    const before = (
      await send(t.app, 'GET', `/api/admin/outbox/${queued!.id}`, { cookie })
    ).json() as OutboxEmailDetails;
    expect(before.text).toBe('[withheld: this email carries a secret link for its recipient only]');
    const sent: string[] = [];
    const transport = { sendMail: async (m: { text: string }) => void sent.push(m.text) };
    await sendDueEmails({ db: t.db, config: t.config, clock: t.clock, transport: transport as never });
    expect(sent).toContain('https://x/reset-password?token=abc');
    const [row] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.id, queued!.id));
    expect(row!.text).toBe(BLANKED_BODY);
    const after = (
      await send(t.app, 'GET', `/api/admin/outbox/${queued!.id}`, { cookie })
    ).json() as OutboxEmailDetails;
    expect(after).toMatchObject({ status: 'sent', text: BLANKED_BODY });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await send(t.app, 'GET', `/api/admin/outbox/${id}`, { cookie });
      expectError(res, 404, { code: 'EMAIL_NOT_FOUND', message: 'Email not found' });
    }
  });
});

describe('POST /api/admin/outbox/:id/resend', () => {
  it('queues a failed email again with fresh attempts and audits it', async () => {
    const queued = await enqueueEmail(t.db, outgoingEmail());
    await t.db
      .update(outboxEmails)
      .set({ status: 'failed', attempts: 8, lastError: 'Connection refused' })
      .where(eq(outboxEmails.id, queued!.id));
    const res = await send(t.app, 'POST', `/api/admin/outbox/${queued!.id}/resend`, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Email queued to send again',
      email: { status: 'pending', attempts: 0, lastError: null },
    });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, queued!.id));
    expect(entry).toMatchObject({ action: 'email.resend', before: { status: 'failed' }, after: { status: 'pending' } });
  });

  it('refuses an email that did not fail with 409', async () => {
    const queued = await enqueueEmail(t.db, outgoingEmail());
    const res = await send(t.app, 'POST', `/api/admin/outbox/${queued!.id}/resend`, { cookie });
    expectError(res, 409, {
      code: 'EMAIL_NOT_FAILED',
      message: 'This email is pending; only a failed email can be sent again',
    });
  });
});

describe('GET /api/admin/audit', () => {
  it('lists staff actions newest first with who, role, target, before and after, filterable', async () => {
    const queued = await enqueueEmail(t.db, outgoingEmail());
    await t.db.update(outboxEmails).set({ status: 'failed' }).where(eq(outboxEmails.id, queued!.id));
    t.clock.advance(1000);
    await send(t.app, 'POST', `/api/admin/outbox/${queued!.id}/resend`, {
      cookie,
      headers: { 'x-forwarded-for': '10.9.9.9' },
    });
    const res = await send(t.app, 'GET', `/api/admin/audit?target=${queued!.id}`, { cookie });
    expect(res.statusCode).toBe(200);
    const body = res.json() as PagedReply<AuditEntry>;
    expect(body.total).toBe(1);
    expect(body.items[0]).toMatchObject({
      actor: { email: adminEmail, role: 'admin' },
      action: 'email.resend',
      target: { type: 'email', id: queued!.id },
      before: { status: 'failed' },
      after: { status: 'pending' },
    });
    const byAction = (await send(t.app, 'GET', '/api/admin/audit?action=email', { cookie })).json();
    expect(byAction.items.every((e: AuditEntry) => e.action.startsWith('email.'))).toBe(true);
    expect((await send(t.app, 'GET', '/api/admin/audit?action=emai', { cookie })).json().total).toBe(0);
    const byPerson = (
      await send(t.app, 'GET', `/api/admin/audit?person=${adminEmail.toUpperCase()}`, { cookie })
    ).json();
    expect(byPerson.total).toBeGreaterThan(0);
    expect((await send(t.app, 'GET', '/api/admin/audit?person=nobody-at-all', { cookie })).json().total).toBe(0);
  });

  it('names an actor without an account: a guest by their email proof, the operator by the command line', async () => {
    for (const role of ['customer', 'admin'] as const) {
      await recordAudit(t.db, {
        actor: { id: null, role },
        action: 'test.no_account',
        entity: { type: 'test', id: `no-account-${role}` },
        at: t.clock.now(),
      });
    }
    const body = (await send(t.app, 'GET', '/api/admin/audit?action=test.no_account', { cookie })).json();
    expect(body.items.map((e: AuditEntry) => [e.actor.role, e.actor.who]).sort()).toEqual([
      ['admin', 'Operator (command line)'],
      ['customer', 'Guest (email proof)'],
    ]);
    const staff = (await send(t.app, 'GET', '/api/admin/audit?action=email', { cookie })).json();
    expect(staff.items.every((e: AuditEntry) => e.actor.who === adminEmail || e.actor.who === e.actor.name)).toBe(true);
  });

  it('refuses a raw UPDATE or DELETE of an entry in the database itself: the log is append-only', async () => {
    await recordAudit(t.db, {
      actor: { id: null, role: 'admin' },
      action: 'test.append_only',
      entity: { type: 'test', id: 'append-only' },
      at: t.clock.now(),
    });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'test.append_only'));
    const refusal = (error: unknown) => /audit_log is append-only/.test(String((error as Error).cause ?? error));
    await expect(
      t.db.update(auditLog).set({ action: 'test.tampered' }).where(eq(auditLog.id, entry!.id)),
    ).rejects.toSatisfy(refusal);
    await expect(t.db.delete(auditLog).where(eq(auditLog.id, entry!.id))).rejects.toSatisfy(refusal);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.id, entry!.id))).toEqual([entry]);
  });

  it('has no route that edits or deletes an entry', async () => {
    for (const method of ['PATCH', 'DELETE', 'PUT'] as const) {
      expect((await send(t.app, method, '/api/admin/audit', { cookie, body: {} })).statusCode).toBe(404);
    }
  });
});
