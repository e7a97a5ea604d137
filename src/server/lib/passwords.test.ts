import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('password hashes', () => {
  it('are scrypt at N=2^15, r=8, p=1 unless asked for light work, which is N=2^10', async () => {
    expect((await hashPassword('Correct-horse-9')).split('$').slice(0, 4)).toEqual(['scrypt', '32768', '8', '1']);
    expect((await hashPassword('Correct-horse-9', 'light')).split('$').slice(0, 4)).toEqual([
      'scrypt',
      '1024',
      '8',
      '1',
    ]);
  });

  it('verify at the work they were made with, whatever the work is now', async () => {
    for (const stored of [await hashPassword('Correct-horse-9'), await hashPassword('Correct-horse-9', 'light')]) {
      expect(await verifyPassword('Correct-horse-9', stored)).toBe(true);
      expect(await verifyPassword('Correct-horse-8', stored)).toBe(false);
    }
  });

  it('never verify what is not a scrypt hash, or a salt with another password’s key', async () => {
    const [scheme, n, r, p, salt] = (await hashPassword('Correct-horse-9', 'light')).split('$');
    const other = (await hashPassword('Other-horse-9', 'light')).split('$')[5];
    expect(await verifyPassword('Correct-horse-9', [scheme, n, r, p, salt, other].join('$'))).toBe(false);
    expect(await verifyPassword('Correct-horse-9', 'plain$Correct-horse-9')).toBe(false);
    expect(await verifyPassword('Correct-horse-9', '')).toBe(false);
  });
});
