import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney, fromMinorUnits } from './money';

describe('formatAmount', () => {
  it('groups thousands with commas and writes whole amounts without cents', () => {
    expect(formatAmount(0)).toBe('0');
    expect(formatAmount(999)).toBe('999');
    expect(formatAmount(12500)).toBe('12,500');
    expect(formatAmount(1234567)).toBe('1,234,567');
    expect(formatAmount(1234.001)).toBe('1,234');
    for (const amount of [7, 45, 120, 1000, 98765, 100000, 2500000, 123456789])
      expect(formatAmount(amount)).toBe(amount.toLocaleString('en-US'));
  });

  it('keeps the cents of an amount that has them (a partial refund): never rounds them away', () => {
    expect(formatAmount(5000.5)).toBe('5,000.50');
    expect(formatAmount(18497.5)).toBe('18,497.50');
    expect(formatAmount(0.05)).toBe('0.05');
    expect(formatAmount(123456.78)).toBe('123,456.78');
    expect(formatAmount(-1234.4)).toBe('-1,234.40');
    expect(formatAmount(fromMinorUnits(500050))).toBe('5,000.50');
  });
});

describe('formatMoney', () => {
  it('puts the context symbol before the amount', () => {
    expect(formatMoney(18999, 'card')).toBe('₦18,999');
    expect(formatMoney(18999, 'filter')).toBe('R18,999');
    expect(formatMoney(18999, 'card', 'ZAR')).toBe('R18,999');
    expect(formatMoney(5000.5, 'admin')).toBe('₦5,000.50');
  });
});
