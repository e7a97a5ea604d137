import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import encodeQR from 'qr';
import { ACCOUNT_MESSAGES, type SessionUser } from '../../../shared/accounts';
import { ERROR_CODES } from '../../../shared/errors';
import {
  ENROLMENT_MINUTES,
  MFA_MESSAGES,
  RECOVERY_CODE_COUNT,
  type EnrolmentReply,
  type PendingSecondFactor,
} from '../../../shared/staff-mfa';
import type { Config } from '../../config';
import { transaction, type Database, type DbHandle } from '../../db/client';
import { sessions, staffFactors, staffRecoveryCodes, users } from '../../db/schema/accounts';
import type { Clock } from '../../lib/clock';
import { AppError, invalidField } from '../../lib/errors';
import { seal, sealingKey, unseal } from '../../lib/sealing';
import { recordAudit } from '../audit';
import { base32Encode, matchTotp, newTotpSecret, otpauthUri } from './totp';
import { sha256, upgradeSession, type ResolvedSession } from './sessions';
import {
  forgetSecondFactorFailures,
  recoveryCodeKey,
  secondFactorKey,
  signInKeys,
  signInSucceeded,
  takeSignInAttempt,
} from './sign-in-limit';

/**
 * The staff second factor (docs/decisions/041): an authenticator app (TOTP) set up at the first
 * sign-in, with ten one-time recovery codes, and the step a pending session passes to become a
 * full one. The secret is sealed with the store's key; the recovery codes are kept as SHA-256 only.
 */

interface Deps {
  db: Database;
  config: Config;
  clock: Clock;
}

const ISSUER = 'QuickBuy';

type StaffUser = Extract<SessionUser, { role: 'agent' | 'admin' }>;

function staffOf(session: ResolvedSession): StaffUser {
  const { user } = session;
  if (user.role === 'customer') throw new AppError(ERROR_CODES.forbidden, ACCOUNT_MESSAGES.forbidden, { status: 403 });
  return user;
}

/** What the person types to sign in: an agent's username, the admin's email (the account's key and the app's label). */
const identityOf = (user: StaffUser) => (user.role === 'agent' ? user.username : user.email);

async function factorOf(db: DbHandle, userId: string) {
  const [row] = await db.select().from(staffFactors).where(eq(staffFactors.userId, userId)).limit(1);
  return row ?? null;
}

/** The step a pending session is at: enrol until an app's first code was confirmed, then code. */
export async function pendingSecondFactor(db: DbHandle, user: StaffUser): Promise<PendingSecondFactor> {
  const factor = await factorOf(db, user.id);
  return { role: user.role, step: factor?.confirmedAt ? 'code' : 'enrol', name: user.name };
}

function assertPending(session: ResolvedSession) {
  if (!session.mfaPending) throw new AppError('MFA_NOT_PENDING', MFA_MESSAGES.notPending, { status: 409 });
}

/**
 * 'k7p2-x9qd-m4tz-...': 120 random bits in base32, lower case, in groups of four to copy by hand. At
 * 112 bits or more a plain SHA-256 keeps them (no salted slow hash needed: nothing to guess).
 */
function newRecoveryCode(): string {
  return base32Encode(randomBytes(15)).toLowerCase().match(/.{4}/g)!.join('-');
}

/** Recovery codes compare without their dashes, spaces or case. */
const recoveryHash = (code: string) => sha256(code.replace(/[\s-]/g, '').toLowerCase());

const ENROLMENT_MS = ENROLMENT_MINUTES * 60_000;

/** A setup of an authenticator: the secret and its recovery codes, and when it was made. */
interface Setup {
  secret: string;
  recoveryCodes: string[];
  createdAt: Date;
}

/** True while a setup made at `createdAt` may still be shown and confirmed. */
const setupLive = (createdAt: Date, now: Date) => now.getTime() - createdAt.getTime() < ENROLMENT_MS;

/** The setup waiting for its first code, when it is still live: shown again exactly as it was. */
async function liveSetup(db: DbHandle, key: Buffer, userId: string, now: Date): Promise<Setup | null> {
  const factor = await factorOf(db, userId);
  if (!factor || factor.confirmedAt || !factor.sealedRecoveryCodes || !setupLive(factor.createdAt, now)) return null;
  return {
    secret: unseal(key, factor.sealedSecret),
    recoveryCodes: JSON.parse(unseal(key, factor.sealedRecoveryCodes)) as string[],
    createdAt: factor.createdAt,
  };
}

