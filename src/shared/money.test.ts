import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney } from './money';

describe('formatAmount', () => {
  it('rounds to whole units and groups thousands with commas', () => {
    expect(formatAmount(0)).toBe('0');
    expect(formatAmount(999)).toBe('999');
    expect(formatAmount(12500)).toBe('12,500');
    expect(formatAmount(1234.5)).toBe('1,235');
    expect(formatAmount(1234567)).toBe('1,234,567');
    expect(formatAmount(-1234.4)).toBe('-1,234');
    for (const amount of [7, 45, 120, 1000, 98765, 100000, 2500000, 123456789])
      expect(formatAmount(amount)).toBe(amount.toLocaleString('en-US'));
  });
});

describe('formatMoney', () => {
  it('puts the context symbol before the amount', () => {
    expect(formatMoney(18999, 'card')).toBe('₦18,999');
    expect(formatMoney(18999, 'filter')).toBe('R18,999');
    expect(formatMoney(18999, 'card', 'ZAR')).toBe('R18,999');
  });
});
