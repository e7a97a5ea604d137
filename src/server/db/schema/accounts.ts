/** The tables modules/accounts owns: only that module imports this file (table-ownership.test.ts). */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ROLES } from '../../../shared/accounts';
import { AGENT_ROLES, USER_STATUSES } from '../../../shared/agents';
import { clearedWith, createdAt, identityKey, keyedBy, oneOf, partOf, updatedAt, uuidKey } from './columns';
import { images } from './images';

/** Customers, agents and the admin: one table, one sign-in path, a role each. */
export const users = pgTable(
  'users',
  {
    id: uuidKey(),
    role: text('role').notNull(),
    email: text('email').notNull(),
    username: text('username'),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    status: text('status').notNull().default('active'),
    agentRole: text('agent_role'),
    idType: text('id_type'),
    /** Personal data: never sent back in full, never logged. */
    idNumber: text('id_number'),
    apartment: text('apartment'),
    city: text('city'),
    province: text('province'),
    postalCode: text('postal_code'),
    profileImageId: clearedWith('profile_image_id', () => images.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    index('users_role_created_idx').on(t.role, t.createdAt.desc()),
    check('users_role_check', oneOf(t.role, ROLES)),
    check('users_status_check', oneOf(t.status, USER_STATUSES)),
    check('users_agent_role_check', sql`${t.agentRole} is null or ${oneOf(t.agentRole, AGENT_ROLES)}`),
    check('users_agent_username_check', sql`${t.role} <> 'agent' or ${t.username} is not null`),
  ],
);

/** A signed-in browser. The token itself is never stored, only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: partOf('user_id', () => users.id),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** A staff member's password was right but their second factor is still to come: the session opens only that step. */
    mfaPending: boolean('mfa_pending').notNull().default(false),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * A staff member's authenticator (TOTP, RFC 6238): the secret sealed with the store's key, confirmed
 * once a first code matched; the last step a code was accepted in, so no code is used twice. Until
 * then the setup's recovery codes are kept sealed too, so a reload shows the same setup (created_at
 * is when this secret was made: the setup expires ENROLMENT_MINUTES later).
 */
export const staffFactors = pgTable('staff_factors', {
  userId: keyedBy('user_id', () => users.id),
  sealedSecret: text('sealed_secret').notNull(),
  sealedRecoveryCodes: text('sealed_recovery_codes'),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** The ten one-time recovery codes of a staff member's authenticator: their SHA-256 only. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: partOf('user_id', () => users.id),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_recovery_codes_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: partOf('user_id', () => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** The sign-up form's details a pending sign-up keeps until its link makes the account. */
export interface SignUpDetails {
  firstName: string;
  lastName: string;
  phone: string;
  idType: string;
  /** Personal data: never sent back in full, never logged. */
  idNumber: string;
  apartment: string | null;
  city: string;
  province: string;
  postalCode: string;
}

/**
 * The link columns of a row waiting for a link emailed to an address (a sign-up, an email change):
 * the SHA-256 of the newest link, of the one emailed before it (both work; a repeated request emails
 * at most one more), when the newest went out and when both stop working.
 */
const emailedLinkColumns = () => ({
  tokenHash: text('token_hash').notNull(),
  earlierTokenHash: text('earlier_token_hash'),
  emailedAt: timestamp('emailed_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * A sign-up waiting for the link emailed to its address: the account is made only when the link is
 * used, so a sign-up answers alike for a new and a taken email. One per address: a new sign-up
 * replaces its form (the details and the password's hash), not its link.
 */
export const signUpRequests = pgTable(
  'sign_up_requests',
  {
    ...emailedLinkColumns(),
    tokenHash: text('token_hash').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    details: jsonb('details').$type<SignUpDetails>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sign_up_requests_earlier_token_unique').on(t.earlierTokenHash),
    uniqueIndex('sign_up_requests_email_unique').on(sql`lower(${t.email})`),
    index('sign_up_requests_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A signed-in user's new email, waiting for the link emailed to it: the account's email changes only
 * when the link is used with the account's password. One per user: a new request replaces it.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    userId: keyedBy('user_id', () => users.id),
    ...emailedLinkColumns(),
    newEmail: text('new_email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_changes_token_unique').on(t.tokenHash),
    uniqueIndex('email_changes_earlier_token_unique').on(t.earlierTokenHash),
  ],
);

/** Failed sign-ins, counted per account and per address across every instance. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: identityKey(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_failures_key_idx').on(t.key, t.createdAt)],
);

/** How a customer is paid for devices they sell, and the card they prefer (brand and last four only). */
export const paymentDetails = pgTable(
  'payment_details',
  {
    userId: keyedBy('user_id', () => users.id),
    method: text('method').notNull(),
    bankName: text('bank_name'),
    accountType: text('account_type'),
    accountHolder: text('account_holder'),
    branchCode: text('branch_code'),
    accountNumber: text('account_number'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpiry: text('card_expiry'),
    cardHolder: text('card_holder'),
    updatedAt: updatedAt(),
  },
  (t) => [check('payment_details_method_check', oneOf(t.method, ['paystack', 'bank', 'card']))],
);
