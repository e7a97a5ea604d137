import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  deviceImages,
  devices,
  images,
  passwordResets,
  rateLimitCounters,
  retentionRuns,
  sessions,
  signInFailures,
  tradeInImages,
  tradeInPayouts,
  tradeIns,
} from '../../db/schema';
import { SELLER_LINK_GRACE_DAYS } from '../../../shared/retention';
import { seedStore, SELLER_BANK, type StoreData } from '../../../../tests/support/store-data';
import { createSecondInstance, useTestApp } from '../../../../tests/support/test-app';
import { purgeOnce } from './retention-purges';

const t = useTestApp({ PUBLIC_URL: 'https://shop.quickbuy.test', ALLOW_SANDBOX_PAYMENTS: 'true' });

const DAY_MS = 24 * 60 * 60_000;

/** What the purge logged, as its lines. */
const logged: { message: string; fields: object }[] = [];
const log = {
  info: (fields: object, message: string) => logged.push({ message, fields }),
  warn: (fields: object, message: string) => logged.push({ message, fields }),
};
const purge = () => purgeOnce({ db: t.db, clock: t.clock, log });

/*
 * One seeded store whose clock moves forward through the file: its trade-in was paid (its payout recorded, its
 * photos kept) at the start, so each test looks at the store some days after that.
 */
let store: StoreData;
let tradeInId: string;
let photoIds: string[];
let paidAt: number;
beforeAll(async () => {
  store = await seedStore(t);
  const [row] = await t.db.select().from(tradeIns).where(eq(tradeIns.transactionNumber, store.tradeIn));
  tradeInId = row!.id;
  const photos = await t.db.select().from(tradeInImages).where(eq(tradeInImages.tradeInId, tradeInId));
  photoIds = photos.sort((a, b) => a.position - b.position).map((photo) => photo.imageId);
  const [payout] = await t.db.select().from(tradeInPayouts).where(eq(tradeInPayouts.tradeInId, tradeInId));
  paidAt = payout!.paidAt!.getTime();
}, 120_000);

/** The clock `days` after the payout. */
function at(days: number): Date {
  const date = new Date(paidAt + days * DAY_MS);
  t.clock.set(date);
  return date;
}
const payoutAccount = async () =>
  (await t.db.select().from(tradeInPayouts).where(eq(tradeInPayouts.tradeInId, tradeInId)))[0]!.accountNumber;
const storedPhotos = async () =>
  (await t.db.select({ id: images.id }).from(images).where(inArray(images.id, photoIds))).map((image) => image.id);

