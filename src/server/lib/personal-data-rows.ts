import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { PersonalDataHolder } from '../../shared/personal-data';
import type { DbHandle } from '../db/client';

/*
 * What every module's part of a person's data (docs/decisions/076) reads the same way: which rows are the person's,
 * and a record's status history and photos as their copy shows them.
 */

/** A table whose rows a customer gives: under their account when signed in, always under an email address. */
type HeldTable = PgTable & { customerId: AnyPgColumn; customerEmail: AnyPgColumn; createdAt: AnyPgColumn };

/** An email address column matching `email`, case and surrounding spaces aside: the same person however typed. */
export const sameEmail = (column: AnyPgColumn, email: string): SQL =>
  sql`lower(${column}) = ${email.trim().toLowerCase()}`;

/**
 * The rows a person's data takes in: those linked to their account, and those given under their email address in
 * any case (a guest's order, a trade-in sent before they signed up): the address's owner was sent each of them at
 * that address.
 */
export function heldBy(table: Pick<HeldTable, 'customerId' | 'customerEmail'>, holder: PersonalDataHolder): SQL {
  return or(
    holder.customerId ? eq(table.customerId, holder.customerId) : undefined,
    sameEmail(table.customerEmail, holder.email),
  )!;
}

/** The holder's rows of `table`, oldest first, as their copy lists them. */
export async function rowsHeldBy<T extends HeldTable>(
  db: DbHandle,
  table: T,
  holder: PersonalDataHolder,
): Promise<T['$inferSelect'][]> {
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(heldBy(table, holder))
    .orderBy(asc(table.createdAt));
  return rows as T['$inferSelect'][];
}

/** A step of a record's status history as the person's copy shows it. */
export interface HistoryStep {
  at: string;
  status: string;
  description: string;
}

/** A status history table (schema/status-history.ts), with the column naming the record a step belongs to. */
type StatusHistory = PgTable & {
  id: AnyPgColumn;
  status: AnyPgColumn;
  description: AnyPgColumn;
  createdAt: AnyPgColumn;
};

/** The status history of the records `ids`, oldest step first; answers each record's steps by its id. */
export async function statusHistoryOf(
  db: DbHandle,
  table: StatusHistory,
  owner: AnyPgColumn,
  ids: string[],
): Promise<(id: string) => HistoryStep[]> {
  const steps = (await db
    .select({ owner, createdAt: table.createdAt, status: table.status, description: table.description })
    .from(table)
    .where(inArray(owner, ids))
    .orderBy(asc(table.createdAt), asc(table.id))) as {
    owner: string;
    createdAt: Date;
    status: string;
    description: string;
  }[];
  return (id) =>
    steps
      .filter((step) => step.owner === id)
      .map((step) => ({ at: step.createdAt.toISOString(), status: step.status, description: step.description }));
}

/** A table of records' private photos: each an image of the images module, at a position among its record's. */
type PhotoTable = PgTable & { imageId: AnyPgColumn; position: AnyPgColumn };

/**
 * The image ids of the records' photos in their order (those `only` allows, where given); answers each record's by
 * its id. The copy carries the images' bytes beside them.
 */
export async function photoIdsOf(
  db: DbHandle,
  table: PhotoTable,
  owner: AnyPgColumn,
  ids: string[],
  only?: SQL,
): Promise<(id: string) => string[]> {
  const photos = (await db
    .select({ owner, imageId: table.imageId })
    .from(table)
    .where(and(inArray(owner, ids), only))
    .orderBy(asc(table.position))) as { owner: string; imageId: string }[];
  return (id) => photos.filter((photo) => photo.owner === id).map((photo) => photo.imageId);
}
