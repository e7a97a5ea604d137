import { and, eq, inArray } from 'drizzle-orm';
import { IMAGE_WIDTHS } from '../../../shared/catalog';
import { imageTypesMessage, UPLOAD_IMAGE_TYPES, type ImageType } from '../../../shared/images';
import type { Database, DbHandle } from '../../db/client';
import { imageVariants, images } from '../../db/schema/images';
import { AppError, invalidField } from '../../lib/errors';
import { ownImages, type ImageBudget } from './budgets';
import { runImageJob } from './image-jobs';
import { jpegScanCount, MAX_JPEG_SCANS } from './jpeg-scans';

export const INVALID_IMAGE = 'INVALID_IMAGE';
export const IMAGE_NOT_FOUND = 'IMAGE_NOT_FOUND';
/** Stored originals are at most this wide; the served variants are IMAGE_WIDTHS. */
const MAX_STORED_WIDTH = 1600;
/** Refuse decompression bombs: more pixels than this (16 megapixels) is not a photo of a device. */
const MAX_INPUT_PIXELS = 16_000_000;

/** How sharp names each type we take (AVIF is read by its HEIF loader). */
const SHARP_FORMATS: Record<ImageType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'heif',
};

/**
 * The type an image's first bytes say it is, whatever it was labelled; null for anything else (SVG,
 * PDF, random bytes). Only these signatures ever reach a decoder.
 */
export function sniffImageType(data: Buffer): ImageType | null {
  const has = (offset: number, signature: string) =>
    data.subarray(offset, offset + signature.length).equals(Buffer.from(signature, 'latin1'));
  if (has(0, '\xff\xd8\xff')) return 'image/jpeg';
  if (has(0, '\x89PNG\r\n\x1a\n')) return 'image/png';
  if (has(0, 'RIFF') && has(8, 'WEBP')) return 'image/webp';
  if (has(0, 'GIF87a') || has(0, 'GIF89a')) return 'image/gif';
  if (has(4, 'ftyp')) {
    // An ISO media file: AVIF when its major brand or one of its compatible brands says so.
    const end = Math.min(data.readUInt32BE(0), data.length, 64);
    for (let offset = 8; offset + 4 <= end; offset += offset === 8 ? 8 : 4) {
      if (has(offset, 'avif') || has(offset, 'avis')) return 'image/avif';
    }
  }
  return null;
}

/** The 400s of normaliseImage, in words a person can act on. */
export const IMAGE_REFUSALS = {
  empty: 'The image is empty: choose an image file',
  notAnImage: 'The file is not an image',
  tooManyPixels: 'The image is too large: at most 16 megapixels',
  tooManyScans: 'The image is saved in too many passes: save it again as an ordinary JPEG',
} as const;
const refused = (message: string) => new AppError(INVALID_IMAGE, message, { status: 400 });

/**
 * Normalise an uploaded image to WebP at most 1600 px wide, in a decoder process bounded by `budget`
 * (docs/decisions/038, 067). Its bytes must be one of `accept` (415 naming them otherwise: an SVG
 * labelled image/png included); an empty one, one that does not decode, one over 16 megapixels, a JPEG
 * of more than MAX_JPEG_SCANS scans or one still decoding at its deadline is a 400; an address that
 * has spent its budget is a 429.
 */
export async function normaliseImage({
  data,
  accept = UPLOAD_IMAGE_TYPES,
  budget,
}: {
  data: Buffer;
  /** The types taken: what anyone may upload unless the caller (the admin's route) says more. */
  accept?: readonly ImageType[];
  /** What decoding may cost: the request's share of its address's budget (`ImageBudgets.forRequest`). */
  budget: ImageBudget;
}): Promise<{ data: Buffer; width: number; height: number }> {
  if (data.length === 0) throw refused(IMAGE_REFUSALS.empty);
  const type = sniffImageType(data);
  if (!type || !accept.includes(type)) throw new AppError(INVALID_IMAGE, imageTypesMessage(accept), { status: 415 });
  if (type === 'image/jpeg' && jpegScanCount(data) > MAX_JPEG_SCANS) {
    throw refused(IMAGE_REFUSALS.tooManyScans);
  }
  const job = {
    kind: 'normalise',
    data,
    format: SHARP_FORMATS[type],
    maxPixels: MAX_INPUT_PIXELS,
    maxWidth: MAX_STORED_WIDTH,
  } as const;
  const result = await runImageJob(job, budget);
  if (result.ok) return result;
  throw refused(result.reason === 'too-many-pixels' ? IMAGE_REFUSALS.tooManyPixels : IMAGE_REFUSALS.notAnImage);
}

