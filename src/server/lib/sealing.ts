import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import { storedKey } from './app-meta';

/**
 * Secrets the server must read back (a staff member's authenticator secret), sealed with AES-256-GCM
 * under a key kept apart from the rows it seals: a copy of one table alone opens nothing.
 */
export function sealingKey(db: Database): Promise<Buffer> {
  return storedKey(db, 'staff_factor_key');
}

/** 'v1.<iv>.<ciphertext>.<tag>', base64url parts. */
export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, body, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The text `seal` sealed; throws when the value was altered or sealed under another key. */
export function unseal(key: Buffer, sealed: string): string {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== 'v1' || !iv || !body || !tag) throw new Error('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
