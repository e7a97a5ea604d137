import { beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, tradeIns, users } from './db/schema';
import { seedTradeInQuotes } from './seed/trade-in-quotes';
import { signedInAdmin, signupBody } from '../../tests/support/accounts';
import { expectError } from '../../tests/support/errors';
import { sellForm } from '../../tests/support/sell-form';
import { send, useTestApp } from '../../tests/support/test-app';

// PostgreSQL refuses NUL in text: before these rules, a NUL in any text field, query or path
// parameter reached a query and answered 500. Every one is now a 400 VALIDATION_FAILED, nothing stored.

const t = useTestApp();
beforeAll(async () => {
  await seedTradeInQuotes(t.db);
});
const rows = async () => ({
  tradeIns: (await t.db.select({ id: tradeIns.id }).from(tradeIns)).length,
  users: (await t.db.select({ id: users.id }).from(users)).length,
  messages: (await t.db.select({ id: contactMessages.id }).from(contactMessages)).length,
});
const refused = (field: string, message: string, form = true) => ({
  code: 'VALIDATION_FAILED',
  message: form ? message : `${field}: ${message}`,
  fields: { [field]: message },
});

describe('control characters in form fields', () => {
  it('refuses a NUL in a sell form field, and a line break in its one-line model, storing nothing', async () => {
    const before = await rows();
    for (const model of ['iPhone\u0000 13', 'iPhone\n13', 'iPhone\u007f13']) {
      const res = await send(t.app, 'POST', '/api/trade-ins', { body: sellForm({ model }) });
      expectError(res, 400, refused('model', 'Model must not contain control characters'));
    }
    const res = await send(t.app, 'POST', '/api/trade-ins', { body: sellForm({ color: '\u0000' }) });
    expectError(res, 400, refused('color', 'Color must not contain control characters'));
    expect(await rows()).toEqual(before);
  });

  it('keeps tabs and line breaks in a multi-line field (the description), but not a NUL', async () => {
    const lines = await send(t.app, 'POST', '/api/trade-ins', {
      body: sellForm({ description: 'Scratch on the back\r\nBattery\tweak' }),
    });
    expect(lines.statusCode).toBe(201);
    const nul = await send(t.app, 'POST', '/api/trade-ins', { body: sellForm({ description: 'Scratch\u0000' }) });
    expectError(nul, 400, refused('description', 'Description must not contain control characters'));
  });

  it('refuses a NUL in a sign-up name, creating no account', async () => {
    const before = await rows();
    const res = await send(t.app, 'POST', '/api/auth/signup', { body: signupBody({ firstName: 'Tha\u0000ndi' }) });
    expectError(res, 400, refused('firstName', 'First name must not contain control characters'));
    expect(await rows()).toEqual(before);
  });

  it('refuses DEL in a contact message name, storing no message', async () => {
    const before = await rows();
    const res = await send(t.app, 'POST', '/api/contact', {
      body: { name: 'Lindiwe\u007f', email: 'lindiwe@example.com', subject: 'Hello', message: 'Hi' },
    });
    expectError(res, 400, refused('name', 'Full name must not contain control characters', false));
    expect(await rows()).toEqual(before);
  });

  it('refuses a NUL in any other string a payload carries (a payment reference)', async () => {
    const res = await send(t.app, 'POST', '/api/payments/verify', { body: { reference: 'QB-\u0000' } });
    expectError(res, 400, refused('reference', 'Must not contain control characters', false));
  });
});

describe('control characters in queries and paths', () => {
  it('refuses a NUL in the catalog search', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/devices?q=phone%00' });
    expectError(res, 400, refused('q', 'Search must not contain control characters', false));
  });

  it('refuses a NUL in an admin list search', async () => {
    const { cookie } = await signedInAdmin(t);
    for (const list of ['trade-ins', 'orders', 'devices', 'agents']) {
      const res = await send(t.app, 'GET', `/api/admin/${list}?q=%00`, { cookie });
      expectError(res, 400, refused('q', 'Search must not contain control characters', false));
    }
  });

  it('refuses a NUL in a reference number path: /api/track, /api/repairs, /api/orders', async () => {
    for (const [url, param] of [
      ['/api/track/TXN%00', 'number'],
      ['/api/repairs/REP-%00', 'bookingNumber'],
      ['/api/orders/ORD-2026-%00', 'orderNumber'],
      ['/api/devices/%01', 'id'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url: url! });
      expectError(res, 400, refused(param!, 'Must not contain control characters', false));
    }
  });
});
