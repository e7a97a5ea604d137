import { formatDay } from './dates';

/**
 * Pickup days and slots, in the store's time (Africa/Johannesburg) whatever the browser's zone: the
 * dialog's date picker and slot list and the server's check of a booking read the same rules here.
 */

/** Hourly pickup slots, 09:00 AM to 05:00 PM. */
export const PICKUP_SLOTS = [
  '09:00 AM',
  '10:00 AM',
  '11:00 AM',
  '12:00 PM',
  '01:00 PM',
  '02:00 PM',
  '03:00 PM',
  '04:00 PM',
  '05:00 PM',
] as const;

export type PickupSlot = (typeof PICKUP_SLOTS)[number];

/** South Africa Standard Time is UTC+2 all year (no daylight saving), so a fixed offset is exact. */
const STORE_UTC_OFFSET_MS = 2 * 3_600_000;
/** How far ahead a pickup can be booked. */
const PICKUP_WINDOW_DAYS = 30;

/**
 * Pickup hours per weekday (0 is Sunday), from the business hours of spec 001 section 9
 * (Mon-Fri 8:00-18:00, Sat 9:00-16:00, Sun 9:00-14:00): a slot is offered when the agent can start
 * and finish the hour inside them. A day without hours is closed for pickups.
 */
export const PICKUP_HOURS: readonly ({ open: number; close: number } | null)[] = [
  { open: 9, close: 14 },
  { open: 8, close: 18 },
  { open: 8, close: 18 },
  { open: 8, close: 18 },
  { open: 8, close: 18 },
  { open: 8, close: 18 },
  { open: 9, close: 16 },
];

/** '01:00 PM' -> 13. */
function slotHour(slot: PickupSlot): number {
  const [, hh, period] = /^(\d{2}):00 (AM|PM)$/.exec(slot)!;
  return (Number(hh) % 12) + (period === 'PM' ? 12 : 0);
}

/** Today's date in the store's zone, as YYYY-MM-DD. */
export function storeToday(now: Date): string {
  return new Date(now.getTime() + STORE_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The instant a slot starts: 2026-11-23 09:00 AM in Cape Town is 07:00 UTC. */
export function slotStart(date: string, slot: PickupSlot): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) + slotHour(slot) * 3_600_000 - STORE_UTC_OFFSET_MS);
}

/** A date as YYYY-MM-DD. */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
function isCalendarDate(date: string): boolean {
  return DATE_PATTERN.test(date) && new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) === date;
}

/** The slots of a day within its pickup hours, before the clock is looked at. */
function slotsOfDay(date: string, hours = PICKUP_HOURS): PickupSlot[] {
  const day = hours[new Date(`${date}T00:00:00Z`).getUTCDay()];
  if (!day) return [];
  return PICKUP_SLOTS.filter((slot) => slotHour(slot) >= day.open && slotHour(slot) + 1 <= day.close);
}

export const PICKUP_MESSAGES = {
  chooseDate: 'Choose a pickup date',
  pastDate: 'Choose a pickup date from today onwards',
  tooFar: `Pickups can be booked up to ${PICKUP_WINDOW_DAYS} days ahead`,
  closed: 'We do not collect devices on this day',
  chooseTime: 'Choose a pickup time',
  timeUnavailable: 'This pickup time is not available on the chosen date',
  slotFull: 'This pickup time is fully booked. Please choose another time.',
} as const;

/** Why a pickup date cannot be booked at `now`, or null when it can. */
export function pickupDateRefusal(date: string, now: Date, hours = PICKUP_HOURS): string | null {
  if (!isCalendarDate(date)) return PICKUP_MESSAGES.chooseDate;
  const today = storeToday(now);
  if (date < today) return PICKUP_MESSAGES.pastDate;
  if (date > addDays(today, PICKUP_WINDOW_DAYS)) return PICKUP_MESSAGES.tooFar;
  if (slotsOfDay(date, hours).length === 0) return PICKUP_MESSAGES.closed;
  return null;
}

/** The slots still ahead of `now` on a bookable date (before capacity is counted). */
export function upcomingSlots(date: string, now: Date, hours = PICKUP_HOURS): PickupSlot[] {
  if (pickupDateRefusal(date, now, hours)) return [];
  return slotsOfDay(date, hours).filter((slot) => slotStart(date, slot).getTime() > now.getTime());
}

/** The dates the date picker offers: from today, open days with a slot still ahead. */
export function pickupDates(now: Date, hours = PICKUP_HOURS): string[] {
  const today = storeToday(now);
  const dates: string[] = [];
  for (let i = 0; i <= PICKUP_WINDOW_DAYS; i++) {
    const date = addDays(today, i);
    if (upcomingSlots(date, now, hours).length > 0) dates.push(date);
  }
  return dates;
}

/** 'Monday, 23 Nov 2026': a pickup day in the store's one date format, with its weekday. */
export const formatPickupDate = (date: string) => formatDay(date, { weekday: true });