/** Deletes an image no longer used (a replaced profile picture), with its served variants. */
export async function deleteImage(db: DbHandle, id: string) {
  await db.delete(imageVariants).where(eq(imageVariants.imageId, id));
  await db.delete(images).where(eq(images.id, id));
}

/** Store an uploaded image (profile pictures, device photos) through normaliseImage. */
export async function storeImage({
  db,
  ...upload
}: Parameters<typeof normaliseImage>[0] & { db: Database }): Promise<{ id: string }> {
  return insertImage(db, await normaliseImage(upload));
}

/** Stores an image normaliseImage made, in the caller's transaction (the record it belongs to is written beside it). */
export async function insertImage(
  db: DbHandle,
  image: { data: Buffer; width: number; height: number },
): Promise<{ id: string }> {
  const [row] = await db
    .insert(images)
    .values({ contentType: 'image/webp', width: image.width, height: image.height, data: image.data })
    .returning({ id: images.id });
  return { id: row!.id };
}

/** Stored images' bytes as they were taken in, for a person's copy of their data (docs/decisions/076). */
export async function imageFiles(
  db: DbHandle,
  ids: string[],
): Promise<{ id: string; contentType: string; data: Buffer }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: images.id, contentType: images.contentType, data: images.data })
    .from(images)
    .where(inArray(images.id, ids));
}

/** The ids of `ids` that name no stored image (an empty list when all exist). */
export async function missingImages(db: DbHandle, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db.select({ id: images.id }).from(images).where(inArray(images.id, ids));
  const known = new Set(found.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

/** The served width for a requested one: the next larger of IMAGE_WIDTHS (the largest when beyond them). */
export function snapWidth(requested: number): number {
  return IMAGE_WIDTHS.find((w) => w >= requested) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether `id` could name a stored image at all (anything else is not looked up). */
export const isImageId = (id: string) => UUID.test(id);

/**
 * The bytes to serve for an image at a width (undefined: the stored original). A variant is made
 * with sharp on first request and kept in image_variants so every instance serves it afterwards.
 * Null when there is no such image.
 */
export async function getImageVariant({
  db,
  id,
  width,
}: {
  db: Database;
  id: string;
  width?: number;
}): Promise<{ data: Buffer; contentType: string; width: number | null } | null> {
  if (!isImageId(id)) return null;
  if (width !== undefined) {
    const snapped = snapWidth(width);
    const [variant] = await db
      .select({ data: imageVariants.data })
      .from(imageVariants)
      .where(and(eq(imageVariants.imageId, id), eq(imageVariants.width, snapped)))
      .limit(1);
    if (variant) return { data: variant.data, contentType: 'image/webp', width: snapped };
    const [original] = await db.select().from(images).where(eq(images.id, id)).limit(1);
    if (!original) return null;
    const resized = await runImageJob(
      { kind: 'resize', data: original.data, width: snapped, maxPixels: MAX_INPUT_PIXELS },
      ownImages,
    );
    if (!resized.ok) throw new Error(`stored image ${id} did not decode`);
    const { data } = resized;
    await db.insert(imageVariants).values({ imageId: id, width: snapped, data }).onConflictDoNothing();
    return { data, contentType: 'image/webp', width: snapped };
  }
  const [original] = await db
    .select({ data: images.data, contentType: images.contentType })
    .from(images)
    .where(eq(images.id, id))
    .limit(1);
  return original ? { data: original.data, contentType: original.contentType, width: null } : null;
}

/**
 * A form's photos (data URLs: the sell form's, a return's) as normaliseImage keeps them, or the form's
 * own refusal under `field`: bytes of another type are a 415 and one empty or not decoding a 400, both
 * in the form's words (`invalid`); one too large or too slow to read says so in the images' words.
 */
export async function normaliseFormPhotos(
  photos: string[],
  budget: ImageBudget,
  { field, invalid }: { field: string; invalid: string },
) {
  try {
    return await Promise.all(
      photos.map((photo) =>
        normaliseImage({ data: Buffer.from(photo.slice(photo.indexOf(',') + 1), 'base64'), budget }),
      ),
    );
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500 || error.status === 429) throw error;
    if (error.status === 415) throw new AppError(INVALID_IMAGE, invalid, { status: 415, fields: { [field]: invalid } });
    const mine = error.message === IMAGE_REFUSALS.empty || error.message === IMAGE_REFUSALS.notAnImage;
    throw invalidField(field, mine ? invalid : error.message);
  }
}
