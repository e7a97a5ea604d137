import { and, eq } from 'drizzle-orm';
import { SELL_MESSAGES } from '../../../shared/sell-form';
import type { Database, DbHandle } from '../../db/client';
import { returnImages } from '../../db/schema/returns';
import { anyRow } from '../../lib/any-row';
import { notFound } from '../../lib/errors';
import { getImageVariant, IMAGE_NOT_FOUND, insertImage, normaliseFormPhotos, type ImageBudget } from '../images';

/*
 * A request's photos, the customer's and the inspecting agent's: private, like a seller's (decision
 * 044). Served to the request's owner and staff by the module's routes; /images/ answers 404 for them.
 */

export type PhotoStage = 'request' | 'inspection';

/** Photos from a form (data URLs) as the images module keeps them, refused in the sell form's words. */
export const normaliseReturnPhotos = (photos: string[], budget: ImageBudget) =>
  normaliseFormPhotos(photos, budget, { field: 'photos', invalid: SELL_MESSAGES.photoInvalid });

/** Stores normalised photos as the request's, at one stage, in the caller's transaction. */
export async function storeReturnPhotos(
  tx: DbHandle,
  requestId: string,
  stage: PhotoStage,
  photos: Awaited<ReturnType<typeof normaliseReturnPhotos>>,
) {
  for (const [position, photo] of photos.entries()) {
    const { id } = await insertImage(tx, photo);
    await tx.insert(returnImages).values({ requestId, stage, position, imageId: id });
  }
}

/** True when the image is a photo of some request. */
export const isReturnPhoto = (db: DbHandle, imageId: string) =>
  anyRow(db, returnImages, eq(returnImages.imageId, imageId));

/** One photo of a request the caller may open (checked by the route), or 404. */
export async function getReturnPhoto({
  db,
  requestId,
  stage,
  position,
  width,
}: {
  db: Database;
  requestId: string;
  stage: PhotoStage;
  position: number;
  width?: number;
}) {
  const [photo] = await db
    .select({ imageId: returnImages.imageId })
    .from(returnImages)
    .where(
      and(eq(returnImages.requestId, requestId), eq(returnImages.stage, stage), eq(returnImages.position, position)),
    );
  const found = photo ? await getImageVariant({ db, id: photo.imageId, width }) : null;
  if (!found) throw notFound(IMAGE_NOT_FOUND, 'Image not found');
  return found;
}
