import { inArray } from 'drizzle-orm';
import type { DbHandle } from '../../db/client';
import { deviceImages } from '../../db/schema/catalog';

/**
 * Which of `imageIds` a device shows (listed for sale, or once listed: a device's images stay while the device
 * does). A seller's photo that became a device's is the store's now, and outlives the seller's retention.
 */
export async function imagesOfDevices(db: DbHandle, imageIds: string[]): Promise<Set<string>> {
  if (imageIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ imageId: deviceImages.imageId })
    .from(deviceImages)
    .where(inArray(deviceImages.imageId, imageIds));
  return new Set(rows.map((row) => row.imageId));
}
