import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { addressSchema, AddressReply } from '../../../shared/accounts';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { getUser, type OwnRecordChange } from './users';

/** A customer's address, kept on their users row: null until a city, province or postal code is saved. */
export async function getAddress({ db, userId }: { db: Database; userId: string }): Promise<AddressReply> {
  const user = await getUser(db, userId);
  if (!user.city && !user.province && !user.postalCode) return { address: null };
  return {
    address: {
      apartment: user.apartment ?? '',
      city: user.city ?? '',
      province: user.province ?? '',
      postalCode: user.postalCode ?? '',
    },
  };
}

export async function saveAddress({
  db,
  clock,
  userId,
  input,
}: OwnRecordChange<z.output<typeof addressSchema>>): Promise<AddressReply> {
  await db
    .update(users)
    .set({
      apartment: input.apartment || null,
      city: input.city,
      province: input.province,
      postalCode: input.postalCode,
      updatedAt: clock.now(),
    })
    .where(eq(users.id, userId));
  return getAddress({ db, userId });
}
