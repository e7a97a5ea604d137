import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/client';
import { firstMetaValue } from './app-meta';

const KEY_NAME = 'link_signing_key';
const keys = new WeakMap<Database, Promise<Buffer>>();

/**
 * The store's key for signed links (an order's link in its email). Made at random on first use and
 * kept in the database, so every instance signs alike, a restart voids no link already sent, and a
 * fresh store needs no configuration.
 */
export function signingKey(db: Database): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = firstMetaValue(db, KEY_NAME, randomBytes(32).toString('base64')).then((value) =>
      Buffer.from(value, 'base64'),
    );
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

/** A signature of `subject` for one purpose ('order-link'): a signature for one purpose opens nothing else. */
export function sign(key: Buffer, purpose: string, subject: string): string {
  return createHmac('sha256', key).update(`${purpose}\n${subject}`).digest('base64url');
}

/** True when `signature` is sign(key, purpose, subject), compared in constant time. */
export function signatureMatches(key: Buffer, purpose: string, subject: string, signature: string | undefined): boolean {
  if (!signature || signature.length > 100) return false;
  const expected = Buffer.from(sign(key, purpose, subject));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
