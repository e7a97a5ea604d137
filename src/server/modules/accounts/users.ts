import { and, eq, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES } from '../../../shared/accounts';
import { ERROR_CODES } from '../../../shared/errors';
import type { Database, DbHandle } from '../../db/client';
import { users } from '../../db/schema/accounts';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { firstRow } from '../../lib/first-row';
import { recordAudit, type Actor } from '../audit';
import { activeUser } from './sessions';

/** The users row as accounts' own services read it: by email, the signed-in user, and the audit of their own changes. */

export type UserRow = typeof users.$inferSelect;

/** What a service saving a part of the signed-in user's own record takes: the form's parsed input. */
export interface OwnRecordChange<Input> {
  db: Database;
  clock: Clock;
  userId: string;
  input: Input;
}

/** The account holding this email, in any case and whatever its status, or null. */
export const findByEmail = (db: DbHandle, email: string): Promise<UserRow | null> =>
  firstRow(db, users, sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);

/** The signed-in user's row: 401 once the account is no longer active. */
export async function getUser(db: Database, userId: string): Promise<UserRow> {
  const user = await firstRow(db, users, and(eq(users.id, userId), activeUser()));
  if (!user) throw new AppError(ERROR_CODES.unauthorized, ACCOUNT_MESSAGES.signInRequired, { status: 401 });
  return user;
}

/**
 * Audits a change staff make to their own account (every staff action is on record:
 * docs/decisions/031); a customer's own changes are not staff actions and are not logged.
 */
export async function auditOwnChange(
  tx: DbHandle,
  { actor, action, before, after, at }: { actor: Actor; action: string; before?: object; after?: object; at: Date },
) {
  if (actor.role === 'customer' || !actor.id) return;
  await recordAudit(tx, { actor, action, entity: { type: actor.role, id: actor.id }, before, after, at });
}
