/**
 * How long the store keeps what it holds about people, and when it lets go (docs/decisions/076). The server's
 * daily purges and the account's erasure read these; the privacy page and the deletion dialog say them.
 */

const DAY_MS = 24 * 60 * 60_000;

/** Orders, payments and payouts are the store's accounting records: kept this long (SARS, the Tax Administration Act). */
export const FINANCIAL_RECORD_YEARS = 5;

/** A seller's bank account number is cut to its last four digits this long after the store paid them. */
export const PAYOUT_ACCOUNT_MASK_DAYS = 90;

/** A seller's private photos are deleted this long after the trade-in closed (paid or declined), unless listed for sale. */
export const SELLER_PHOTO_DAYS = 180;

/** Sign-up and email-change links, reset links and sessions are purged this long after they stopped working. */
export const EXPIRED_LINK_GRACE_DAYS = 1;

/**
 * A seller's emailed trade-in link (its token's hash and nonce) is purged this long after it expired. Kept a week
 * first so a seller opening an old email soon after hears that the link expired and can ask for a new one, rather
 * than that it is not valid.
 */
export const SELLER_LINK_GRACE_DAYS = 7;

/** How often the purges run, across every instance of the store together. */
export const RETENTION_PURGE_EVERY_MS = DAY_MS;

/** How often each instance looks whether a pass is due (so one stopping leaves the others to run it). */
export const RETENTION_CHECK_MS = 60 * 60_000;

export const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);
