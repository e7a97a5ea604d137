import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '../../db/schema';
import { emailsTo, outgoingEmail } from '../../../../tests/support/mail';
import { createTestApp, send, testConfig, type TestApp } from '../../../../tests/support/test-app';
import { signUpCustomer } from '../../../../tests/support/accounts';
import { enqueueEmail } from './enqueue';
import { BLANKED_BODY, MAX_ATTEMPTS, sendDueEmails, startOutboxSender } from './sender';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives; `reject` makes it refuse mail. */
async function startSmtp() {
  const received: Received[] = [];
  const state = { reject: false };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (state.reject) return callback(new Error('Mailbox unavailable'));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    state,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'QuickBuy <orders@quickbuy.test>' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('enqueueEmail', () => {
  it('ignores a second email with the same dedupe key', async () => {
    const first = await enqueueEmail(t.db, outgoingEmail({ dedupeKey: 'order:ORD-1' }));
    const second = await enqueueEmail(t.db, outgoingEmail({ dedupeKey: 'order:ORD-1', subject: 'Again' }));
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    expect(await t.db.select().from(outboxEmails).where(eq(outboxEmails.dedupeKey, 'order:ORD-1'))).toHaveLength(1);
  });

  it("is written or dropped with the caller's transaction", async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueEmail(tx, outgoingEmail({ dedupeKey: 'rolled-back' }));
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await t.db.select().from(outboxEmails).where(eq(outboxEmails.dedupeKey, 'rolled-back'))).toHaveLength(0);
  });
});

describe('sendDueEmails', () => {
  it('delivers the password reset email over SMTP and marks it sent', async () => {
    const { email: to } = await signUpCustomer(t);
    await sendDueEmails({ db: t.db, config: t.config, clock: t.clock }); // the sign-up's own link
    const inbox = () => smtp.received.filter((m) => m.to.includes(to));
    const before = inbox().length;
    await send(t.app, 'POST', '/api/auth/forgot-password', { body: { email: to } });
    const result = await sendDueEmails({ db: t.db, config: t.config, clock: t.clock });
    expect(result.sent).toBeGreaterThanOrEqual(1);
    const [message, ...more] = inbox().slice(before);
    expect(more).toEqual([]);
    expect(message!.from).toBe('orders@quickbuy.test');
    expect(message!.raw).toContain('Subject: Reset your QuickBuy password');
    expect(message!.raw).toMatch(/reset-password\?token=/);
    const [row] = await emailsTo(t, to, 'password_reset');
    // The reset link was a secret: once delivered, the outbox keeps only who, what and when.
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 1,
      kind: 'password_reset',
      containsSecret: true,
      entityType: 'user',
      html: BLANKED_BODY,
      text: BLANKED_BODY,
    });
    // Nothing is sent twice.
    const again = await sendDueEmails({ db: t.db, config: t.config, clock: t.clock });
    expect(inbox()).toHaveLength(before + 1);
    expect(again.sent).toBe(0);
  });

  it('retries with exponential backoff and marks the email failed after 8 attempts', async () => {
    const to = 'bounce@example.co.za';
    await enqueueEmail(t.db, outgoingEmail({ to }), t.clock.now());
    smtp.state.reject = true;
    try {
      const delays: number[] = [];
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        await sendDueEmails({ db: t.db, config: t.config, clock: t.clock });
        const [row] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));
        expect(row!.attempts).toBe(attempt);
        expect(row!.lastError).toContain('Mailbox unavailable');
        if (attempt < MAX_ATTEMPTS) {
          expect(row!.status).toBe('pending');
          const delay = row!.nextAttemptAt.getTime() - t.clock.now().getTime();
          delays.push(delay);
          // Not due before its time.
          await sendDueEmails({ db: t.db, config: t.config, clock: t.clock });
          expect((await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, to)))[0]!.attempts).toBe(attempt);
          t.clock.advance(delay);
        } else {
          expect(row!.status).toBe('failed');
        }
      }
      expect(delays.slice(0, 4)).toEqual([30_000, 60_000, 120_000, 240_000]);
    } finally {
      smtp.state.reject = false;
    }
  });

  it('never sends one email twice when two senders run at once', async () => {
    const before = smtp.received.length;
    for (let i = 0; i < 5; i++)
      await enqueueEmail(t.db, outgoingEmail({ to: `many${i}@example.co.za` }), t.clock.now());
    const [a, b] = await Promise.all([
      sendDueEmails({ db: t.db, config: t.config, clock: t.clock }),
      sendDueEmails({ db: t.db, config: t.config, clock: t.clock }),
    ]);
    expect(a.sent + b.sent).toBe(5);
    expect(smtp.received.length - before).toBe(5);
  });

  it('does nothing without SMTP_URL: the mail stays readable in the outbox', async () => {
    const config = testConfig();
    await enqueueEmail(t.db, outgoingEmail({ to: 'kept@example.co.za' }), t.clock.now());
    expect(await sendDueEmails({ db: t.db, config, clock: t.clock })).toEqual({ sent: 0, failed: 0 });
    const [row] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'kept@example.co.za'));
    expect(row!.status).toBe('pending');
    const sender = startOutboxSender({
      db: t.db,
      config,
      clock: t.clock,
      log: { info: () => undefined, warn: () => undefined },
    });
    await sender.stop();
  });
});

describe('startOutboxSender', () => {
  it('sends due emails in the background and stops cleanly', async () => {
    await enqueueEmail(t.db, outgoingEmail({ to: 'background@example.co.za' }), t.clock.now());
    const sender = startOutboxSender({
      db: t.db,
      config: t.config,
      clock: t.clock,
      log: { info: () => undefined, warn: () => undefined },
      intervalMs: 50,
    });
    try {
      await expect
        .poll(() => smtp.received.some((m) => m.to.includes('background@example.co.za')), { timeout: 5000 })
        .toBe(true);
    } finally {
      await sender.stop();
    }
  });
});
