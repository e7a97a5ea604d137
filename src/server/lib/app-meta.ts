import { eq } from 'drizzle-orm';
import type { DbHandle } from '../db/client';
import { appMeta } from '../db/schema';

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
