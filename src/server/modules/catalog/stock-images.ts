import { STOCK_IMAGE_TYPES, type StockImagesReply } from '../../../shared/inventory';
import type { Database } from '../../db/client';
import { firstMetaValue, readMeta } from '../../lib/app-meta';
import { deviceArtwork } from '../../seed/artwork';
import { ARTWORK_SIZE, renderArtwork } from '../../seed/render';
import { insertImage } from '../images';
import { imagePath } from './device-queries';

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
    let id = await readMeta(db, key);
    if (!id) {
      const svg = deviceArtwork({ type, brand: 'QuickBuy', model: label, view: 'front' });
      // Our own artwork, drawn here: it never passes the upload intake, which takes no SVG.
      const image = await insertImage(db, { data: await renderArtwork(svg), ...ARTWORK_SIZE });
      id = await firstMetaValue(db, key, image.id);
    }
    items.push({ type, label, id, url: imagePath(id) });
  }
  return { items };
}
