import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database, DbHandle } from '../db/client';
import { appMeta } from '../db/schema/app-meta';

/**
 * The one owner of `app_meta`, the store's own key-value facts (the link signing key, the default
 * stock images, when the first start seeded). A value is written once, by whoever comes first,
 * and never changed: every instance reads what the first writer stored.
 */

/** The value stored under `key`, or null. */
export async function readMeta(db: DbHandle, key: string): Promise<string | null> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, key)).limit(1);
  return row?.value ?? null;
}

/** Stores `value` under `key` unless a value is there already: true when this call stored it. */
export async function claimMeta(db: DbHandle, key: string, value: string): Promise<boolean> {
  const claimed = await db.insert(appMeta).values({ key, value }).onConflictDoNothing().returning({ key: appMeta.key });
  return claimed.length > 0;
}

/** The value under `key`, storing `value` first when there is none: the first writer's value wins. */
export async function firstMetaValue(db: DbHandle, key: string, value: string): Promise<string> {
  if (await claimMeta(db, key, value)) return value;
  return (await readMeta(db, key))!;
}

const keys = new Map<string, WeakMap<Database, Promise<Buffer>>>();

/**
 * One of the store's own keys (`link_signing_key`, `staff_factor_key`): 32 random bytes made on first
 * use and kept here, so every instance holds the same key, a restart loses nothing sealed or signed
 * with it, and a fresh store needs no configuration. Read once per database.
 */
export function storedKey(db: Database, name: string): Promise<Buffer> {
  let byDb = keys.get(name);
  if (!byDb) keys.set(name, (byDb = new WeakMap()));
  let key = byDb.get(db);
  if (!key) {
    key = firstMetaValue(db, name, randomBytes(32).toString('base64')).then((value) => Buffer.from(value, 'base64'));
    key.catch(() => byDb.delete(db));
    byDb.set(db, key);
  }
  return key;
}
