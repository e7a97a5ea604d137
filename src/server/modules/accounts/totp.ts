import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP): HMAC-SHA1, a 30-second step,
 * 6 digits, what every authenticator app reads from an otpauth:// link. Written here in a few lines
 * rather than taken from a package: the whole algorithm is the two functions below.
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of one step before and after are accepted too: a phone's clock a little off, a code typed as it turned. */
const WINDOW = 1;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = '';
  for (const byte of bytes) bits += byte.toString(2).padStart(8, '0');
  let out = '';
  for (let i = 0; i < bits.length; i += 5) out += BASE32[parseInt(bits.slice(i, i + 5).padEnd(5, '0'), 2)];
  return out;
}

export function base32Decode(text: string): Buffer {
  let bits = '';
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error('not base32');
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** A new secret: 20 random bytes (160 bits, the length RFC 4226 recommends for SHA-1), base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The 30-second step a moment falls in (RFC 6238's T). */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS);
}

/** The code of one step (RFC 4226 section 5.3: dynamic truncation of the HMAC). */
export function totpCode(secret: string, step: number, digits = TOTP_DIGITS, algorithm = 'sha1'): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac(algorithm, base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/**
 * The step `code` belongs to, within one step either side of `at`, or null. The caller refuses a
 * step at or before the last one accepted, so a code works once.
 */
export function matchTotp(secret: string, code: string, at: Date): number | null {
  const now = totpStep(at);
  const given = Buffer.from(code.padEnd(TOTP_DIGITS));
  let matched: number | null = null;
  for (let step = now - WINDOW; step <= now + WINDOW; step++) {
    const expected = Buffer.from(totpCode(secret, step));
    // Every candidate is compared, in constant time, whatever matched before.
    if (given.length === expected.length && timingSafeEqual(given, expected) && matched === null) matched = step;
  }
  return matched;
}

/** The link an authenticator app reads (Key Uri Format): the issuer, the account, the secret. */
export function otpauthUri(issuer: string, account: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  return `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${TOTP_DIGITS}&period=${TOTP_STEP_SECONDS}`;
}
