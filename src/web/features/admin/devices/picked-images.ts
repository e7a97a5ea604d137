/** One picture of the device form: stored (id), or still uploading (progress), or failed. */
export interface PickedImage {
  key: string;
  id: string | null;
  url: string;
  progress: number;
  error: string | null;
}

export const idOfUrl = (url: string) => url.split('?')[0]!.split('/').pop()!;
let counter = 0;
export const nextKey = () => `image-${++counter}`;

export function pickedFromUrls(urls: string[]): PickedImage[] {
  return urls.map((url) => ({ key: nextKey(), id: idOfUrl(url), url, progress: 100, error: null }));
}

/**
 * The ids to save, Main first (spec 001 section 5: on save the default image moves to the front).
 * `defaultIndex` points into `images`, failed and unfinished uploads included: Main is found there
 * by key before those are left out, so a failed photo before it cannot shift it onto another one.
 * A Main that did not upload falls back to the first stored image.
 */
export function imageIdsToSave(images: PickedImage[], defaultIndex: number): string[] {
  const mainKey = images[defaultIndex]?.key;
  const ready = images.filter((image) => image.id !== null);
  const main = ready.find((image) => image.key === mainKey) ?? ready[0];
  return main ? [main, ...ready.filter((image) => image !== main)].map((image) => image.id!) : [];
}

/** The index of Main after removing image `removed`: the same picture, or the first when it was the one removed out of range. */
export function defaultAfterRemoving(removed: number, defaultIndex: number, count: number): number {
  if (removed < defaultIndex) return defaultIndex - 1;
  return defaultIndex >= count - 1 ? 0 : defaultIndex;
}
