import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { LINK_STATUSES, OFFER_LINK_DAYS, type LinkStatus } from '../../../shared/trade-ins';
import { transaction } from '../../db/client';
import { tradeIns } from '../../db/schema/trade-ins';
import { sign, signingKey } from '../../lib/signing';
import { recordAudit } from '../audit';
import { enqueueEmail } from '../mail';
import { newLinkEmail } from './emails';
import { emailContext, emailSubject, findTradeIn, type TradeInDeps, type TradeInRow } from './trade-in-records';

/*
 * The emailed link that proves the seller (decision 039). Its token is an HMAC, under the store's link
 * key (lib/signing.ts, for this purpose alone), of a random nonce the trade-in keeps, so 'email me a new
 * link' can send the seller's live link again instead of replacing it: a stranger who knows the number
 * can no longer void the link in the seller's inbox. The proof compares the token with the hash the
 * trade-in keeps beside the nonce, as before. Derived rather than sealed: nothing to decrypt, and the
 * nonce alone (a copy of the table) gives no token without the key, which lives in app_meta.
 * A new nonce, which voids every earlier link, only with a new or revised offer or when no link is live.
 */

const LINK_PURPOSE = 'trade-in-seller-link';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** True when `token` is the one whose hash the trade-in keeps, compared in constant time. */
export function tokenMatches(hash: string | null, token: string): boolean {
  if (!hash || !token) return false;
  const given = Buffer.from(hashToken(token), 'hex');
  const stored = Buffer.from(hash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

const LINK_LIFETIME_MS = OFFER_LINK_DAYS * 24 * 60 * 60_000;

type LinkedRow = Pick<TradeInRow, 'transactionNumber'>;

/** The token of the trade-in's link with this nonce (43 characters of base64url, as a random 32 bytes). */
const tokenOf = (key: Buffer, row: LinkedRow, nonce: string) =>
  sign(key, LINK_PURPOSE, `${row.transactionNumber}\n${nonce}`);

/** A new link for the trade-in and what the row keeps of it; writing it voids any earlier link. */
export function newLink(key: Buffer, row: LinkedRow, now: Date) {
  const nonce = randomBytes(32).toString('base64url');
  const token = tokenOf(key, row, nonce);
  const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MS);
  return {
    token,
    expiresAt,
    set: { accessTokenHash: hashToken(token), accessTokenNonce: nonce, accessTokenExpiresAt: expiresAt },
  };
}

/**
 * The link 'email me a new link' sends: the live one again (`same`, nothing to write), or a new one when
 * none lives (never sent, expired, or sent before links kept their nonce). A nonce whose token no longer
 * matches the hash (a hash written by an instance older than nonces, during a rolling deploy) is not live.
 */
function linkToSend(key: Buffer, row: TradeInRow, now: Date) {
  const { accessTokenNonce: nonce, accessTokenExpiresAt: expiresAt } = row;
  if (nonce && expiresAt && expiresAt > now) {
    const token = tokenOf(key, row, nonce);
    if (tokenMatches(row.accessTokenHash, token)) return { token, expiresAt, same: true, set: {} };
  }
  return { ...newLink(key, row, now), same: false };
}

/**
 * 'Email me a new link': one a trade-in an hour, and links for at most three trade-ins an hour to one
 * address (counted on the trade-ins themselves, `link_emailed_at`, so nothing outside this module is read).
 */
const NEW_LINK_LIMITS = { windowMs: 60 * 60_000, perAddress: 3 } as const;

/**
 * POST /api/trade-ins/:number/link: when the trade-in waits for its seller (LINK_STATUSES) and the
 * limits allow, its link is emailed to the contact address on file: the live link again, unchanged
 * (its expiry too), or, when none is live, a new one. Returns nothing either way: the route answers
 * alike whether or not the number exists, what state it is in and whether a link went out.
 */
export async function emailNewLink({ db, config, clock, number, ip }: TradeInDeps & { number: string; ip?: string }) {
  const now = clock.now();
  const since = new Date(now.getTime() - NEW_LINK_LIMITS.windowMs);
  const key = await signingKey(db);
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
    const link = linkToSend(key, row, now);
    await tx
      .update(tradeIns)
      .set({ ...link.set, linkEmailedAt: now })
      .where(eq(tradeIns.id, row.id));
    await recordAudit(tx, {
      actor: { id: null, role: 'customer', ip },
      action: 'trade_in.new_link',
      entity: { type: 'trade_in', id: row.transactionNumber },
      details: { status: row.status, link: link.same ? 'same' : 'new' },
      at: now,
    });
    const tradeIn = { ...emailSubject(row), status: row.status as LinkStatus };
    await enqueueEmail(tx, newLinkEmail(tradeIn, link, emailContext(config)), now);
  });
}
