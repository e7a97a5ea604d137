import { describe, expect, it } from 'vitest';
import { formatPhone, normaliseSaPhone } from './phones';

describe('normaliseSaPhone', () => {
  it.each(['082 555 0199', '+27 82 555 0199', '0825550199', '+27825550199', '27 82 555 0199', '(082) 555-0199'])(
    'reads %s as +27 82 555 0199',
    (input) => expect(normaliseSaPhone(input)).toBe('+27 82 555 0199'),
  );

  it.each(['555 0199', '+44 20 7946 0958', '0925550199', '08255501999'])('refuses %s', (input) =>
    expect(normaliseSaPhone(input)).toBeNull(),
  );
});

describe('formatPhone', () => {
  it.each([
    ['082 555 0199', '+27 82 555 0199'],
    ['0825550199', '+27 82 555 0199'],
    ['082-555-0199', '+27 82 555 0199'],
    ['(021) 555 0123', '+27 21 555 0123'],
    ['+27 82 5550199', '+27 82 555 0199'],
    ['27825550199', '+27 82 555 0199'],
  ])('shows %s as %s', (typed, shown) => expect(formatPhone(typed)).toBe(shown));

  it('leaves a number abroad, and a masked one, as it was typed', () => {
    expect(formatPhone(' +44 20 7946 0958 ')).toBe('+44 20 7946 0958');
    expect(formatPhone('***0199')).toBe('***0199');
  });
});
