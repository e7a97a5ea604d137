import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { LINK_STATUSES, OFFER_LINK_DAYS, type LinkStatus } from '../../../shared/trade-ins';
import { transaction } from '../../db/client';
import { tradeIns } from '../../db/schema/trade-ins';
import { recordAudit } from '../audit/service';
import { enqueueEmail } from '../mail/outbox';
import { newLinkEmail } from './emails';
import { emailContext, emailSubject, findTradeIn, type TradeInDeps } from './rows';

/*
 * The emailed link that proves the seller (decision 039): 32 random bytes, of which the trade-in keeps
 * only the hash and an expiry; writing a new one voids any earlier link.
 */

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** True when `token` is the one whose hash the trade-in keeps, compared in constant time. */
export function tokenMatches(hash: string | null, token: string): boolean {
  if (!hash || !token) return false;
  const given = Buffer.from(hashToken(token), 'hex');
  const stored = Buffer.from(hash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

const LINK_LIFETIME_MS = OFFER_LINK_DAYS * 24 * 60 * 60_000;

/** A new link's token (32 random bytes) and what the trade-in keeps of it; writing it voids any earlier link. */
export function newLink(now: Date) {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    set: { accessTokenHash: hashToken(token), accessTokenExpiresAt: new Date(now.getTime() + LINK_LIFETIME_MS) },
  };
}

/**
 * 'Email me a new link': one a trade-in an hour, and links for at most three trade-ins an hour to one
 * address (counted on the trade-ins themselves, `link_emailed_at`, so nothing outside this module is read).
 */
const NEW_LINK_LIMITS = { windowMs: 60 * 60_000, perAddress: 3 } as const;

/**
 * POST /api/trade-ins/:number/link: when the trade-in waits for its seller (LINK_STATUSES) and the
 * limits allow, a new link replaces the old one and is emailed to the contact address on file.
 * Returns nothing either way: the route answers alike whether or not the number exists, what state
 * it is in and whether a link went out.
 */
export async function emailNewLink({ db, config, clock, number, ip }: TradeInDeps & { number: string; ip?: string }) {
  const now = clock.now();
  const since = new Date(now.getTime() - NEW_LINK_LIMITS.windowMs);
  await transaction(db, async (tx) => {
    const found = await findTradeIn(tx, number);
    if (!found) return;
    // Every trade-in of this address, locked, so two requests at once count each other.
    const sameAddress = await tx
      .select()
      .from(tradeIns)
      .where(sql`lower(${tradeIns.customerEmail}) = lower(${found.customerEmail})`)
      .for('update');
    const row = sameAddress.find((r) => r.id === found.id);
    if (!row || !(LINK_STATUSES as readonly string[]).includes(row.status)) return;
    const recent = sameAddress.filter((r) => r.linkEmailedAt && r.linkEmailedAt > since);
    if (recent.some((r) => r.id === row.id) || recent.length >= NEW_LINK_LIMITS.perAddress) return;
    const link = newLink(now);
    await tx
      .update(tradeIns)
      .set({ ...link.set, linkEmailedAt: now })
      .where(eq(tradeIns.id, row.id));
    await recordAudit(tx, {
      actor: { id: null, role: 'customer', ip },
      action: 'trade_in.new_link',
      entity: { type: 'trade_in', id: row.transactionNumber },
      details: { status: row.status },
      at: now,
    });
    await enqueueEmail(
      tx,
      newLinkEmail({ ...emailSubject(row), status: row.status as LinkStatus }, link.token, emailContext(config)),
      now,
    );
  });
}
