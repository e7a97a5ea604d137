import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/client';
import { storedKey } from './app-meta';

/** The store's key for signed links (an order's link in its email): a restart voids no link already sent. */
export function signingKey(db: Database): Promise<Buffer> {
  return storedKey(db, 'link_signing_key');
}

/** A signature of `subject` for one purpose ('order-link'): a signature for one purpose opens nothing else. */
export function sign(key: Buffer, purpose: string, subject: string): string {
  return createHmac('sha256', key).update(`${purpose}\n${subject}`).digest('base64url');
}

/** True when `signature` is sign(key, purpose, subject), compared in constant time. */
export function signatureMatches(
  key: Buffer,
  purpose: string,
  subject: string,
  signature: string | undefined,
): boolean {
  if (!signature || signature.length > 100) return false;
  const expected = Buffer.from(sign(key, purpose, subject));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A signature of `subject` that lapses at `expiresAt`: `<expiry in Unix seconds>.<signature>`, the
 * expiry signed with the subject, so a link lives as long as it was given and no longer, with
 * nothing stored.
 */
export function signUntil(key: Buffer, purpose: string, subject: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${expires}.${sign(key, purpose, `${subject}\n${expires}`)}`;
}

/** True when `token` is signUntil(key, purpose, subject, expiry) for an expiry still ahead of `now`. */
export function signedUntilMatches(
  key: Buffer,
  purpose: string,
  subject: string,
  token: string | undefined,
  now: Date,
): boolean {
  const parts = /^(\d{1,12})\.([\w-]{1,100})$/.exec(token ?? '');
  if (!parts) return false;
  const expires = Number(parts[1]);
  return expires * 1000 > now.getTime() && signatureMatches(key, purpose, `${subject}\n${expires}`, parts[2]);
}
