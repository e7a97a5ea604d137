import { eq } from 'drizzle-orm';
import { pickupDates, upcomingSlots } from '../../src/shared/repair-calendar';
import type { OpenReturnInput } from '../../src/shared/returns';
import { devices } from '../../src/server/db/schema';
import { nextAddress, paid } from './checkout';
import { insertDevices } from './devices';
import { send, type TestApp } from './test-app';

/** A paid order of `quantities` units of new devices (price each), moved by the admin to delivered (or `until`). */
export async function deliveredOrder(
  t: TestApp,
  admin: { cookie: string },
  {
    quantities = [1],
    price = 5000,
    cookie,
    until = 'delivered',
  }: { quantities?: number[]; price?: number; cookie?: string; until?: 'shipped' | 'delivered' } = {},
) {
  const made = await insertDevices(
    t.db,
    quantities.map((q) => ({ price, quantity: q + 3 })),
  );
  const items = made.map((device, i) => ({ deviceId: device.id, quantity: quantities[i]! }));
  const order = await paid(t, items, { cookie });
  const steps = ['processing', 'shipped', 'delivered'];
  for (const status of steps.slice(0, steps.indexOf(until) + 1)) {
    const res = await send(t.app, 'POST', `/api/admin/orders/${order.orderNumber}/status`, {
      cookie: admin.cookie,
      body: status === 'shipped' ? { status, courier: 'The Courier Guy', trackingNumber: 'TCG-1001' } : { status },
    });
    if (res.statusCode !== 200) throw new Error(`advance failed: ${res.body}`);
  }
  return { ...order, items, deviceIds: made.map((d) => d.id) };
}

/** A request's body with a collection slot of its own ahead of `now`. */
export const returnBody = (now: Date, overrides: Partial<OpenReturnInput> = {}): OpenReturnInput => ({
  kind: 'return',
  reason: 'faulty',
  description: 'The screen flickers',
  pickupAddress: '12 Long Street, Cape Town',
  ...freshSlot(now),
  ...overrides,
});

/** POST /api/returns as the placing browser (its order token) or a signed-in customer asks. */
export const openReturn = (
  t: TestApp,
  body: OpenReturnInput,
  { token, cookie }: { token?: string; cookie?: string } = {},
) =>
  send(t.app, 'POST', '/api/returns', {
    body,
    cookie,
    headers: { 'x-forwarded-for': nextAddress(), ...(token ? { 'x-order-token': token } : {}) },
  });

export async function quantityOf(t: TestApp, deviceId: string) {
  const [row] = await t.db.select({ quantity: devices.quantity }).from(devices).where(eq(devices.id, deviceId));
  return row!.quantity;
}

let slotIndex = 0;
/**
 * A collection slot of its own, ahead of `now`: every request takes a place in its slot (capacity 2 in
 * tests), so tests that open many spread them over the days ahead.
 */
export function freshSlot(now: Date) {
  const slots = pickupDates(now).flatMap((date) =>
    upcomingSlots(date, now).map((time) => ({ pickupDate: date, pickupTime: time })),
  );
  return slots[slotIndex++ % slots.length]!;
}
