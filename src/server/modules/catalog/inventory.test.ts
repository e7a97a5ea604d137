import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedReply } from '../../../shared/paging';
import type { Device, DeviceListReply } from '../../../shared/catalog';
import type { StockImagesReply } from '../../../shared/inventory';
import { auditLog, devices } from '../../db/schema';
import { createAgent, signedInAdmin, signInAs, signUpCustomer } from '../../../../tests/support/accounts';
import { insertDevices, TINY_WEBP } from '../../../../tests/support/devices';
import { expectError, expectFieldError } from '../../../../tests/support/errors';
import { createTestApp, send, type TestApp } from '../../../../tests/support/test-app';
import { ownImages } from '../images/budgets';
import { storeImage } from '../images';

let t: TestApp;
let admin: { id: string; cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

const phone = {
  brand: 'Apple',
  model: 'iPhone 15 Pro',
  type: 'phone',
  condition: 'Excellent',
  storage: '256GB',
  ram: '8GB',
  price: 21000,
  originalPrice: 24000,
  quantity: 3,
  description: 'Titanium, barely used.',
};
/** Only what the device form requires, for the defaults of everything else. */
const bare = { brand: 'Dell', model: 'Latitude 5440', type: 'laptop', condition: 'Good', price: 9000 };

const create = (body: unknown, cookie = admin.cookie) => send(t.app, 'POST', '/api/admin/devices', { body, cookie });
const update = (id: string, body: unknown, cookie = admin.cookie) =>
  send(t.app, 'PATCH', `/api/admin/devices/${id}`, { body, cookie });
const listed = async (q: string) =>
  (await send(t.app, 'GET', `/api/devices?q=${encodeURIComponent(q)}`)).json() as DeviceListReply;
const deviceCount = async () => (await t.db.select({ id: devices.id }).from(devices)).length;
const auditOf = async (id: string) =>
  t.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.id);

