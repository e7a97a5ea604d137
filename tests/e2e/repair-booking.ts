import type { APIResponse, Locator } from '@playwright/test';
import { pickupDates } from '../../src/shared/repair-calendar';
import type { AgentOpenWork } from '../../src/shared/agents';
import type { RepairBookedReply, RepairBookingInput, RepairSlotsReply } from '../../src/shared/repairs';
import { expect, type Api } from './fixtures';

/** POST /api/repairs/bookings as a shopper of their own (Api.postAsShopper: bookings are throttled per address). */
export function postBooking(api: Api, booking: RepairBookingInput): Promise<APIResponse> {
  return api.postAsShopper('/api/repairs/bookings', booking);
}

/** The times still offered on a date. */
export const offeredSlots = async (api: Api, date: string) =>
  (await api.expect<RepairSlotsReply>(api.get(`/api/repairs/slots?date=${date}`))).slots;

/** A booking of a laptop battery for Pieter at a free time of `date` (`dates.at(-1)` unless given), picked at random so runs side by side rarely share it. */
export async function freeBooking(
  api: Api,
  date = pickupDates(new Date()).at(-1)!,
  email = 'pieter@example.co.za',
): Promise<RepairBookingInput & { pickupTime: string }> {
  const free = await offeredSlots(api, date);
  expect(free.length).toBeGreaterThan(0);
  return {
    deviceType: 'laptop',
    service: 'battery-replacement',
    timeframe: '1 week',
    customerDetails: { name: 'Pieter Botha', phone: '021 555 0199', email, address: '3 Long Street' },
    pickupDate: date,
    pickupTime: free[Math.floor(Math.random() * free.length)]!,
  };
}

/**
 * A pickup for one agent on the fifth offered day from the last. A booking goes to the least busy active
 * agent of its day, and every spec's agents are active beside this one, so the admin reassigns it when
 * the day's rule chose someone else. `customer`: the customer's email and, if given, name.
 */
export async function pickupFor(api: Api, admin: Api, agentId: string, customer: { email: string; name?: string }) {
  const free = await freeBooking(api, pickupDates(new Date()).at(-5), customer.email);
  const customerDetails = { ...free.customerDetails, name: customer.name ?? free.customerDetails.name };
  const res = await postBooking(api, { ...free, customerDetails });
  expect(res.status(), await res.text()).toBe(201);
  const { bookingNumber } = (await res.json()) as RepairBookedReply;
  const work = await admin.expect<AgentOpenWork>(admin.get(`/api/admin/agents/${agentId}/open-work`));
  if (!work.pickups.some((pickup) => pickup.bookingNumber === bookingNumber)) {
    await admin.expect(admin.post(`/api/admin/repairs/${bookingNumber}/reassign`, { agentId }));
  }
  return bookingNumber;
}

/** Books through the API until the booking's slot is full (2 places by default); another run may take the last place first (409). */
export async function fillSlot(api: Api, booking: RepairBookingInput) {
  while ((await offeredSlots(api, booking.pickupDate)).includes(booking.pickupTime as never)) {
    const res = await postBooking(api, booking);
    expect([201, 409], await res.text()).toContain(res.status());
  }
}

/**
 * On step 6, the first date with a time still free, then its first time. A day's last slots fill up
 * as the run's other bookings take them (today after mid-afternoon has one), and the dialog then
 * says so under Pickup Time; a customer picks the next date, and so does this.
 */
export async function chooseFreePickup(step6: Locator) {
  const date = step6.getByLabel('Pickup Date');
  const time = step6.getByLabel('Pickup Time');
  for (let index = 1; ; index++) {
    await date.selectOption({ index });
    await expect(time).toBeEnabled();
    if ((await time.locator('option').count()) > 1) break;
  }
  await time.selectOption({ index: 1 });
}
