import type { z } from 'zod';
import type { contactMessageSchema } from '../../../shared/contact';
import type { Database } from '../../db/client';
import { contactMessages } from '../../db/schema/contact';

type ContactMessage = z.output<typeof contactMessageSchema>;

export async function storeContactMessage({ db, message }: { db: Database; message: ContactMessage }) {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  return { id: row!.id };
}
