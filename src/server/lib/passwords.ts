import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * How much work a new hash costs, as scrypt's N (r=8, p=1): `standard` is OWASP's minimum recommendation;
 * `light`, 32 times cheaper, is for tests and throwaway local data only (config refuses it on https). A hash
 * carries its own parameters, so either kind verifies whatever the setting is now.
 */
export const PASSWORD_WORK = { standard: 2 ** 15, light: 2 ** 10 } as const;
export type PasswordWork = keyof typeof PASSWORD_WORK;

const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const MAX_MEMORY = 64 * 1024 * 1024;
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`, base64 parts: the parameters travel with the hash. */
export async function hashPassword(password: string, work: PasswordWork = 'standard'): Promise<string> {
  const salt = randomBytes(16);
  const N = PASSWORD_WORK[work];
  const key = await derive(password, salt, { N, r: BLOCK_SIZE, p: PARALLELISM, maxmem: MAX_MEMORY });
  return ['scrypt', N, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEMORY,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A readable random password for generated demo credentials. */
export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}
