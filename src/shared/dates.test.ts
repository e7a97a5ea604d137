import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatTime } from './dates';

describe('the store clock (Africa/Johannesburg, UTC+2)', () => {
  it('gives an instant just before midnight UTC the Johannesburg date that has already begun', () => {
    expect(formatDate('2026-11-21T22:30:00.000Z')).toBe('22 Nov 2026');
    expect(formatDateTime('2026-11-21T22:30:00.000Z')).toBe('22 Nov 2026, 12:30 AM');
    expect(formatDate('2026-11-21T21:59:00.000Z')).toBe('21 Nov 2026');
    expect(formatDateTime('2026-11-21T21:59:00.000Z')).toBe('21 Nov 2026, 11:59 PM');
  });

  it('turns the year in Johannesburg, not in UTC', () => {
    expect(formatDateTime(new Date('2026-12-31T22:05:00Z'))).toBe('1 Jan 2027, 12:05 AM');
  });

  it('writes times as the pickup slots do, noon and midnight included', () => {
    const utc = ['10:00', '12:05', '07:00', '22:00'].map((time) => `2026-11-22T${time}:00Z`);
    expect(utc.map(formatTime)).toEqual(['12:00 PM', '02:05 PM', '09:00 AM', '12:00 AM']);
  });

  it('writes a calendar day as it is, with its weekday when asked', () => {
    expect(formatDay('2026-11-23')).toBe('23 Nov 2026');
    expect(formatDay('2026-11-23', { weekday: true })).toBe('Monday, 23 Nov 2026');
    expect(formatDay('2027-01-03', { weekday: true })).toBe('Sunday, 3 Jan 2027');
  });
});