/**
 * A new secret and ten new recovery codes in place of a setup never confirmed and no longer live (or
 * none). Null when there is nothing to replace: the app is confirmed, or another request has just
 * made a live setup.
 */
async function replaceSetup(db: Database, key: Buffer, userId: string, now: Date): Promise<Setup | null> {
  const secret = newTotpSecret();
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const sealed = {
    sealedSecret: seal(key, secret),
    sealedRecoveryCodes: seal(key, JSON.stringify(recoveryCodes)),
    createdAt: now,
  };
  const replaced = await transaction(db, async (tx) => {
    const [row] = await tx
      .insert(staffFactors)
      .values({ userId, ...sealed })
      .onConflictDoUpdate({
        target: staffFactors.userId,
        set: { ...sealed, lastStep: null },
        where: and(
          isNull(staffFactors.confirmedAt),
          or(
            isNull(staffFactors.sealedRecoveryCodes),
            lte(staffFactors.createdAt, new Date(now.getTime() - ENROLMENT_MS)),
          ),
        ),
      })
      .returning({ userId: staffFactors.userId });
    if (!row) return false;
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
    await tx.insert(staffRecoveryCodes).values(recoveryCodes.map((code) => ({ userId, codeHash: recoveryHash(code) })));
    return true;
  });
  return replaced ? { secret, recoveryCodes, createdAt: now } : null;
}

/**
 * POST /api/auth/mfa/enrolment: the setup waiting for its first code, the same secret and recovery
 * codes on every reload while it is live (ENROLMENT_MINUTES), else a new one. A confirmed app is
 * not replaced here: only the admin's reset (or, for the admin, the operator's) removes it.
 */
export async function startEnrolment({
  db,
  clock,
  session,
}: {
  db: Database;
  clock: Clock;
  session: ResolvedSession;
}): Promise<EnrolmentReply> {
  assertPending(session);
  const user = staffOf(session);
  const key = await sealingKey(db);
  const now = clock.now();
  // The live setup; else a new one; else the one a request at the same moment just made.
  const setup =
    (await liveSetup(db, key, user.id, now)) ??
    (await replaceSetup(db, key, user.id, now)) ??
    (await liveSetup(db, key, user.id, now));
  if (!setup) throw new AppError('MFA_ENROLLED', MFA_MESSAGES.alreadyEnrolled, { status: 409 });
  const uri = otpauthUri(ISSUER, identityOf(user), setup.secret);
  const svg = encodeQR(uri, 'svg', { ecc: 'medium', border: 2 });
  return {
    secret: setup.secret,
    otpauthUri: uri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    recoveryCodes: setup.recoveryCodes,
    expiresAt: new Date(setup.createdAt.getTime() + ENROLMENT_MS).toISOString(),
  };
}

type Proof = { code: string } | { recoveryCode: string };

/**
 * Checks a code (or a recovery code) for a pending session and, when it is right, replaces the
 * session with a full one. Counted like a password before the check: under the account's key (its
 * failures slow both steps) and the capped key of its kind of proof: 5 wrong codes a quarter hour,
 * or 10 wrong recovery codes, then 429 for that kind alone, so someone who has lost the app (or
 * whose app is out of step) still gets in with a recovery code.
 */
