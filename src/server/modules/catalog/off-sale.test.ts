import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CollectionReply, Device, DeviceListReply, HomeReply } from '../../../shared/catalog';
import { auditLog, devices } from '../../db/schema';
import { signedInAdmin } from '../../../../tests/support/accounts';
import { checkout, placed } from '../../../../tests/support/checkout';
import { insertDevices } from '../../../../tests/support/devices';
import { expectError, expectFieldError } from '../../../../tests/support/errors';
import { send, useTestApp } from '../../../../tests/support/test-app';

// The admin's In Stock / Out of Stock switch (decision 048): off sale at once everywhere a shopper
// looks, its quantity kept, back on sale as soon as it is switched back.

const t = useTestApp();
let cookie: string;
beforeAll(async () => {
  cookie = (await signedInAdmin(t)).cookie;
});

const setInStock = (id: string, inStock: unknown) =>
  send(t.app, 'PATCH', `/api/admin/devices/${id}`, { body: { inStock }, cookie });
const read = async <T>(url: string) => (await send(t.app, 'GET', url)).json() as T;
const listedIds = async (q: string) => (await read<DeviceListReply>(`/api/devices?q=${q}`)).items.map((d) => d.id);
const collectionIds = async () =>
  (await read<CollectionReply>('/api/collections/phones-tablets?pageSize=100')).items.map((d) => d.id);
const homeIds = async () => (await read<HomeReply>('/api/home')).sections.flatMap((s) => s.devices.map((d) => d.id));

describe('PATCH /api/admin/devices/:id { inStock }', () => {
  it('takes a device off sale at once (listing, search, collections, home, a cached read), keeping its quantity', async () => {
    const [device] = await insertDevices(t.db, [{ brand: 'Nokia', model: 'Offsale One', quantity: 4 }]);
    const id = device!.id;
    // Warm every cache first: the reads right after the switch must not be served from it.
    const total = (await read<DeviceListReply>('/api/devices')).total;
    expect(await listedIds('Offsale')).toEqual([id]);
    expect(await collectionIds()).toContain(id);
    expect(await homeIds()).toContain(id);

    const res = await setInStock(id, false);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, inStock: false, quantity: 4 });

    expect(await listedIds('Offsale')).toEqual([]);
    expect((await read<DeviceListReply>('/api/devices')).total).toBe(total - 1);
    expect(await collectionIds()).not.toContain(id);
    expect(await homeIds()).not.toContain(id);
    // The device page still finds it, to say it is not for sale.
    expect(await read<Device>(`/api/devices/${id}`)).toMatchObject({ inStock: false, quantity: 4 });
    const [row] = await t.db.select().from(devices).where(eq(devices.id, id));
    expect(row).toMatchObject({ inStock: false, quantity: 4 });
  });

  it('audits the switch with who made it and the stock before and after', async () => {
    const [device] = await insertDevices(t.db, [{ brand: 'Nokia', model: 'Audited', quantity: 2 }]);
    await setInStock(device!.id, false);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, device!.id));
    expect(entry).toMatchObject({ action: 'device.update', actorRole: 'admin' });
    expect(entry!.before).toMatchObject({ inStock: true, quantity: 2 });
    expect(entry!.after).toMatchObject({ inStock: false, quantity: 2 });
  });

  it('checkout refuses an off-sale device with 409 naming it, taking no stock', async () => {
    const [device] = await insertDevices(t.db, [{ brand: 'Nokia', model: 'Refused', quantity: 3 }]);
    await setInStock(device!.id, false);
    const res = await checkout(t, [{ deviceId: device!.id, quantity: 1 }]);
    const message = 'Nokia Refused is not for sale at the moment';
    expectError(res, 409, { code: 'OUT_OF_STOCK', message, fields: { [device!.id]: message } });
    const [row] = await t.db.select().from(devices).where(eq(devices.id, device!.id));
    expect(row!.quantity).toBe(3);
  });

  it('puts it back on sale: listed again at once and bought as before', async () => {
    const [device] = await insertDevices(t.db, [{ brand: 'Nokia', model: 'Returning', quantity: 2 }]);
    await setInStock(device!.id, false);
    expect(await listedIds('Returning')).toEqual([]);
    const res = await setInStock(device!.id, true);
    expect(res.json()).toMatchObject({ inStock: true, quantity: 2 });
    expect(await listedIds('Returning')).toEqual([device!.id]);
    expect((await checkout(t, [{ deviceId: device!.id, quantity: 2 }])).statusCode).toBe(201);
  });

  it('units given back by a cancelled order do not put an off-sale device back on sale', async () => {
    const [device] = await insertDevices(t.db, [{ brand: 'Nokia', model: 'Cancelled', quantity: 2 }]);
    const order = await placed(t, [{ deviceId: device!.id, quantity: 1 }]);
    await setInStock(device!.id, false);
    const cancel = await send(t.app, 'POST', `/api/checkout/${order.orderNumber}/cancel`, {
      body: {},
      headers: { 'x-order-token': order.accessToken },
    });
    expect(cancel.statusCode).toBe(200);
    const [row] = await t.db.select().from(devices).where(eq(devices.id, device!.id));
    expect(row).toMatchObject({ inStock: false, quantity: 2 });
    expect(await listedIds('Cancelled')).toEqual([]);
  });

  it('a sold-out device (quantity 0) stays listed, In Stock by the switch, and cannot be bought', async () => {
    const [device] = await insertDevices(t.db, [{ brand: 'Nokia', model: 'Soldout', quantity: 0 }]);
    expect(await listedIds('Soldout')).toEqual([device!.id]);
    const res = await checkout(t, [{ deviceId: device!.id, quantity: 1 }]);
    const message = 'Nokia Soldout is out of stock';
    expectError(res, 409, { code: 'OUT_OF_STOCK', message, fields: { [device!.id]: message } });
  });

  it('refuses a switch that is not true or false', async () => {
    const [device] = await insertDevices(t.db, [{ brand: 'Nokia', model: 'Wrong' }]);
    const res = await setInStock(device!.id, 'no');
    expectFieldError(res, 400, 'VALIDATION_FAILED', 'inStock', 'Choose In Stock or Out of Stock');
  });
});

describe('POST /api/admin/devices { inStock }', () => {
  it('creates a device in stock by default, or off sale when the form says Out of Stock', async () => {
    const body = { brand: 'Nokia', model: 'Created', type: 'phone', condition: 'Good', price: 3000, quantity: 5 };
    const onSale = await send(t.app, 'POST', '/api/admin/devices', { body, cookie });
    expect(onSale.json()).toMatchObject({ inStock: true, quantity: 5 });
    const offSale = await send(t.app, 'POST', '/api/admin/devices', {
      body: { ...body, model: 'Created Off', inStock: false },
      cookie,
    });
    expect(offSale.statusCode).toBe(201);
    expect(offSale.json()).toMatchObject({ inStock: false, quantity: 5 });
    expect(await listedIds('Created')).toEqual([onSale.json().id]);
  });
});