describe('POST /api/admin/devices', () => {
  it('answers 401 to an anonymous caller and 403 to a customer or an agent, and writes nothing', async () => {
    const before = await deviceCount();
    const anonymous = await create(phone, '');
    expectError(anonymous, 401, { code: 'UNAUTHORIZED', message: 'Please sign in' });
    const agent = await createAgent(t);
    for (const cookie of [(await signUpCustomer(t)).cookie, await signInAs(t, 'agent', agent.username!)]) {
      const res = await create(phone, cookie);
      expectError(res, 403, { code: 'FORBIDDEN', message: 'You do not have access to this' });
    }
    expect(await deviceCount()).toBe(before);
  });

  it('creates the device named from brand and model, listed at once on GET /api/devices', async () => {
    expect((await listed('iPhone 15 Pro')).filteredTotal).toBe(0);
    const res = await create(phone);
    expect(res.statusCode).toBe(201);
    const device = res.json() as Device;
    expect(device).toEqual({
      ...phone,
      id: expect.any(String),
      name: 'Apple iPhone 15 Pro',
      inStock: true,
      displaySize: null,
      batteryHealth: null,
      images: [],
      defaultImageIndex: 0,
      addedDate: t.clock.now().toISOString(),
    });
    const reply = await listed('iPhone 15 Pro');
    expect(reply.items.map((d) => d.id)).toEqual([device.id]);
  });

  it('fills the defaults: quantity 1, no storage, and empty RAM or description become null', async () => {
    const res = await create({ ...bare, ram: '', description: '  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      quantity: 1,
      inStock: true,
      storage: '',
      ram: null,
      description: null,
      originalPrice: null,
    });
  });

  it('creates a device in stock: quantity 0 becomes 1 (spec 001 section 5, decision 024)', async () => {
    const res = await create({ ...bare, model: 'Latitude 5450', quantity: 0 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ quantity: 1, inStock: true });
  });

  it('links uploaded images in order with the default image chosen', async () => {
    const first = await storeImage({ db: t.db, data: TINY_WEBP, budget: ownImages });
    const second = await storeImage({ db: t.db, data: TINY_WEBP, budget: ownImages });
    const res = await create({ ...phone, model: 'iPhone 14', imageIds: [first.id, second.id], defaultImageIndex: 1 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ images: [`/images/${first.id}`, `/images/${second.id}`], defaultImageIndex: 1 });
  });

  it('writes the audit log: who, as what, did what to which device, and the device after', async () => {
    const device = (await create({ ...phone, model: 'iPhone 13 mini' })).json() as Device;
    const [entry] = await auditOf(device.id);
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorRole: 'admin',
      action: 'device.create',
      entityType: 'device',
      entityId: device.id,
      after: device,
    });
    expect(entry!.ip).toBeTruthy();
  });

  it('names every field a form left wrong, with the first as the message, and writes nothing', async () => {
    const before = await deviceCount();
    const res = await create({ brand: ' ', price: 12.5, quantity: -1, type: 'toaster' });
    expectError(res, 400, {
      code: 'VALIDATION_FAILED',
      message: 'Brand is required',
      fields: {
        brand: 'Brand is required',
        model: 'Model is required',
        type: 'Choose a device type',
        condition: 'Choose a condition: Excellent, Good or Fair',
        price: 'Price must be a whole number',
        quantity: 'Quantity cannot be below 0',
      },
    });
    expect(await deviceCount()).toBe(before);
  });

  it('says an empty price is required, not that it is no whole number', async () => {
    const { price: _price, ...noPrice } = bare;
    for (const price of [undefined, null]) {
      const res = await create({ ...noPrice, price });
      expectFieldError(res, 400, 'VALIDATION_FAILED', 'price', 'Price is required');
    }
  });

  it('refuses more than five images, an unknown image, and a default image outside the list', async () => {
    const image = await storeImage({ db: t.db, data: TINY_WEBP, budget: ownImages });
    const six = await create({ ...phone, imageIds: Array.from({ length: 6 }, () => image.id) });
    expect(six.statusCode).toBe(400);
    expect(six.json().error.fields).toEqual({ imageIds: 'At most 5 images' });
    const unknown = await create({ ...phone, imageIds: ['00000000-0000-4000-8000-000000000000'] });
    expectFieldError(unknown, 400, 'VALIDATION_FAILED', 'imageIds', 'Unknown image');
    const outside = await create({ ...phone, imageIds: [image.id], defaultImageIndex: 1 });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.fields).toEqual({ defaultImageIndex: 'The default image must be one of the images' });
  });
});

describe('PATCH /api/admin/devices/:id', () => {
  it("sets the stock to 0: the device is sold out, still on sale (the switch is the admin's alone)", async () => {
    const [device] = await insertDevices(t.db, [{ brand: 'Samsung', model: 'Galaxy Tab S9', quantity: 2 }]);
    expect((await listed('Galaxy Tab S9')).items[0]).toMatchObject({ quantity: 2, inStock: true });
    const res = await update(device!.id, { quantity: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ quantity: 0, inStock: true, price: 5000 });
    expect((await listed('Galaxy Tab S9')).items[0]).toMatchObject({ quantity: 0, inStock: true });
  });

  it('changes only the fields sent, rebuilds the name from brand and model, and audits before and after', async () => {
    const [device] = await insertDevices(t.db, [
      { brand: 'HP', model: 'EliteBook 840', price: 14000, storage: '512GB' },
    ]);
    const res = await update(device!.id, { model: 'EliteBook 860', price: 13500 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'HP EliteBook 860', price: 13500, storage: '512GB', brand: 'HP' });
    const [entry] = await auditOf(device!.id);
    expect(entry).toMatchObject({ actorId: admin.id, actorRole: 'admin', action: 'device.update' });
    expect(entry).toMatchObject({
      before: { name: 'HP EliteBook 840', price: 14000 },
      after: { name: 'HP EliteBook 860', price: 13500 },
    });
  });

  it('answers 404 for an unknown, malformed or deleted device', async () => {
    const [deleted] = await insertDevices(t.db, [{ deletedAt: new Date() }]);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', deleted!.id]) {
      const res = await update(id, { price: 1 });
      expectError(res, 404, { code: 'DEVICE_NOT_FOUND', message: 'Device not found' });
    }
  });

  it('refuses an empty change and a wrong value, and changes nothing', async () => {
    const [device] = await insertDevices(t.db, [{ price: 7000 }]);
    const empty = await update(device!.id, {});
    expectFieldError(empty, 400, 'VALIDATION_FAILED', '_', 'Send at least one field to change');
    const negative = await update(device!.id, { price: -5 });
    expect(negative.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Price cannot be below 0',
      fields: { price: 'Price cannot be below 0' },
    });
    const [row] = await t.db.select().from(devices).where(eq(devices.id, device!.id));
    expect(row!.price).toBe(7000);
    expect(await auditOf(device!.id)).toHaveLength(0);
  });
});

