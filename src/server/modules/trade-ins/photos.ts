import { and, eq } from 'drizzle-orm';
import type { Database, DbHandle } from '../../db/client';
import { tradeInImages } from '../../db/schema/trade-ins';
import { anyRow } from '../../lib/any-row';
import { notFound } from '../../lib/errors';
import { getImageVariant, IMAGE_NOT_FOUND } from '../images';
import type { SignedInActor } from '../audit';
import { findVisible } from './detail';

/*
 * A trade-in's photos are the seller's and private (decision 044): the staff routes serve them to the
 * admin and the assigned agent only, and /images/ answers 404 for them (app.ts passes isTradeInPhoto).
 */

/** True when the image is a photo of some trade-in. */
export const isTradeInPhoto = (db: DbHandle, imageId: string) =>
  anyRow(db, tradeInImages, eq(tradeInImages.imageId, imageId));

/**
 * GET /api/admin/trade-ins/:number/photos/:position (and the agent's): the stored original, or a WebP
 * `width`; 404 for a trade-in the viewer may not see, as for one that does not exist.
 */
export async function getTradeInPhoto({
  db,
  number,
  position,
  width,
  viewer,
}: {
  db: Database;
  number: string;
  position: number;
  width?: number;
  viewer: SignedInActor;
}) {
  const row = await findVisible(db, number, viewer);
  const [photo] = await db
    .select({ imageId: tradeInImages.imageId })
    .from(tradeInImages)
    .where(and(eq(tradeInImages.tradeInId, row.id), eq(tradeInImages.position, position)));
  const found = photo ? await getImageVariant({ db, id: photo.imageId, width }) : null;
  if (!found) throw notFound(IMAGE_NOT_FOUND, 'Image not found');
  return found;
}
