import { count } from 'drizzle-orm';
import {
  ESTIMATE_RANGE,
  SELL_BRANDS,
  SELL_CONDITIONS,
  SELL_DEVICE_TYPES,
  SELL_STORAGE,
} from '../../shared/sell-devices';
import type { DbHandle } from '../db/client';
import { tradeInQuotes } from '../db/schema';

/** What a like-new device of the type's smallest storage and an average brand fetches, in rand. */
const TYPE_BASE = { phone: 7000, laptop: 9500, tablet: 5500, tv: 6500 } as const;
const BRAND_FACTOR: Record<string, number> = {
  Apple: 1.35,
  Samsung: 1.15,
  Microsoft: 1.1,
  Sony: 1.1,
  Dell: 1.05,
  LG: 1,
  HP: 0.95,
  Lenovo: 0.95,
  Asus: 0.9,
  Huawei: 0.85,
  Xiaomi: 0.8,
  Hisense: 0.8,
  Oppo: 0.75,
  TCL: 0.75,
};
const CONDITION_FACTOR = { excellent: 1, good: 0.85, fair: 0.65, poor: 0.4 } as const;

/**
 * The sell quote table's starting figures: type, brand, storage (each size up 15%) and condition,
 * rounded to R50 and kept within the spec's R2,000-R16,999. The admin may change rows later.
 */
function defaultTradeInQuotes() {
  return SELL_DEVICE_TYPES.flatMap((deviceType) =>
    SELL_BRANDS[deviceType].flatMap((brand) =>
      SELL_STORAGE[deviceType].flatMap((storage, size) =>
        SELL_CONDITIONS.map(({ value: condition }) => {
          const raw =
            TYPE_BASE[deviceType] * (BRAND_FACTOR[brand] ?? 1) * (1 + 0.15 * size) * CONDITION_FACTOR[condition];
          const amount = Math.min(ESTIMATE_RANGE.max, Math.max(ESTIMATE_RANGE.min, Math.round(raw / 50) * 50));
          return { deviceType, brand, storage, condition, amount };
        }),
      ),
    ),
  );
}

/** Fills the quote table when it is empty (every start: a database from before the table gets it too). */
export async function seedTradeInQuotes(db: DbHandle): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tradeInQuotes);
  if (Number(row?.n ?? 0) > 0) return 0;
  const rows = defaultTradeInQuotes();
  await db.insert(tradeInQuotes).values(rows).onConflictDoNothing();
  return rows.length;
}