describe('the daily retention purge', () => {
  it("cuts a seller's bank account number to its last four digits 90 days after the payout, not before", async () => {
    at(89);
    expect((await purge())!.payoutAccountsMasked).toBe(0);
    expect(await payoutAccount()).toBe(SELLER_BANK.accountNumber);
    at(91);
    expect((await purge())!.payoutAccountsMasked).toBe(1);
    expect(await payoutAccount()).toBe('••••1234');
    expect(logged.at(-1)).toEqual({
      message: 'retention purge done',
      fields: { retention: expect.objectContaining({ payoutAccountsMasked: 1 }) },
    });
    // Once cut, never again (the next day's pass).
    at(92);
    expect((await purge())!.payoutAccountsMasked).toBe(0);
  });

  it("deletes a closed trade-in's private photos 180 days on, but the one a listed device shows", async () => {
    // The store lists the device it bought, with the seller's first photo.
    const [device] = await t.db.select({ id: devices.id }).from(devices).limit(1);
    await t.db.insert(deviceImages).values({ deviceId: device!.id, position: 99, imageId: photoIds[0]! });

    at(179);
    expect((await purge())!.sellerPhotosDeleted).toBe(0);
    expect(await storedPhotos()).toHaveLength(2);
    at(181);
    expect((await purge())!.sellerPhotosDeleted).toBe(1);
    expect(await storedPhotos()).toEqual([photoIds[0]]);
    expect(await t.db.select().from(tradeInImages).where(eq(tradeInImages.tradeInId, tradeInId))).toEqual([]);
  });

  it('purges expired sessions, used reset links, old failed sign-ins and ended rate-limit windows', async () => {
    const now = at(200).getTime();
    const userId = store.customer.id;
    await t.db.insert(sessions).values([
      {
        tokenHash: 'ended-session',
        userId,
        expiresAt: new Date(now - 2 * DAY_MS),
        lastSeenAt: new Date(now - 3 * DAY_MS),
      },
      { tokenHash: 'live-session', userId, expiresAt: new Date(now + DAY_MS), lastSeenAt: new Date(now) },
    ]);
    await t.db.insert(passwordResets).values([
      { tokenHash: 'used-reset', userId, expiresAt: new Date(now + 3_600_000), usedAt: new Date(now) },
      { tokenHash: 'waiting-reset', userId, expiresAt: new Date(now + 3_600_000) },
    ]);
    await t.db.insert(signInFailures).values([
      { key: 'account:old', createdAt: new Date(now - DAY_MS) },
      { key: 'account:recent', createdAt: new Date(now - 60_000) },
    ]);
    await t.db.insert(rateLimitCounters).values([
      { key: 'ended-window', hits: 3, resetsAt: new Date(now - 60_000) },
      { key: 'open-window', hits: 3, resetsAt: new Date(now + 60_000) },
    ]);

    const counts = await purge();
    expect(counts).toMatchObject({ passwordResets: 1, signInFailures: 1, rateLimitCounters: 1 });
    expect(counts!.sessions).toBeGreaterThanOrEqual(1);
    const left = async (table: typeof sessions | typeof passwordResets, hashes: string[]) =>
      (await t.db.select({ hash: table.tokenHash }).from(table).where(inArray(table.tokenHash, hashes))).map(
        (row) => row.hash,
      );
    expect(await left(sessions, ['ended-session', 'live-session'])).toEqual(['live-session']);
    expect(await left(passwordResets, ['used-reset', 'waiting-reset'])).toEqual(['waiting-reset']);
    expect((await t.db.select({ key: signInFailures.key }).from(signInFailures)).map((row) => row.key)).toEqual([
      'account:recent',
    ]);
    expect((await t.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((row) => row.key)).toEqual([
      'open-window',
    ]);
  });

  it("forgets a seller's emailed link a week after it expired, not before", async () => {
    const expiredAt = new Date(at(210).getTime() - (SELLER_LINK_GRACE_DAYS - 1) * DAY_MS);
    await t.db
      .update(tradeIns)
      .set({ accessTokenHash: 'a'.repeat(64), accessTokenNonce: 'nonce', accessTokenExpiresAt: expiredAt })
      .where(eq(tradeIns.id, tradeInId));
    const link = async () => {
      const [row] = await t.db.select().from(tradeIns).where(eq(tradeIns.id, tradeInId));
      return [row!.accessTokenHash, row!.accessTokenNonce, row!.accessTokenExpiresAt];
    };

    expect((await purge())!.sellerLinks).toBe(0);
    expect(await link()).toEqual(['a'.repeat(64), 'nonce', expiredAt]);
    at(212);
    expect((await purge())!.sellerLinks).toBe(1);
    expect(await link()).toEqual([null, null, null]);
    expect(logged.at(-1)).toEqual({
      message: 'retention purge done',
      fields: { retention: expect.objectContaining({ sellerLinks: 1 }) },
    });
  });

  it('runs once a day: each pass is recorded, and a turn within the day of the last is skipped and logged', async () => {
    const last = at(213);
    const counts = await purge();
    expect(counts).not.toBeNull();
    const [run] = await t.db.select().from(retentionRuns).where(eq(retentionRuns.ranAt, last));
    expect(run).toMatchObject({ ranAt: last, counts: { ...counts } });
    expect(run!.host).not.toBe('');

    t.clock.set(new Date(last.getTime() + DAY_MS - 60_000));
    expect(await purge()).toBeNull();
    expect(logged.at(-1)).toEqual({
      message: `retention purge skipped: the last pass ran at ${last.toISOString()}`,
      fields: {},
    });
    t.clock.set(new Date(last.getTime() + DAY_MS));
    expect(await purge()).not.toBeNull();
    expect(await t.db.select().from(retentionRuns).where(eq(retentionRuns.ranAt, last))).toHaveLength(1);
  });

  // Two instances need a server: PGlite is one process's.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "skips on a second instance within the day of the first one's pass",
    async () => {
      const other = await createSecondInstance(t);
      try {
        const first = at(220);
        expect(await purge()).not.toBeNull();
        expect(await purgeOnce({ db: other.db, clock: t.clock, log })).toBeNull();
        expect(logged.at(-1)).toEqual({
          message: `retention purge skipped: the last pass ran at ${first.toISOString()}`,
          fields: {},
        });
      } finally {
        await other.close();
      }
    },
  );

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'runs on one instance at a time: another finding the lock held skips its turn',
    async () => {
      at(230);
      const other = await createSecondInstance(t);
      try {
        await t.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('quickbuy:retention-purge', 0))`);
          expect(await purgeOnce({ db: other.db, clock: t.clock, log })).toBeNull();
        });
        expect(logged.at(-1)).toEqual({
          message: 'retention purge skipped: another instance is running it',
          fields: {},
        });
        expect(await purgeOnce({ db: other.db, clock: t.clock, log })).not.toBeNull();
      } finally {
        await other.close();
      }
    },
  );
});
