import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Device } from '../../../shared/catalog';
import type { ListingDraft, ListTradeInForm } from '../../../shared/stock-listing';
import { auditLog, images, stockUnits, tradeInImages, tradeIns } from '../../db/schema';
import { signedInAgent } from '../../../../tests/support/accounts';
import { nextAddress, paid } from '../../../../tests/support/checkout';
import { insertDevices, TINY_WEBP } from '../../../../tests/support/devices';
import { expectError, expectFieldError } from '../../../../tests/support/errors';
import { send, useTestApp } from '../../../../tests/support/test-app';
import { insertTradeIn, useTradeInTeam } from '../../../../tests/support/trade-ins';

/* A paid trade-in listed for sale: the prefilled form, the listing in one transaction, once, and the unit's origin. */

const t = useTestApp();
const team = useTradeInTeam(t);

const post = (path: string, body: unknown, cookie = team.adminCookie) =>
  send(t.app, 'POST', path, { body, cookie, headers: { 'x-forwarded-for': nextAddress() } });
const get = (path: string, cookie = team.adminCookie) => send(t.app, 'GET', path, { cookie });

/** A trade-in the admin has paid: a Samsung Galaxy S21 in good condition, bought for R4,000 from Cape Town. */
const paidTradeIn = (values: Partial<typeof tradeIns.$inferInsert> = {}) =>
  insertTradeIn(t, {
    status: 'Paid',
    agentId: null,
    offeredAmount: 4000,
    model: `Galaxy S21 ${Math.random().toString(36).slice(2, 8)}`,
    storage: '128GB',
    ram: '8GB',
    color: 'Phantom Grey',
    assessmentNotes: 'Screen flawless, battery at 91%',
    address: '12 Long Street\nGardens, Cape Town, 8001',
    ...values,
  });

