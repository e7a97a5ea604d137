import { describe, expect, it } from 'vitest';
import {
  formatPickupDate,
  PICKUP_HOURS,
  PICKUP_SLOTS,
  pickupDateRefusal,
  pickupDates,
  slotStart,
  storeToday,
  upcomingSlots,
} from './repair-calendar';
import { REPAIR_STEPS } from './repairs';
import { BUSINESS_HOURS } from './store';

describe('pickup days and slots', () => {
  it('reads the pickup hours from the business hours the contact page shows', () => {
    const shown = (day: number) => {
      const hours = PICKUP_HOURS[day]!;
      return `${hours.open}:00 - ${hours.close}:00`;
    };
    expect(BUSINESS_HOURS.map((row) => row.hours)).toEqual([shown(1), shown(6), shown(0)]);
    expect([2, 3, 4, 5].map(shown)).toEqual(Array(4).fill(shown(1)));
  });

  it('offers the nine hourly pickup slots of spec 001 section 9, 09:00 AM to 05:00 PM', () => {
    const starts = PICKUP_SLOTS.map((slot) => slotStart('2026-11-23', slot).getTime());
    expect([PICKUP_SLOTS[0], PICKUP_SLOTS.at(-1)]).toEqual(['09:00 AM', '05:00 PM']);
    expect(starts.slice(1).map((start, i) => start - starts[i]!)).toEqual(Array(8).fill(3_600_000));
  });

  it("places a slot in Cape Town's time (UTC+2) whatever the machine's zone", () => {
    expect(slotStart('2026-11-23', '09:00 AM').toISOString()).toBe('2026-11-23T07:00:00.000Z');
    expect(slotStart('2026-11-23', '05:00 PM').toISOString()).toBe('2026-11-23T15:00:00.000Z');
    expect(storeToday(new Date('2026-11-22T21:59:00Z'))).toBe('2026-11-22');
    expect(storeToday(new Date('2026-11-22T22:00:00Z'))).toBe('2026-11-23');
  });

  it('refuses a day the store is closed for pickups, and leaves it out of the date picker', () => {
    const closedOnSunday = [null, ...PICKUP_HOURS.slice(1)];
    const now = new Date('2026-11-21T06:00:00Z'); // Saturday 08:00 in Cape Town
    expect(pickupDateRefusal('2026-11-22', now, closedOnSunday)).toBe('We do not collect devices on this day');
    expect(upcomingSlots('2026-11-22', now, closedOnSunday)).toEqual([]);
    const dates = pickupDates(now, closedOnSunday);
    expect(dates.slice(0, 2)).toEqual(['2026-11-21', '2026-11-23']);
    expect(dates.some((date) => new Date(`${date}T00:00:00Z`).getUTCDay() === 0)).toBe(false);
  });

  it('leaves today out of the date picker once its last slot has started', () => {
    // Sunday 13:30 in Cape Town: the 01:00 PM slot has started and the store closes at 14:00.
    expect(pickupDates(new Date('2026-11-22T11:30:00Z'))[0]).toBe('2026-11-23');
  });

  it('writes a date the same way in every zone', () => {
    expect(formatPickupDate('2026-11-23')).toBe('Monday, 23 Nov 2026');
  });
});

describe('the booking steps', () => {
  it('gate step 4 on nothing and step 5 on all four contact fields', () => {
    expect(REPAIR_STEPS[3].schema.safeParse({}).success).toBe(true);
    const step5 = REPAIR_STEPS[4].schema.safeParse({
      customerDetails: { name: 'A', phone: '', email: '', address: '' },
    });
    expect(step5.success).toBe(false);
  });
});
