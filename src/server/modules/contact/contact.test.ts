import { describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema';
import { expectError, storingNothing } from '../../../../tests/support/errors';
import { send, useTestApp } from '../../../../tests/support/test-app';

const t = useTestApp();

const valid = {
  name: 'Thandi Nkosi',
  email: 'thandi@example.co.za',
  phone: '+27 82 000 0000',
  subject: 'Warranty question',
  message: 'Is the battery covered?',
  inquiryType: 'warranty',
};

describe('POST /api/contact', () => {
  it('stores a valid message', async () => {
    const res = await send(t.app, 'POST', '/api/contact', { body: valid });
    expect(res.statusCode).toBe(201);
    const rows = await t.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Thandi Nkosi', inquiryType: 'warranty', subject: 'Warranty question' });
  });

  it('names every missing required field and stores nothing', async () => {
    const res = await storingNothing(t, contactMessages, () =>
      send(t.app, 'POST', '/api/contact', { body: { name: ' ', email: 'nope', subject: '', message: '' } }),
    );
    expectError(res, 400, {
      code: 'VALIDATION_FAILED',
      message: 'Some fields are not valid',
      fields: {
        name: 'Full name is required',
        email: 'Enter a valid email address',
        subject: 'Subject is required',
        message: 'Message is required',
      },
    });
  });

  it('rejects an inquiry type outside the six', async () => {
    const res = await send(t.app, 'POST', '/api/contact', { body: { ...valid, inquiryType: 'complaint' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ inquiryType: 'Choose an inquiry type from the list' });
  });

  it('refuses a request without the QuickBuy header and stores nothing', async () => {
    const res = await storingNothing(t, contactMessages, () =>
      t.app.inject({ method: 'POST', url: '/api/contact', payload: valid }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_HEADER_MISSING');
  });

  it('throttles by the address the proxy saw, whatever the client wrote before it in X-Forwarded-For', async () => {
    const from = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i}, 10.9.9.9` });
    for (let i = 1; i <= 10; i++) {
      expect((await send(t.app, 'POST', '/api/contact', { body: valid, headers: from(i) })).statusCode).toBe(201);
    }
    const res = await send(t.app, 'POST', '/api/contact', { body: valid, headers: from(11) });
    expect(res.statusCode).toBe(429);
    const other = await send(t.app, 'POST', '/api/contact', {
      body: valid,
      headers: { 'x-forwarded-for': '10.9.9.10' },
    });
    expect(other.statusCode).toBe(201);
  });
});

describe('POST /contact (the form posted without JavaScript)', () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const post = (payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/contact',
      payload,
      headers: {
        host: 'shop.test',
        origin: 'http://shop.test',
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
        ...headers,
      },
    });
  const count = async () => (await t.db.select().from(contactMessages)).length;

  it('stores the message through the same schema and redirects to the page with a notice', async () => {
    const before = await count();
    const res = await post(form({ ...valid, subject: 'Posted without JavaScript', phone: '' }));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/contact?notice=sent');
    const rows = await t.db.select().from(contactMessages);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ subject: 'Posted without JavaScript', inquiryType: 'warranty', phone: '' });
  });

  it('redirects with the unsent notice and stores nothing when a field is refused', async () => {
    const before = await count();
    const res = await post(form({ ...valid, email: 'nope' }));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/contact?notice=unsent');
    expect(await count()).toBe(before);
  });

  it.each([
    ['another site', { origin: 'https://evil.example' }],
    ['no Origin', { origin: '' }],
    ['a cross-site fetch', { 'sec-fetch-site': 'cross-site' }],
    // The test app trusts one proxy hop, as behind nginx: Fastify's request.host would be this header.
    [
      'another site naming itself in X-Forwarded-Host',
      { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' },
    ],
  ])('refuses a post from %s and stores nothing', async (_case, headers) => {
    const before = await count();
    const res = await post(form(valid), headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_HEADER_MISSING');
    expect(await count()).toBe(before);
  });
});
