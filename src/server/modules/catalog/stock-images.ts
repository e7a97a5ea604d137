import { eq } from 'drizzle-orm';
import { STOCK_IMAGE_TYPES, type StockImagesReply } from '../../../shared/inventory';
import type { Database } from '../../db/client';
import { appMeta } from '../../db/schema';
import { deviceArtwork } from '../../seed/artwork';
import { storeImage } from '../images/service';
import { imagePath } from './service';

const keyOf = (type: string) => `stock_image:${type}`;

/**
 * The device forms' default stock images, drawn from the demo artwork and stored as ordinary images
 * the first time they are asked for; app_meta remembers their ids, so every later call (and every
 * instance) answers the same images. Two first calls at once may each draw one: the first to record
 * its id wins and the other image is simply unused.
 */
export async function stockImages({ db }: { db: Database }): Promise<StockImagesReply> {
  const items = [];
  for (const { type, label } of STOCK_IMAGE_TYPES) {
    const key = keyOf(type);
    let [row] = await db.select().from(appMeta).where(eq(appMeta.key, key)).limit(1);
    if (!row) {
      const svg = deviceArtwork({ type, brand: 'QuickBuy', model: label, view: 'front' });
      const { id } = await storeImage({ db, data: Buffer.from(svg) });
      await db.insert(appMeta).values({ key, value: id }).onConflictDoNothing();
      [row] = await db.select().from(appMeta).where(eq(appMeta.key, key)).limit(1);
    }
    items.push({ type, label, id: row!.value, url: imagePath(row!.value) });
  }
  return { items };
}