describe('GET /api/admin/devices', () => {
  const list = (query: string) => send(t.app, 'GET', `/api/admin/devices?${query}`, { cookie: admin.cookie });

  it('pages the inventory newest first and counts every device matching', async () => {
    const brand = `Pagebrand${Date.now()}`;
    const made = await insertDevices(
      t.db,
      Array.from({ length: 5 }, (_, i) => ({ brand, model: `Model ${i}` })),
    );
    const first = await list(`q=${brand}&pageSize=2`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect((first.json() as PagedReply<Device>).items.map((d) => d.id)).toEqual([made[4]!.id, made[3]!.id]);
    const last = (await list(`q=${brand}&pageSize=2&page=3`)).json() as PagedReply<Device>;
    expect(last.items.map((d) => d.id)).toEqual([made[0]!.id]);
  });

  it('searches name, brand and model, filters by stock and leaves deleted devices out', async () => {
    const brand = `Stockbrand${Date.now()}`;
    await insertDevices(t.db, [
      { brand, model: 'Alpha', quantity: 2, inStock: true },
      { brand, model: 'Beta', quantity: 0, inStock: false },
      { brand, model: 'Gamma', deletedAt: new Date() },
    ]);
    const names = async (query: string) =>
      ((await list(query)).json() as PagedReply<Device>).items.map((device) => device.model);
    expect(await names(`q=${brand}`)).toEqual(['Beta', 'Alpha']);
    expect(await names(`q=${brand}&status=in_stock`)).toEqual(['Alpha']);
    expect(await names(`q=${brand}&status=out_of_stock`)).toEqual(['Beta']);
    expect(await names(`q=${brand.toLowerCase()} `)).toEqual(['Beta', 'Alpha']);
  });

  it('counts a device created, changed or deleted at once on the first page (its total is remembered between writes)', async () => {
    const firstPage = async () => (await list('')).json() as PagedReply<Device>;
    const listedInDatabase = async () =>
      (await t.db.select({ id: devices.id }).from(devices).where(isNull(devices.deletedAt))).length;
    const before = await firstPage();
    expect(before.total).toBe(await listedInDatabase());
    await firstPage();

    t.clock.advance(60_000);
    const made = (await create({ ...bare, model: 'Latitude 7450' })).json() as Device;
    const created = await firstPage();
    expect(created.total).toBe(before.total + 1);
    expect(created.items[0]).toMatchObject({ id: made.id, model: 'Latitude 7450' });

    await update(made.id, { price: 9500 });
    const changed = await firstPage();
    expect(changed.total).toBe(before.total + 1);
    expect(changed.items[0]).toMatchObject({ id: made.id, price: 9500 });

    await send(t.app, 'DELETE', `/api/admin/devices/${made.id}`, { cookie: admin.cookie });
    const deleted = await firstPage();
    expect(deleted.total).toBe(before.total);
    expect(deleted.total).toBe(await listedInDatabase());
    expect(deleted.items.map((d) => d.id)).not.toContain(made.id);
  });

  it('counts a device created while the first page is being read', async () => {
    t.clock.advance(60_000);
    const [, made] = await Promise.all([list(''), create({ ...bare, model: 'Latitude 3440' })]);
    const after = (await list('')).json() as PagedReply<Device>;
    expect(after.items[0]!.id).toBe((made.json() as Device).id);
    expect(after.total).toBe(
      (await t.db.select({ id: devices.id }).from(devices).where(isNull(devices.deletedAt))).length,
    );
  });

  it('refuses an unknown stock filter and a bad page', async () => {
    const status = await list('status=sold');
    expectFieldError(status, 400, 'VALIDATION_FAILED', 'status', 'Unknown stock filter');
    const page = await list('page=0');
    expectError(page, 400, {
      code: 'VALIDATION_FAILED',
      message: 'page: Page must be a whole number from 1',
      fields: { page: 'Page must be a whole number from 1' },
    });
  });
});

describe('DELETE /api/admin/devices/:id', () => {
  const remove = (id: string, cookie = admin.cookie) => send(t.app, 'DELETE', `/api/admin/devices/${id}`, { cookie });

  it('soft-deletes the device: gone from the storefront at once, the row kept, the audit written', async () => {
    const created = (await create({ ...phone, model: `Deletable ${Date.now()}` })).json() as Device;
    expect((await listed(created.model)).filteredTotal).toBe(1);
    const res = await remove(created.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Device deleted successfully!' });
    expect((await listed(created.model)).filteredTotal).toBe(0);
    expect((await send(t.app, 'GET', `/api/devices/${created.id}`)).statusCode).toBe(404);
    const [row] = await t.db.select().from(devices).where(eq(devices.id, created.id));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    const entries = await auditOf(created.id);
    expect(entries.map((entry) => entry.action)).toEqual(['device.create', 'device.delete']);
    expect(entries[1]).toMatchObject({ actorId: admin.id, before: { id: created.id, model: created.model } });
  });

  it('answers 404 for an unknown, malformed or already deleted device, writing no audit', async () => {
    const [deleted] = await insertDevices(t.db, [{ deletedAt: new Date() }]);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', deleted!.id]) {
      const res = await remove(id);
      expectError(res, 404, { code: 'DEVICE_NOT_FOUND', message: 'Device not found' });
    }
    expect(await auditOf(deleted!.id)).toHaveLength(0);
  });

  it('answers 403 to an agent and deletes nothing', async () => {
    const [device] = await insertDevices(t.db, [{}]);
    const agent = await createAgent(t);
    const res = await remove(device!.id, await signInAs(t, 'agent', agent.username!));
    expect(res.statusCode).toBe(403);
    const [row] = await t.db.select().from(devices).where(eq(devices.id, device!.id));
    expect(row!.deletedAt).toBeNull();
  });
});

describe('GET /api/admin/stock-images', () => {
  it('answers the laptop, phone and TV stock images, the same ones every time, usable as device images', async () => {
    const first = await send(t.app, 'GET', '/api/admin/stock-images', { cookie: admin.cookie });
    expect(first.statusCode).toBe(200);
    const { items } = first.json() as StockImagesReply;
    expect(items.map((item) => item.label)).toEqual(['Laptop', 'Phone', 'TV']);
    const again = (await send(t.app, 'GET', '/api/admin/stock-images', { cookie: admin.cookie })).json();
    expect(again).toEqual({ items });
    const image = await t.app.inject({ method: 'GET', url: items[0]!.url });
    expect(image.headers['content-type']).toBe('image/webp');
    const device = await create({ ...phone, imageIds: [items[1]!.id], batteryHealth: 91, displaySize: '6.1"' });
    expect(device.statusCode).toBe(201);
    expect(device.json()).toMatchObject({ images: [items[1]!.url], batteryHealth: 91, displaySize: '6.1"' });
  });
});
