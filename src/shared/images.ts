// Image uploads: what each caller may send, told apart by the file's bytes (docs/decisions/038).
// Apart from catalog.ts so the storefront's first load carries none of it: only upload screens import it.

/**
 * What anyone may upload (profile pictures, sell photos): these types, told apart by the file's first
 * bytes, never by its label. SVG is taken from nobody (docs/decisions/038).
 */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The admin's device images may also be GIF or AVIF: suppliers' pictures come as those (decision 038). */
export const DEVICE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
export type ImageType = (typeof DEVICE_IMAGE_TYPES)[number];
/** Every upload is at most 5 MB. */
export const MAX_IMAGE_UPLOAD_BYTES = 5 * 1024 * 1024;
const IMAGE_TYPE_NAMES: Record<ImageType, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
  'image/avif': 'AVIF',
};

/** The refusal naming the types taken: 'Upload a JPEG, PNG or WebP image of at most 5 MB'. */
export function imageTypesMessage(types: readonly ImageType[]): string {
  const names = types.map((type) => IMAGE_TYPE_NAMES[type]);
  const listed = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names.join('');
  return `Upload a ${listed} image of at most 5 MB`;
}
