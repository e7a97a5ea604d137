import { pickupDates } from '../../src/shared/repair-calendar';
import type { RepairSlotsReply } from '../../src/shared/repairs';
import { CSRF_HEADER } from '../../src/shared/errors';
import { expect, type Api } from './fixtures';

/** The admin moves a paid order to delivered, as the Orders tab's buttons do. */
export async function deliver(admin: Api, orderNumber: string) {
  for (const step of [
    { status: 'processing' },
    { status: 'shipped', courier: 'The Courier Guy', trackingNumber: 'TCG-1001' },
    { status: 'delivered' },
  ]) {
    await admin.expect(admin.post(`/api/admin/orders/${orderNumber}/status`, step));
  }
}

/**
 * A return of one unit of a delivered order, requested through the API by whoever may open the order (its
 * customer's session in `api`, or the placing browser's `accessToken`), collected at a random free time of a
 * day few other specs use. Its RET number.
 */
export async function requestReturn(
  api: Api,
  order: { orderNumber: string; accessToken?: string },
  deviceId: string,
): Promise<string> {
  const pickupDate = pickupDates(new Date()).at(-4)!;
  const { slots } = await api.expect<RepairSlotsReply>(api.get(`/api/repairs/slots?date=${pickupDate}`));
  const res = await api.request.post('/api/returns', {
    headers: { [CSRF_HEADER]: '1', ...(order.accessToken ? { 'x-order-token': order.accessToken } : {}) },
    data: {
      kind: 'return',
      orderNumber: order.orderNumber,
      items: [{ deviceId, quantity: 1 }],
      reason: 'not_as_described',
      description: 'Smaller than the pictures suggested',
      photos: [],
      pickupAddress: '12 Long Street, Cape Town',
      pickupDate,
      pickupTime: slots[Math.floor(Math.random() * slots.length)],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { returnNumber: string }).returnNumber;
}
