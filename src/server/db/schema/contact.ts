/** The tables modules/contact owns: only that module imports this file (table-ownership.test.ts). */
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { INQUIRY_TYPES } from '../../../shared/contact';
import { createdAt, oneOf, uuidKey } from './columns';

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuidKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    inquiryType: text('inquiry_type').notNull().default('general'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'contact_messages_inquiry_type_check',
      oneOf(
        t.inquiryType,
        INQUIRY_TYPES.map((i) => i.value),
      ),
    ),
    index('contact_messages_created_idx').on(t.createdAt.desc()),
  ],
);