async function draftOf(number: string): Promise<ListingDraft> {
  const res = await get(`/api/admin/trade-ins/${number}/listing`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ListingDraft;
}

/** The draft's form as the admin saves it, with `changes`. */
async function list(number: string, changes: Partial<ListTradeInForm> = {}) {
  const { form } = await draftOf(number);
  return post(`/api/admin/trade-ins/${number}/list`, { ...form, ...changes });
}

const device = async (id: string) => (await get(`/api/devices/${id}`, '')).json() as Device;
const unitsOf = (deviceId: string) => t.db.select().from(stockUnits).where(eq(stockUnits.deviceId, deviceId));

describe('GET /api/admin/trade-ins/:number/listing', () => {
  it('prefills the device form from the trade-in, its grade, its notes and its photos, priced at the payout plus the margin', async () => {
    const row = await paidTradeIn({ condition: 'poor' });
    const [image] = await t.db
      .insert(images)
      .values({ contentType: 'image/webp', width: 1, height: 1, data: TINY_WEBP })
      .returning();
    await t.db.insert(tradeInImages).values({ tradeInId: row.id, position: 0, imageId: image!.id });
    expect(await draftOf(row.transactionNumber)).toEqual({
      transactionNumber: row.transactionNumber,
      paidAmount: 4000,
      form: {
        type: 'phone',
        brand: 'Samsung',
        model: row.model,
        condition: 'Fair',
        storage: '128GB',
        ram: '8GB',
        price: 5400,
        originalPrice: null,
        description: 'Colour: Phantom Grey.\n\nScreen flawless, battery at 91%',
        displaySize: null,
        batteryHealth: null,
        sellerTown: 'Cape Town',
        imageIds: [],
        photoPositions: [],
        defaultImageIndex: 0,
      },
      suggestedPrice: 5400,
      priceSource: 'margin',
      photos: [{ position: 0, url: `/api/admin/trade-ins/${row.transactionNumber}/photos/0` }],
    });
  });

  it('suggests the median price of the same model and grade listed now', async () => {
    const row = await paidTradeIn();
    const same = { brand: 'Samsung', model: row.model, condition: 'Good', storage: '128GB' };
    await insertDevices(t.db, [
      { ...same, price: 6000 },
      { ...same, price: 7000 },
      { ...same, price: 9000 },
      { ...same, price: 1000, condition: 'Fair' },
    ]);
    const draft = await draftOf(row.transactionNumber);
    expect([draft.suggestedPrice, draft.priceSource, draft.form.price]).toEqual([7000, 'catalog', 7000]);
  });

  it('answers 409 for a trade-in that is not paid, and only the admin may ask', async () => {
    const row = await insertTradeIn(t, { status: 'Awaiting Payment', agentId: null, offeredAmount: 4000 });
    expectError(await get(`/api/admin/trade-ins/${row.transactionNumber}/listing`), 409, {
      code: 'CONFLICT',
      message: 'This trade-in is Awaiting Payment; it can only be listed for sale from Paid',
    });
    const agent = await signedInAgent(t);
    expect((await get(`/api/admin/trade-ins/${row.transactionNumber}/listing`, agent.cookie)).statusCode).toBe(403);
  });
});

describe('POST /api/admin/trade-ins/:number/list', () => {
  it('lists one unit, marks the trade-in Listed with its history and audit entry, and records the unit it bought', async () => {
    const row = await paidTradeIn();
    const res = await list(row.transactionNumber, { price: 6499 });
    expect(res.statusCode, res.body).toBe(201);
    const reply = res.json();
    expect(reply).toEqual({ message: 'Listed for sale', deviceId: expect.any(String), addedToExisting: false });
    expect(await device(reply.deviceId)).toMatchObject({
      name: `Samsung ${row.model}`,
      price: 6499,
      quantity: 1,
      inStock: true,
      condition: 'Good',
      provenance: 'Bought from a customer in Cape Town and checked by our technician',
    });
    const [after] = await t.db.select().from(tradeIns).where(eq(tradeIns.id, row.id));
    expect(after!.status).toBe('Listed');
    expect(await unitsOf(reply.deviceId)).toMatchObject([
      { source: 'trade-in', tradeInNumber: row.transactionNumber, cost: 4000, sellerTown: 'Cape Town', soldAt: null },
    ]);
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, row.transactionNumber));
    expect(actions.map((a) => a.action)).toContain('trade_in.list_for_sale');
  });

  it('adds a unit to an identical listing instead of listing it twice', async () => {
    const first = await paidTradeIn();
    const second = await paidTradeIn({ model: first.model, offeredAmount: 3500, address: 'Durban' });
    const listed = (await list(first.transactionNumber, { price: 6000 })).json();
    const res = await list(second.transactionNumber, { price: 6000 });
    expect(res.json()).toEqual({
      message: 'Added as one more unit of an identical listing',
      deviceId: listed.deviceId,
      addedToExisting: true,
    });
    expect((await device(listed.deviceId)).quantity).toBe(2);
    const costs = (await unitsOf(listed.deviceId)).map((unit) => [unit.tradeInNumber, unit.cost]);
    expect(costs.sort()).toEqual(
      [
        [first.transactionNumber, 4000],
        [second.transactionNumber, 3500],
      ].sort(),
    );
  });

  it('refuses a second listing of the same trade-in with 409 saying why', async () => {
    const row = await paidTradeIn();
    const { form } = await draftOf(row.transactionNumber);
    const path = `/api/admin/trade-ins/${row.transactionNumber}/list`;
    expect((await post(path, form)).statusCode).toBe(201);
    const again = await post(path, form);
    expectError(again, 409, {
      code: 'CONFLICT',
      message: 'This trade-in is Listed; it can only be listed for sale from Paid',
    });
  });

  it('lists a trade-in once when two requests save it at the same moment', async () => {
    const row = await paidTradeIn();
    const { form } = await draftOf(row.transactionNumber);
    const path = `/api/admin/trade-ins/${row.transactionNumber}/list`;
    const replies = await Promise.all([post(path, form), post(path, form)]);
    expect(replies.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const refused = replies.find((res) => res.statusCode === 409)!;
    expect(refused.json()).toEqual({
      error: { code: 'CONFLICT', message: 'This trade-in is Listed; it can only be listed for sale from Paid' },
    });
    const units = await t.db.select().from(stockUnits).where(eq(stockUnits.tradeInNumber, row.transactionNumber));
    expect(units).toHaveLength(1);
    expect((await device(units[0]!.deviceId)).quantity).toBe(1);
  });

  it('refuses a form the route schema refuses, under its field', async () => {
    const row = await paidTradeIn();
    expectFieldError(
      await list(row.transactionNumber, { price: -1 }),
      400,
      'VALIDATION_FAILED',
      'price',
      'Price cannot be below 0',
    );
  });
});

