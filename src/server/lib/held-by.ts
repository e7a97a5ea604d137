import { eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PersonalDataHolder } from '../../shared/personal-data';

/**
 * The rows a person's data takes in (docs/decisions/076): those linked to their account, and those given under their
 * email address in any case (a guest's order, a trade-in sent before they signed up): the address's owner was sent
 * each of them at that address.
 */
export function heldBy(columns: { customerId: AnyPgColumn; email: AnyPgColumn }, holder: PersonalDataHolder): SQL {
  return or(
    holder.customerId ? eq(columns.customerId, holder.customerId) : undefined,
    sql`lower(${columns.email}) = ${holder.email.trim().toLowerCase()}`,
  )!;
}
