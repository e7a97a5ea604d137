/** Column helpers the table files share; no module imports this file. */
import { sql, type SQL } from 'drizzle-orm';
import { bigint, customType, date, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** `column IN ('a', 'b')` with the allowed values taken from src/shared. */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  const list = values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(list)})`;
}

/** A random UUID primary key. */
export const uuidKey = () => uuid('id').primaryKey().defaultRandom();

/** An identity primary key, for rows only ever appended (history, events, failures). */
export const identityKey = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

/** A row that belongs to `parent` and is deleted with it. */
export const partOf = (name: string, parent: () => AnyPgColumn) =>
  uuid(name).notNull().references(parent, { onDelete: 'cascade' });

/** A one-to-one row keyed by `parent`'s id and deleted with it. */
export const keyedBy = (name: string, parent: () => AnyPgColumn) =>
  uuid(name).primaryKey().references(parent, { onDelete: 'cascade' });

/** A reference to `parent`, which cannot be deleted while a row names it (`.notNull()` where the row needs one). */
export const refersTo = (name: string, parent: () => AnyPgColumn) =>
  uuid(name).references(parent, { onDelete: 'restrict' });

/** A reference to `parent` that is cleared when `parent` is deleted: the row stays, naming no one. */
export const clearedWith = (name: string, parent: () => AnyPgColumn) =>
  uuid(name).references(parent, { onDelete: 'set null' });

/** A pickup's day and slot (repairs' pickups, returns' collections and the slots they fill). */
export const pickupSlot = () => ({
  pickupDate: date('pickup_date').notNull(),
  pickupTime: text('pickup_time').notNull(),
});
