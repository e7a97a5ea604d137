import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { images, orders, outboxEmails, passwordResets, paymentDetails, sessions, users } from '../../db/schema';
import { expectError, expectFieldError } from '../../../../tests/support/errors';
import { emailedTokens, emailsTo, linkToken } from '../../../../tests/support/mail';
import { send, useTestApp } from '../../../../tests/support/test-app';
import {
  AGENT_PASSWORD,
  changeEmail,
  CUSTOMER_PASSWORD,
  createAgent,
  me,
  newAddress,
  signIn,
  signInAs,
  signUpCustomer,
} from '../../../../tests/support/accounts';

const t = useTestApp({ PUBLIC_URL: 'http://shop.quickbuy.test' });

const CONTEXT_WORD = 'Password must not contain QuickBuy or the part of your email before the @';

describe('POST /api/account/password', () => {
  const change = (cookie: string | undefined, body: Record<string, string>) =>
    send(t.app, 'POST', '/api/account/password', { cookie, body });

  it("changes the password: 'Password changed successfully!', the old one stops working, other sessions end", async () => {
    const { cookie, email } = await signUpCustomer(t);
    const other = await signIn(t, email, CUSTOMER_PASSWORD);
    const otherCookie = `qb_session=${other.cookies.find((c) => c.name === 'qb_session')!.value}`;
    const res = await change(cookie, {
      currentPassword: CUSTOMER_PASSWORD,
      newPassword: 'Signal-hill-2026',
      confirmPassword: 'Signal-hill-2026',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password changed successfully!' });
    expect(await me(t, cookie)).not.toBeNull();
    expect(await me(t, otherCookie)).toBeNull();
    expect((await signIn(t, email, CUSTOMER_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(t, email, 'Signal-hill-2026')).statusCode).toBe(200);
  });

  it("checks the current password: 400 'Current password is incorrect'", async () => {
    const { cookie } = await signUpCustomer(t);
    const res = await change(cookie, {
      currentPassword: 'Not-my-password',
      newPassword: 'Signal-hill-2026',
      confirmPassword: 'Signal-hill-2026',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Current password is incorrect');
  });

  it('is throttled like sign-in: a session guessing the current password gets 429 after 10 failures', async () => {
    const { cookie } = await signUpCustomer(t);
    const address = newAddress();
    for (let i = 0; i < 10; i++) {
      const res = await send(t.app, 'POST', '/api/account/password', {
        cookie,
        body: {
          currentPassword: `Guess-${i}-password`,
          newPassword: 'Brand-new-pass-2026',
          confirmPassword: 'Brand-new-pass-2026',
        },
        headers: { 'x-forwarded-for': address },
      });
      expect(res.statusCode).toBe(400);
    }
    const res = await send(t.app, 'POST', '/api/account/password', {
      cookie,
      body: {
        currentPassword: CUSTOMER_PASSWORD,
        newPassword: 'Brand-new-pass-2026',
        confirmPassword: 'Brand-new-pass-2026',
      },
      headers: { 'x-forwarded-for': address },
    });
    expectError(res, 429, {
      code: 'RATE_LIMITED',
      message: 'Too many sign-in attempts. Please try again in 15 minutes.',
    });
  });

  it('refuses a mismatch, anything under 8 characters (one message, as sign-up and reset) and a common password', async () => {
    const { cookie } = await signUpCustomer(t);
    const cases: [Record<string, string>, string][] = [
      [{ newPassword: 'Signal-hill-2026', confirmPassword: 'Signal-hill-2027' }, 'New passwords do not match'],
      [{ newPassword: 'abc', confirmPassword: 'abc' }, 'Password must be at least 8 characters long'],
      [{ newPassword: 'abcdefg', confirmPassword: 'abcdefg' }, 'Password must be at least 8 characters long'],
      [{ newPassword: 'iloveyou', confirmPassword: 'iloveyou' }, 'This password is too common: choose another'],
    ];
    for (const [body, message] of cases) {
      const res = await change(cookie, { currentPassword: CUSTOMER_PASSWORD, ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
  });

  it("refuses QuickBuy, the store's domain name, the email's name and a staff member's username in the new password", async () => {
    const { cookie } = await signUpCustomer(t, { email: 'zanele.dube@example.co.za' });
    const agent = await createAgent(t, 'kagiso.m');
    const agentCookie = await signInAs(t, 'agent', agent.username!);
    const cases: [string, string, string][] = [
      [cookie, CUSTOMER_PASSWORD, 'QuickBuy-2026'],
      [cookie, CUSTOMER_PASSWORD, 'Zanele-1990!'],
      [cookie, CUSTOMER_PASSWORD, 'Dub3-and-more'],
      [agentCookie, AGENT_PASSWORD, 'Kagiso-pass-1'],
    ];
    for (const [who, currentPassword, newPassword] of cases) {
      const res = await change(who, { currentPassword, newPassword, confirmPassword: newPassword });
      expectFieldError(res, 400, 'VALIDATION_FAILED', 'newPassword', CONTEXT_WORD);
    }
  });

  it('works for an agent too, and asks anonymous callers to sign in', async () => {
    const agent = await createAgent(t);
    const cookie = await signInAs(t, 'agent', agent.username!);
    const res = await change(cookie, {
      currentPassword: AGENT_PASSWORD,
      newPassword: 'Hout-bay-2027',
      confirmPassword: 'Hout-bay-2027',
    });
    expect(res.statusCode).toBe(200);
    const anonymous = await change(undefined, {
      currentPassword: 'x',
      newPassword: 'Hout-bay-2027',
      confirmPassword: 'Hout-bay-2027',
    });
    expectError(anonymous, 401, { code: 'UNAUTHORIZED', message: 'Please sign in' });
  });
});

describe('POST /api/auth/forgot-password and /api/auth/reset-password', () => {
  const SAME = { message: 'If an account exists for that email, we have sent a reset link.' };
  const INVALID = { code: 'RESET_INVALID', message: 'This reset link is invalid or has expired' };
  const resetWith = (token: string, password = 'Lions-head-2026') =>
    send(t.app, 'POST', '/api/auth/reset-password', { body: { token, password, confirmPassword: password } });

  /** Asks for a reset link for `email` and returns the email it wrote and the link's token (the one not seen before). */
  async function requestReset(email: string) {
    const before = await emailedTokens(t, email, 'password_reset');
    const res = await send(t.app, 'POST', '/api/auth/forgot-password', { body: { email } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SAME);
    const mails = await emailsTo(t, email, 'password_reset');
    const mail = mails.find((m) => !before.includes(linkToken(m.text)));
    expect(mails).toHaveLength(before.length + 1);
    return { mail: mail!, token: linkToken(mail!.text) };
  }

  it('answers the same for an unknown email and writes nothing', async () => {
    const before = await t.db.select().from(outboxEmails);
    const res = await send(t.app, 'POST', '/api/auth/forgot-password', { body: { email: 'ghost@example.co.za' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SAME);
    expect(await t.db.select().from(outboxEmails)).toHaveLength(before.length);
  });

  it('puts an email with a PUBLIC_URL link in the outbox and stores only the token hash', async () => {
    const { email } = await signUpCustomer(t);
    const { mail, token } = await requestReset(email);
    expect(mail).toMatchObject({ kind: 'password_reset', status: 'pending', subject: 'Reset your QuickBuy password' });
    expect(mail.text).toContain(`http://shop.quickbuy.test/reset-password?token=${token}`);
    expect(mail.html).toContain(`http://shop.quickbuy.test/reset-password?token=${token}`);
    const rows = await t.db.select().from(passwordResets);
    expect(rows.map((r) => r.tokenHash)).not.toContain(token);
  });

  it('sets the password once, ends every session, and refuses the link a second time', async () => {
    const { email, cookie } = await signUpCustomer(t);
    const { token } = await requestReset(email);
    const first = await resetWith(token);
    expect(first.statusCode).toBe(200);
    expect(await me(t, cookie)).toBeNull();
    expect((await signIn(t, email, 'Lions-head-2026')).statusCode).toBe(200);
    expectError(await resetWith(token, 'Lions-head-2027'), 400, INVALID);
  });

  it('keeps one link working at a time: a newer link voids the older one', async () => {
    const { email } = await signUpCustomer(t);
    const older = await requestReset(email);
    const newer = await requestReset(email);
    expectError(await resetWith(older.token), 400, INVALID);
    expect((await resetWith(newer.token)).statusCode).toBe(200);
  });

  it('leaves no link of the user working after a reset', async () => {
    const { email, user } = await signUpCustomer(t);
    const older = await requestReset(email);
    const newer = await requestReset(email);
    expect((await resetWith(newer.token)).statusCode).toBe(200);
    expect(await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id))).toEqual([]);
    for (const token of [older.token, newer.token])
      expectError(await resetWith(token, 'Other-pass-2027'), 400, INVALID);
    expect((await signIn(t, email, 'Lions-head-2026')).statusCode).toBe(200);
  });

  // Each change a signed-in user makes to how they sign in, and the email and password that work after it.
  const changes = {
    'the password is changed': {
      send: (cookie: string) =>
        send(t.app, 'POST', '/api/account/password', {
          cookie,
          body: {
            currentPassword: CUSTOMER_PASSWORD,
            newPassword: 'Signal-hill-2026',
            confirmPassword: 'Signal-hill-2026',
          },
        }),
      after: (email: string) => [email, 'Signal-hill-2026'] as const,
    },
    // The old address must not take the account back.
    'the email is changed': {
      send: (cookie: string, email: string) => changeEmail(t, cookie, `moved.${email}`),
      after: (email: string) => [`moved.${email}`, CUSTOMER_PASSWORD] as const,
    },
  };
  for (const [change, { send: make, after }] of Object.entries(changes)) {
    it(`voids the link when ${change}`, async () => {
      const { email, cookie } = await signUpCustomer(t);
      const { token } = await requestReset(email);
      expect((await make(cookie, email)).statusCode).toBe(200);
      expectError(await resetWith(token), 400, INVALID);
      const [signInEmail, password] = after(email);
      expect((await signIn(t, signInEmail, password)).statusCode).toBe(200);
    });
  }

  it('refuses a link older than one hour', async () => {
    const { email } = await signUpCustomer(t);
    const { token } = await requestReset(email);
    t.clock.advance(60 * 60_000 + 1);
    expectError(await resetWith(token), 400, INVALID);
  });

  it('applies the password rules to the new password', async () => {
    const { email } = await signUpCustomer(t, { email: 'bongani.khumalo@example.co.za' });
    const { token } = await requestReset(email);
    const mismatch = await send(t.app, 'POST', '/api/auth/reset-password', {
      body: { token, password: 'Lions-head-2026', confirmPassword: 'Lions-head-2027' },
    });
    expect(mismatch.json().error.message).toBe('Passwords do not match');
    const common = await resetWith(token, 'password1');
    expect(common.json().error.message).toBe('This password is too common: choose another');
    // The store's domain name (shop.quickbuy.test), QuickBuy, and the email's name, whatever their case.
    for (const password of ['Shop-at-QUICKBUY-1', 'Khumalo-2026', 'B0ngani!Cape']) {
      expectFieldError(await resetWith(token, password), 400, 'VALIDATION_FAILED', 'password', CONTEXT_WORD);
    }
    // A refused attempt does not use the link up.
    expect((await resetWith(token)).statusCode).toBe(200);
  });
});

describe('GET /api/account/profile and POST /api/account/profile/picture', () => {
  it('shows name, email, picture and a masked ID number', async () => {
    const { cookie } = await signUpCustomer(t);
    const res = await send(t.app, 'GET', '/api/account/profile', { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      role: 'customer',
      name: 'Thandi Nkosi',
      profilePicture: null,
      identification: { type: 'id', number: '•••••••••9087' },
    });
    expect(res.body).not.toContain('9001015009087');
  });

  it('takes a picture as a raw image body or as base64 JSON, through the image pipeline', async () => {
    const { cookie } = await signUpCustomer(t);
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#2563eb' } })
      .png()
      .toBuffer();
    const raw = await send(t.app, 'POST', '/api/account/profile/picture', {
      cookie,
      body: png,
      headers: { 'content-type': 'image/png' },
    });
    expect(raw.statusCode).toBe(200);
    expect(raw.json().message).toBe('Profile updated successfully!');
    const url: string = raw.json().profile.profilePicture;
    expect(url).toMatch(/^\/images\/[0-9a-f-]{36}$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);

    const json = await send(t.app, 'POST', '/api/account/profile/picture', {
      cookie,
      body: { image: `data:image/png;base64,${png.toString('base64')}` },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json().profile.profilePicture).not.toBe(url);
    // The replaced picture is gone: nobody can see it any more.
    const oldId = url.split('/').pop()!;
    expect(await t.db.select().from(images).where(eq(images.id, oldId))).toHaveLength(0);

    const notImage = await send(t.app, 'POST', '/api/account/profile/picture', {
      cookie,
      body: { image: Buffer.from('hello').toString('base64') },
    });
    expect(notImage.statusCode).toBe(415);
  });

  it('parses a JSON picture with the shared schema: no image, or one that is not base64, is a 400 under image', async () => {
    const { cookie } = await signUpCustomer(t);
    const refused = {
      error: { code: 'VALIDATION_FAILED', message: 'Choose an image file', fields: { image: 'Choose an image file' } },
    };
    for (const body of [{}, { image: 'data:image/png;base64,<svg onload=x>' }, { image: 42 }]) {
      const res = await send(t.app, 'POST', '/api/account/profile/picture', { cookie, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual(refused);
    }
  });

  it('refuses an image over 16 megapixels, whatever its file size, and stores nothing', async () => {
    const { cookie } = await signUpCustomer(t);
    const huge = await sharp({ create: { width: 5000, height: 3300, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const before = (await t.db.select({ id: images.id }).from(images)).length;
    const res = await send(t.app, 'POST', '/api/account/profile/picture', {
      cookie,
      body: huge,
      headers: { 'content-type': 'image/png' },
    });
    expectError(res, 400, { code: 'INVALID_IMAGE', message: 'The image is too large: at most 16 megapixels' });
    expect((await t.db.select({ id: images.id }).from(images)).length).toBe(before);
  });
});

describe('GET and PUT /api/account/payment-details', () => {
  const put = (cookie: string, body: Record<string, string>) =>
    send(t.app, 'PUT', '/api/account/payment-details', { cookie, body });
  const fnb = {
    method: 'bank',
    bankName: 'FNB',
    accountType: 'savings',
    accountHolder: 'T Nkosi',
    branchCode: '250655',
    accountNumber: '62123451234',
  };
  const visa = { method: 'card', cardNumber: '4084 0840 8408 4081', expiryDate: '12/29', cvv: '408' };

  it('saves bank payout details and shows the account number masked', async () => {
    const { cookie } = await signUpCustomer(t);
    expect((await send(t.app, 'GET', '/api/account/payment-details', { cookie })).json()).toEqual({ details: null });
    const res = await put(cookie, fnb);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Payment details saved successfully');
    const got = (await send(t.app, 'GET', '/api/account/payment-details', { cookie })).json();
    expect(got.details).toEqual({
      method: 'bank',
      bank: {
        bankName: 'FNB',
        accountType: 'savings',
        accountHolder: 'T Nkosi',
        branchCode: '250655',
        accountNumber: '••••1234',
      },
      card: null,
    });
    expect(JSON.stringify(got)).not.toContain('62123451234');
  });

  it("requires the bank's account number, bank and holder", async () => {
    const { cookie } = await signUpCustomer(t);
    const res = await put(cookie, { method: 'bank', bankName: 'ABSA', accountNumber: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please fill in all required bank details');
    const unknownBank = await put(cookie, { ...fnb, bankName: 'Bank of Mars' });
    expect(unknownBank.statusCode).toBe(400);
  });

  it('keeps only the brand, last four and expiry of a card: never its number or CVV', async () => {
    const { cookie, user } = await signUpCustomer(t);
    const res = await put(cookie, visa);
    expect(res.statusCode).toBe(200);
    expect(res.json().details.card).toEqual({ brand: 'Visa', last4: '4081', expiryDate: '12/29', cardHolder: '' });
    const [row] = await t.db.select().from(paymentDetails).where(eq(paymentDetails.userId, user.id));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain('4084084084084081');
    expect(stored).not.toContain('4084 0840');
    expect(stored).not.toContain('408"');
  });

  it('requires card number, expiry and CVV, within their lengths and formats', async () => {
    const { cookie } = await signUpCustomer(t);
    const card = (fields: Record<string, string>) => put(cookie, { ...visa, ...fields });
    const missing = await put(cookie, { ...visa, expiryDate: '', cvv: '' });
    expect(missing.json().error.message).toBe('Please fill in all required card details');
    const tooLong = await card({ cardNumber: '40840840840840810000' });
    expect(tooLong.json().error.fields.cardNumber).toBe('Card number is at most 19 characters');
    const badExpiry = await card({ expiryDate: '13/29' });
    expect(badExpiry.json().error.fields.expiryDate).toBe('Expiry date must be MM/YY');
    const badCvv = await card({ cvv: '40812' });
    expect(badCvv.json().error.fields.cvv).toBe('CVV is at most 4 characters');
  });

  it('saves the Paystack choice with nothing else', async () => {
    const { cookie } = await signUpCustomer(t);
    const res = await put(cookie, { method: 'paystack' });
    expect(res.json().details).toEqual({ method: 'paystack', bank: null, card: null });
    const none = await put(cookie, { method: '' });
    expect(none.json().error.message).toBe('Choose a payment method');
  });

  it('is for customers only', async () => {
    const agent = await createAgent(t);
    const cookie = await signInAs(t, 'agent', agent.username!);
    const res = await send(t.app, 'GET', '/api/account/payment-details', { cookie });
    expectError(res, 403, { code: 'FORBIDDEN', message: 'You do not have access to this' });
  });
});

describe('GET /api/account/orders', () => {
  it("lists the customer's own orders, newest first, and nobody else's", async () => {
    const { cookie, user } = await signUpCustomer(t);
    const other = await signUpCustomer(t);
    expect((await send(t.app, 'GET', '/api/account/orders', { cookie })).json()).toEqual({ orders: [] });
    const base = {
      firstName: 'Thandi',
      lastName: 'Nkosi',
      customerName: 'Thandi Nkosi',
      customerEmail: 'thandi@example.co.za',
      shippingAddress: {
        street: '1 Long St',
        city: 'Cape Town',
        state: 'Western Cape',
        zipCode: '8001',
        country: 'South Africa',
      },
      currency: 'NGN',
      accessTokenHash: 'x',
      paymentStatus: 'paid',
    };
    await t.db.insert(orders).values([
      {
        ...base,
        orderNumber: 'ORD-2026-000001',
        customerId: user.id,
        totalAmount: 15000,
        paymentReference: 'r1',
        createdAt: new Date('2026-11-01T10:00:00Z'),
      },
      {
        ...base,
        orderNumber: 'ORD-2026-000002',
        customerId: user.id,
        totalAmount: 9000,
        paymentReference: 'r2',
        status: 'shipped',
        createdAt: new Date('2026-11-02T10:00:00Z'),
      },
      { ...base, orderNumber: 'ORD-2026-000003', customerId: other.user.id, totalAmount: 1, paymentReference: 'r3' },
    ]);
    const res = await send(t.app, 'GET', '/api/account/orders', { cookie });
    expect(res.json()).toEqual({
      orders: [
        {
          orderNumber: 'ORD-2026-000002',
          date: '2026-11-02T10:00:00.000Z',
          status: 'shipped',
          paymentStatus: 'paid',
          total: 9000,
          currency: 'NGN',
          placedAsGuest: false,
        },
        {
          orderNumber: 'ORD-2026-000001',
          date: '2026-11-01T10:00:00.000Z',
          status: 'pending',
          paymentStatus: 'paid',
          total: 15000,
          currency: 'NGN',
          placedAsGuest: false,
        },
      ],
    });
  });
});

describe('GET and PUT /api/account/address', () => {
  it('shows the address given at sign-up and saves a new one', async () => {
    const { cookie } = await signUpCustomer(t);
    expect((await send(t.app, 'GET', '/api/account/address', { cookie })).json()).toEqual({
      address: { apartment: 'Unit 4', city: 'Cape Town', province: 'Western Cape', postalCode: '8001' },
    });
    const res = await send(t.app, 'PUT', '/api/account/address', {
      cookie,
      body: { apartment: '', city: 'Durban', province: 'KwaZulu-Natal', postalCode: '4001' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().address).toEqual({
      apartment: '',
      city: 'Durban',
      province: 'KwaZulu-Natal',
      postalCode: '4001',
    });
    const bad = await send(t.app, 'PUT', '/api/account/address', {
      cookie,
      body: { city: '', province: 'Atlantis', postalCode: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      city: 'City is required',
      province: 'Choose a province',
      postalCode: 'Postal code is required',
    });
  });

  it('refuses to change anything without the QuickBuy header', async () => {
    const { cookie, user } = await signUpCustomer(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/account/address',
      headers: { cookie },
      payload: { city: 'Durban', province: 'KwaZulu-Natal', postalCode: '4001' },
    });
    expect(res.statusCode).toBe(403);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.city).toBe('Cape Town');
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });
});
