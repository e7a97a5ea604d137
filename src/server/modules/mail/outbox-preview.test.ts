import { beforeAll, describe, expect, it } from 'vitest';
import type { OutboxEmailDetails, OutboxListReply } from '../../../shared/admin';
import { signedInAdmin } from '../../../../tests/support/accounts';
import { outgoingEmail } from '../../../../tests/support/mail';
import { send, useTestApp, type TestApp } from '../../../../tests/support/test-app';
import { WITHHELD_BODY } from './admin-outbox';
import { enqueueEmail } from './enqueue';
import { localPreview } from './sender';

// A developer's store (no SMTP_URL, PUBLIC_URL on this machine) shows each email whole: the only way to follow
// an emailed link there. Every other store withholds a queued secret (docs/decisions/054).

const SECRET_LINK = 'http://localhost:3000/order-confirmation/ORD-2026-000001?token=secret-token';

/** A queued order confirmation (a secret link) as the admin's outbox shows it, and the list's flag. */
async function viewedByAdmin(t: TestApp) {
  const { cookie } = await signedInAdmin(t);
  const queued = await enqueueEmail(
    t.db,
    outgoingEmail({ text: `View your order: ${SECRET_LINK}`, containsSecret: true }),
  );
  const list = (await send(t.app, 'GET', '/api/admin/outbox', { cookie })).json() as OutboxListReply;
  const email = (await send(t.app, 'GET', `/api/admin/outbox/${queued!.id}`, { cookie })).json() as OutboxEmailDetails;
  return { list, email };
}

describe('a store on localhost without SMTP_URL', () => {
  const t = useTestApp({ PUBLIC_URL: 'http://localhost:3000', SMTP_URL: undefined });
  let seen: Awaited<ReturnType<typeof viewedByAdmin>>;
  beforeAll(async () => {
    seen = await viewedByAdmin(t);
  });

  it('shows a queued email whole, secret link included', () => {
    expect(seen.email.text).toBe(`View your order: ${SECRET_LINK}`);
    expect(seen.email.html).toBe('<p>Thanks</p>');
  });

  it('tells the Outbox tab that it is a local preview', () => {
    expect(seen.list.localPreview).toBe(true);
  });
});

describe.each([
  ['a public address without SMTP_URL', { PUBLIC_URL: 'http://shop.example.co.za', SMTP_URL: undefined }],
  ['localhost with SMTP_URL', { PUBLIC_URL: 'http://localhost:3000', SMTP_URL: 'smtp://127.0.0.1:1' }],
])('%s', (_name, env) => {
  const t = useTestApp(env);

  it('withholds a queued secret and says nothing of a preview', async () => {
    const { list, email } = await viewedByAdmin(t);
    expect(email.text).toBe(WITHHELD_BODY);
    expect(email.html).toBe(WITHHELD_BODY);
    expect(list.localPreview).toBe(false);
  });
});

describe('localPreview', () => {
  it('is on for this machine by any of its names, only without SMTP_URL', () => {
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000']) {
      expect(localPreview({ PUBLIC_URL: url, SMTP_URL: undefined }), url).toBe(true);
      expect(localPreview({ PUBLIC_URL: url, SMTP_URL: 'smtp://mail:25' }), url).toBe(false);
    }
    for (const url of ['https://quickbuy.co.za', 'http://localhost.example.com', 'http://192.168.1.10:3000']) {
      expect(localPreview({ PUBLIC_URL: url, SMTP_URL: undefined }), url).toBe(false);
    }
  });
});
