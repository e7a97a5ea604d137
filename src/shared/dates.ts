/**
 * Every date and time the store shows (pages, admin and agent views, emails, chat replies), in one
 * format and in the store's zone whoever reads it and wherever the server runs (decision 056):
 *
 *   date       22 Nov 2026
 *   time       02:05 PM            (the style of the spec's pickup slots, '09:00 AM')
 *   date-time  22 Nov 2026, 02:05 PM
 *   day        Monday, 23 Nov 2026 (a calendar day the reader plans around: a pickup)
 *
 * The strings are put together here from numeric parts, not left to a locale's pattern, so the
 * server's HTML and the hydrated page agree across engines and ICU versions. A page says once that
 * its times are South African time (STORE_TIME_NOTE), not on every cell.
 */

export const STORE_TIME_ZONE = 'Africa/Johannesburg';
/** What the store's times are called: an email says it once, after its first time. */
export const STORE_TIME_NAME = 'South African time';
/** The one line a page, table or detail view gives its times. */
export const STORE_TIME_NOTE = `Times in ${STORE_TIME_NAME} (SAST)`;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

// Pure: a chunk that imports only STORE_TIME_ZONE (the payment check) does not carry the formatter.
const storeClock = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', {
  timeZone: STORE_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

type Instant = string | Date;

/** The wall clock in Johannesburg at an instant, as numbers. */
function storeParts(at: Instant) {
  const parts = storeClock.formatToParts(typeof at === 'string' ? new Date(at) : at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour') % 24,
    minute: part('minute'),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const dateText = (year: number, month: number, day: number) => `${day} ${MONTHS[month - 1]} ${year}`;

/** '14:05' as the pickup slots write it: '02:05 PM'. */
function clockText(hour: number, minute: number): string {
  return `${pad(hour % 12 || 12)}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** '22 Nov 2026': the Johannesburg date of an instant (23:30 UTC on the 21st is already the 22nd). */
export function formatDate(at: Instant): string {
  const { year, month, day } = storeParts(at);
  return dateText(year, month, day);
}

/** '02:05 PM' in Johannesburg. */
export function formatTime(at: Instant): string {
  const { hour, minute } = storeParts(at);
  return clockText(hour, minute);
}

/** '22 Nov 2026, 02:05 PM' in Johannesburg. */
export function formatDateTime(at: Instant): string {
  const { year, month, day, hour, minute } = storeParts(at);
  return `${dateText(year, month, day)}, ${clockText(hour, minute)}`;
}

/**
 * A calendar day written YYYY-MM-DD (a pickup date, a review's date): no instant, so no zone to
 * convert. '2026-11-23' -> '23 Nov 2026', or 'Monday, 23 Nov 2026' with its weekday.
 */
export function formatDay(date: string, { weekday = false } = {}): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const text = dateText(year, month, day);
  return weekday ? `${WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]}, ${text}` : text;
}