describe('the seller photos on the storefront', () => {
  let number = '';
  let originalId = '';
  beforeAll(async () => {
    // A phone photo as a camera writes it: a JPEG carrying where it was taken (EXIF GPS).
    const withLocation = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .jpeg()
      .withExif({
        IFD3: {
          GPSLatitudeRef: 'S',
          GPSLatitude: '33/1 55/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '18/1 25/1 0/1',
        },
      })
      .toBuffer();
    expect((await sharp(withLocation).metadata()).exif).toBeDefined();
    const row = await paidTradeIn();
    const [image] = await t.db
      .insert(images)
      .values({ contentType: 'image/jpeg', width: 40, height: 30, data: withLocation })
      .returning();
    await t.db.insert(tradeInImages).values({ tradeInId: row.id, position: 0, imageId: image!.id });
    number = row.transactionNumber;
    originalId = image!.id;
  });

  it('are copies the admin chose, re-encoded without EXIF, while the originals stay private', async () => {
    const res = await list(number, { photoPositions: [0] });
    expect(res.statusCode, res.body).toBe(201);
    const shown = await device(res.json().deviceId);
    expect(shown.images).toHaveLength(1);
    expect(shown.images[0]).not.toBe(`/images/${originalId}`);
    const copy = await get(shown.images[0]!, '');
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-type']).toBe('image/webp');
    expect((await sharp(copy.rawPayload).metadata()).exif).toBeUndefined();
    expect(copy.rawPayload.includes(Buffer.from('Exif'))).toBe(false);
    // The original: not on the public route, and the staff's route wants a signed-in admin.
    expect((await get(`/images/${originalId}`, '')).statusCode).toBe(404);
    expect((await get(`/api/admin/trade-ins/${number}/photos/0`, '')).statusCode).toBe(401);
  });

  it('refuses a photo the trade-in does not have, under photoPositions', async () => {
    const row = await paidTradeIn();
    expectFieldError(
      await list(row.transactionNumber, { photoPositions: [3] }),
      400,
      'VALIDATION_FAILED',
      'photoPositions',
      'Choose photos of this trade-in',
    );
  });
});

describe('units sold', () => {
  it('are the oldest on the shelf, marked with the paid order, and the device page then names the next', async () => {
    const bought = await paidTradeIn();
    const listed = (await list(bought.transactionNumber, { price: 3000 })).json();
    await t.db
      .update(stockUnits)
      .set({ listedAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(stockUnits.deviceId, listed.deviceId));
    // One more unit added by hand, at a cost the admin entered.
    const patched = await send(t.app, 'PATCH', `/api/admin/devices/${listed.deviceId}`, {
      body: { quantity: 2, unitCost: 2500 },
      cookie: team.adminCookie,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const order = await paid(t, [{ deviceId: listed.deviceId, quantity: 1 }]);
    const units = await unitsOf(listed.deviceId);
    expect(units.map((u) => [u.source, u.cost, u.orderNumber]).sort()).toEqual(
      [
        ['by-hand', 2500, null],
        ['trade-in', 4000, order.orderNumber],
      ].sort(),
    );
    expect((await device(listed.deviceId)).provenance).toBe('Sourced by our team and checked by our technician');
  });
});
