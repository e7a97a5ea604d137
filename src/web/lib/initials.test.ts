import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first and the last name, whatever lies between', () => {
    expect(initials('Pieter van der Merwe')).toBe('PM');
    expect(initials('Thandi Nkosi')).toBe('TN');
    expect(initials('Lerato  Mokoena-Dlamini ')).toBe('LM');
  });

  it('gives one letter for one name and nothing for none', () => {
    expect(initials('Sipho')).toBe('S');
    expect(initials('   ')).toBe('');
  });

  it('capitalises lower-case names', () => {
    expect(initials('anna de villiers')).toBe('AV');
  });
});