async function passSecondFactor({
  db,
  config,
  clock,
  session,
  proof,
  address,
  enrolling,
}: Deps & { session: ResolvedSession; proof: Proof; address: string; enrolling: boolean }) {
  assertPending(session);
  const user = staffOf(session);
  const keys = signInKeys(user.role, identityOf(user), address);
  const [codes, recoveryCodes] = [secondFactorKey(user.id), recoveryCodeKey(user.id)];
  const capped = 'recoveryCode' in proof ? recoveryCodes : codes;
  const attempt = await takeSignInAttempt({ db, clock, keys, capped });
  const factor = await factorOf(db, user.id);
  if (!factor || Boolean(factor.confirmedAt) === enrolling) {
    throw enrolling
      ? new AppError('MFA_ENROLLED', MFA_MESSAGES.alreadyEnrolled, { status: 409 })
      : new AppError('MFA_NOT_ENROLLED', MFA_MESSAGES.enrolFirst, { status: 409 });
  }
  const now = clock.now();
  if (enrolling && !setupLive(factor.createdAt, now)) {
    throw new AppError('MFA_SETUP_EXPIRED', MFA_MESSAGES.enrolExpired, { status: 409 });
  }
  const secret = unseal(await sealingKey(db), factor.sealedSecret);
  const { token } = await transaction(db, async (tx) => {
    if ('recoveryCode' in proof) {
      const [used] = await tx
        .update(staffRecoveryCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(staffRecoveryCodes.userId, user.id),
            eq(staffRecoveryCodes.codeHash, recoveryHash(proof.recoveryCode)),
            isNull(staffRecoveryCodes.usedAt),
          ),
        )
        .returning({ codeHash: staffRecoveryCodes.codeHash });
      if (!used) throw invalidField('recoveryCode', MFA_MESSAGES.recoveryInvalid);
    } else {
      const step = matchTotp(secret, proof.code, now);
      if (step === null)
        throw invalidField('code', enrolling ? MFA_MESSAGES.enrolCodeInvalid : MFA_MESSAGES.codeInvalid);
      // One conditional update: of two requests with the same code at once, one wins.
      const [accepted] = await tx
        .update(staffFactors)
        // Confirmed, the setup's recovery codes are no longer kept readable: only their hashes stay.
        .set({ lastStep: step, ...(enrolling ? { confirmedAt: now, sealedRecoveryCodes: null } : {}) })
        .where(
          and(eq(staffFactors.userId, user.id), or(isNull(staffFactors.lastStep), lt(staffFactors.lastStep, step))),
        )
        .returning({ userId: staffFactors.userId });
      if (!accepted) {
        throw new AppError('MFA_CODE_USED', MFA_MESSAGES.codeUsed, {
          status: 400,
          fields: { code: MFA_MESSAGES.codeUsed },
        });
      }
    }
    const upgraded = await upgradeSession({
      db: tx,
      config,
      clock,
      tokenHash: session.tokenHash,
      userId: user.id,
      role: user.role,
    });
    if (!upgraded) throw new AppError(ERROR_CODES.unauthorized, ACCOUNT_MESSAGES.signInRequired, { status: 401 });
    if (enrolling || 'recoveryCode' in proof) {
      await recordAudit(tx, {
        actor: { id: user.id, role: user.role, ip: address },
        action: enrolling ? `${user.role}.mfa_enrol` : `${user.role}.mfa_recovery_code`,
        entity: { type: user.role, id: user.id },
        at: now,
      });
    }
    await signInSucceeded({ db: tx, attempt, keys, forgiven: [codes, recoveryCodes] });
    return upgraded;
  });
  return { user, token };
}

/** POST /api/auth/mfa/enrolment/confirm: the app's first code confirms the setup and finishes the sign-in. */
export function confirmEnrolment(options: Deps & { session: ResolvedSession; code: string; address: string }) {
  return passSecondFactor({ ...options, proof: { code: options.code }, enrolling: true });
}

/** POST /api/auth/mfa/code and /recovery: the second step of a staff sign-in. */
export function verifySecondFactor(options: Deps & { session: ResolvedSession; proof: Proof; address: string }) {
  return passSecondFactor({ ...options, enrolling: false });
}

/**
 * Removes a staff member's authenticator and recovery codes, their wrong codes of the window and
 * their sessions: their next sign-in sets up a new app at once. In the caller's transaction, beside
 * its audit entry.
 */
export async function removeSecondFactor(tx: DbHandle, userId: string) {
  await tx.delete(staffFactors).where(eq(staffFactors.userId, userId));
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await forgetSecondFactorFailures(tx, userId);
}

/**
 * The operator's way back in for a staff member who lost their authenticator and recovery codes
 * (the admin above all: no one else can reset theirs). By an agent's username or a staff email;
 * audited as the operator's act. Null when no agent or admin goes by it.
 */
export async function resetStaffSecondFactor({
  db,
  clock,
  identifier,
}: {
  db: Database;
  clock: Clock;
  identifier: string;
}): Promise<{ role: 'agent' | 'admin'; email: string } | null> {
  const lookup = identifier.trim().toLowerCase();
  const now = clock.now();
  return transaction(db, async (tx) => {
    const [user] = await tx
      .select({ id: users.id, role: users.role, email: users.email })
      .from(users)
      .where(
        and(
          inArray(users.role, ['agent', 'admin']),
          or(sql`lower(${users.email}) = ${lookup}`, sql`lower(${users.username}) = ${lookup}`),
        ),
      )
      .limit(1);
    if (!user) return null;
    const role = user.role as 'agent' | 'admin';
    await removeSecondFactor(tx, user.id);
    await recordAudit(tx, {
      actor: { id: null, role: 'admin' },
      action: `${role}.mfa_reset`,
      entity: { type: role, id: user.id },
      details: { by: 'operator' },
      at: now,
    });
    return { role, email: user.email };
  });
}
