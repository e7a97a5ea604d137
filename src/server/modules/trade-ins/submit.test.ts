import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TRACK_MESSAGES, type TrackReply } from '../../../shared/tracking';
import type { TrackedTradeIn } from '../../../shared/trade-ins';
import { images, tradeInImages, tradeInQuotes, tradeIns } from '../../db/schema';
import { signUpCustomer } from '../../../../tests/support/accounts';
import { nextAddress, placed } from '../../../../tests/support/checkout';
import { insertDevices, TINY_WEBP } from '../../../../tests/support/devices';
import { bookFor } from '../../../../tests/support/repairs';
import { downloadCsv } from '../../../../tests/support/csv';
import { sellForm } from '../../../../tests/support/sell-form';
import { expectError, expectFieldError, storingNothing } from '../../../../tests/support/errors';
import { send, useTestApp } from '../../../../tests/support/test-app';
import * as tradeIn from '../../../../tests/support/trade-ins';

/* The sell form sent (stored, quoted, checked, throttled), and a trade-in's, order's or repair's number tracked. */

const t = useTestApp();
const team = tradeIn.useTradeInTeam(t);

describe('POST /api/trade-ins', () => {
  it('stores every field as Awaiting Confirmation with its first history entry and the estimate', async () => {
    const res = await tradeIn.submit(t, sellForm({ imei: '490154203237518' }));
    expect(res.statusCode).toBe(201);
    const reply = res.json();
    expect(reply.transactionNumber).toMatch(/^TXN\d{13}\d{1,3}$/);
    expect(reply).toMatchObject({ status: 'Awaiting Confirmation', estimatedValue: expect.any(Number) });
    const { contactPhone: _phone, contactEmail, ...device } = sellForm();
    expect(await tradeIn.rowOf(t, reply.transactionNumber)).toMatchObject({
      ...device,
      customerPhone: '+27 82 555 0199',
      customerEmail: contactEmail,
      imei: '490154203237518',
      customerId: null,
      status: 'Awaiting Confirmation',
      estimatedValue: reply.estimatedValue,
    });
    expect((await tradeIn.historyOf(t, reply.transactionNumber)).map((h) => [h.status, h.description])).toEqual([
      ['Awaiting Confirmation', 'Device details submitted for review'],
    ]);
  });

  it('takes the next millisecond when every number of this one is taken', async () => {
    t.clock.advance(1000);
    const ms = t.clock.now().getTime();
    const taken = Array.from({ length: 1000 }, (_, n) => ({
      transactionNumber: `TXN${ms}${n}`,
      customerEmail: 'taken@example.com',
      customerPhone: '+27 82 555 0100',
      address: 'Taken',
      deviceType: 'phone',
      model: 'Taken',
      isOwner: true,
      estimatedValue: 2000,
      createdAt: t.clock.now(),
    }));
    await t.db.insert(tradeIns).values(taken);
    const res = await send(t.app, 'POST', '/api/trade-ins', {
      body: sellForm(),
      headers: { 'x-forwarded-for': nextAddress() },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().transactionNumber).toMatch(new RegExp(`^TXN${ms + 1}\\d{1,3}$`));
  });

  it('queues a confirmation email with the number, the estimate and the tracking link', async () => {
    const number = await tradeIn.sell(t);
    const email = await tradeIn.emailOf(t, number, 'trade_in_submitted');
    const { estimatedValue } = await tradeIn.rowOf(t, number);
    expect(email.to).toBe('lindiwe@example.com');
    expect(email.text).toContain(`Your transaction number is ${number}.`);
    expect(email.text).toContain(
      `Estimated value: R${estimatedValue.toLocaleString('en-US')} (final offer after inspection).`,
    );
    expect(email.text).toContain(`http://localhost:3000/track?number=${number}`);
  });

  it('quotes from the table: the same device the same figure, a worse condition less, unstated details the lowest', async () => {
    const first = await tradeIn.submit(t, sellForm());
    const second = await tradeIn.submit(t, sellForm({ color: 'Red', contactEmail: 'other@example.com' }));
    const poor = await tradeIn.submit(t, sellForm({ condition: 'poor' }));
    const vague = await tradeIn.submit(t, sellForm({ brand: '', storage: '', condition: '' }));
    const phones = await t.db.select().from(tradeInQuotes).where(eq(tradeInQuotes.deviceType, 'phone'));
    const quote = phones.find((q) => q.brand === 'Apple' && q.storage === '128GB' && q.condition === 'good');
    const lowest = { amount: Math.min(...phones.map((q) => q.amount)) };
    expect(first.json().estimatedValue).toBe(quote!.amount);
    expect(second.json().estimatedValue).toBe(quote!.amount);
    expect(poor.json().estimatedValue).toBeLessThan(quote!.amount);
    expect(vague.json().estimatedValue).toBe(lowest!.amount);
  });

  it('seeds figures within the spec range for every type, brand, storage and condition', async () => {
    const amounts = (await t.db.select().from(tradeInQuotes)).map((q) => q.amount);
    expect(amounts).toHaveLength(320);
    expect(Math.min(...amounts)).toBeGreaterThanOrEqual(2000);
    expect(Math.max(...amounts)).toBeLessThanOrEqual(16999);
  });

  it('links the trade-in to the signed-in customer, under the name the form gives', async () => {
    const { cookie, user } = await signUpCustomer(t);
    const number = await tradeIn.sell(t, { customerName: 'Thandi N. Nkosi' }, cookie);
    expect(await tradeIn.rowOf(t, number)).toMatchObject({ customerId: user.id, customerName: 'Thandi N. Nkosi' });
  });

  it("stores a guest seller's name and shows it to staff and in the Transactions export", async () => {
    const number = await tradeIn.sell(t, { customerName: '  Sipho Dlamini ' });
    expect(await tradeIn.rowOf(t, number)).toMatchObject({ customerId: null, customerName: 'Sipho Dlamini' });
    const detail = await send(t.app, 'GET', `/api/admin/trade-ins/${number}`, { cookie: team.adminCookie });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().customerName).toBe('Sipho Dlamini');
    const csv = await downloadCsv(t, `/api/admin/trade-ins/export.csv?q=${number}`, team.adminCookie);
    expect(csv.records.map((record) => record['Seller name'])).toEqual(['Sipho Dlamini']);
  });

  it('refuses a name of spaces only', async () => {
    const res = await tradeIn.submit(t, sellForm({ customerName: '   ' }));
    expectError(res, 400, {
      code: 'VALIDATION_FAILED',
      message: 'Full name is required',
      fields: { customerName: 'Full name is required' },
    });
  });

  it('stores photos through the image pipeline', async () => {
    const photo = `data:image/webp;base64,${TINY_WEBP.toString('base64')}`;
    const number = await tradeIn.sell(t, { photos: [photo, photo] });
    const rows = await t.db
      .select()
      .from(tradeInImages)
      .where(eq(tradeInImages.tradeInId, (await tradeIn.rowOf(t, number)).id));
    expect(rows.map((r) => r.position)).toEqual([0, 1]);
    const [stored] = await t.db.select().from(images).where(eq(images.id, rows[0]!.imageId));
    expect(stored).toMatchObject({ contentType: 'image/webp', width: 1, height: 1 });
  });

  it('refuses a photo that is not an image and stores nothing', async () => {
    const res = await storingNothing(t, tradeIns, () =>
      tradeIn.submit(
        t,
        sellForm({ photos: [`data:image/png;base64,${Buffer.from('not a picture').toString('base64')}`] }),
      ),
    );
    expectFieldError(res, 415, 'INVALID_IMAGE', 'photos', 'Each photo must be a JPEG, PNG or WebP image');
  });

  it('names every missing required field and stores nothing', async () => {
    const res = await storingNothing(t, tradeIns, () => tradeIn.submit(t, { isOwner: false }));
    expectError(res, 400, {
      code: 'VALIDATION_FAILED',
      message: 'Choose a device type',
      fields: {
        deviceType: 'Choose a device type',
        model: 'Model is required',
        customerName: 'Full name is required',
        address: 'Address is required',
        contactPhone: 'Contact phone is required',
        contactEmail: 'Contact email is required',
        isOwner: 'Confirm that you are the owner of this device',
      },
    });
  });

  it('refuses an IMEI whose check digit is wrong', async () => {
    const res = await tradeIn.submit(t, sellForm({ imei: '490154203237519' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ imei: 'This IMEI is not valid: check its 15 digits' });
  });

  it('refuses a storage size of another type', async () => {
    const res = await tradeIn.submit(t, sellForm({ deviceType: 'tv', brand: 'LG', storage: '128GB', ram: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ storage: 'Choose a storage size from the list' });
  });

  it('throttles one address after 20 submissions in 10 minutes', async () => {
    const address = nextAddress();
    for (let i = 0; i < 20; i++) expect((await tradeIn.submit(t, {}, undefined, address)).statusCode).toBe(400);
    const res = await tradeIn.submit(t, sellForm(), undefined, address);
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('RATE_LIMITED');
  });
});

describe('GET /api/track/:number', () => {
  it('shows a trade-in with its history and masked contact details to anyone holding the number', async () => {
    const number = await tradeIn.sell(t);
    const res = await send(t.app, 'GET', `/api/track/${number.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    const reply = res.json() as TrackReply;
    expect(reply.kind).toBe('trade-in');
    const tracked = (reply as { tradeIn: TrackedTradeIn }).tradeIn;
    expect(tracked).toMatchObject({
      transactionNumber: number,
      status: 'Awaiting Confirmation',
      contactEmail: 'l***@example.com',
      contactPhone: '***0199',
      viewerIsOwner: false,
      offeredAmount: null,
      statusHistory: [
        {
          status: 'Awaiting Confirmation',
          description: 'Device details submitted for review',
          date: t.clock.now().toISOString(),
        },
      ],
    });
    expect(JSON.stringify(reply)).not.toContain('Long Street');
  });

  it('shows the signed-in owner their own contact details', async () => {
    const { cookie } = await signUpCustomer(t);
    const number = await tradeIn.sell(t, {}, cookie);
    const res = await send(t.app, 'GET', `/api/track/${number}`, { cookie });
    expect(res.json().tradeIn).toMatchObject({
      contactEmail: 'lindiwe@example.com',
      contactPhone: '+27 82 555 0199',
      viewerIsOwner: true,
    });
  });

  it('shows an order by its number: to a stranger, its status and dates only', async () => {
    const [device] = await insertDevices(t.db, [{ price: 4000, quantity: 5 }]);
    const { orderNumber } = await placed(t, [{ deviceId: device!.id, quantity: 2 }]);
    const res = await send(t.app, 'GET', `/api/track/${orderNumber}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      kind: 'order',
      order: {
        orderNumber,
        status: 'pending',
        createdAt: expect.any(String),
        statusHistory: [{ status: 'pending', date: expect.any(String) }],
        details: null,
      },
    });
    expect(res.body).not.toMatch(/Thandi|Long Street|example|\b8000\b/);
  });

  it('shows a repair booking by its REP number, as the repairs module tracks it', async () => {
    const bookingNumber = await bookFor(t, team.agent.id, { pickupDate: '2026-11-24', pickupTime: '10:00 AM' });
    const tracked = await send(t.app, 'GET', `/api/track/${bookingNumber.toLowerCase()}`);
    expect(tracked.statusCode).toBe(200);
    expect(tracked.json()).toEqual({
      kind: 'repair',
      repair: (await send(t.app, 'GET', `/api/repairs/${bookingNumber}`)).json(),
    });
    expect(tracked.json().repair).toMatchObject({ bookingNumber, status: 'booked', details: null });
  });

  it.each(['TXN0000000000000000', 'ORD-2026-000000', 'REP-123456789', 'hello'])(
    'answers %s with Transaction Not Found',
    async (number) => {
      const res = await send(t.app, 'GET', `/api/track/${number}`);
      expectError(res, 404, tradeIn.TRADE_IN_NOT_FOUND);
    },
  );

  it('refuses a number longer than any of ours with 400 saying so (a pasted paragraph, not a 414)', async () => {
    for (const length of [41, 300]) {
      const res = await send(t.app, 'GET', `/api/track/TXN${'1'.repeat(length - 3)}`);
      expectFieldError(res, 400, 'VALIDATION_FAILED', 'number', TRACK_MESSAGES.tooLong);
    }
  });
});
