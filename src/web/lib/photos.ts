/** Photos are shrunk in the browser before upload: at most this wide or tall, as JPEG. */
const MAX_SIDE = 1600;

/** A picked image file as a JPEG data URL no larger than MAX_SIDE on its longer side. */
async function shrink(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas.toDataURL('image/jpeg', 0.85);
}

/** What became of a pick: the photos kept, and a sentence for each file that was not added, saying why. */
export interface PickedPhotos {
  photos: string[];
  notAdded: string[];
}

/**
 * Adds the picked files to the photos kept so far, up to `max`. A file that is not an image, one past
 * `max`, or one that cannot be read as a picture is left out, and said so: a silent drop reads as a bug.
 */
export async function addPhotos(kept: string[], files: FileList | null, max: number): Promise<PickedPhotos> {
  const notAdded: string[] = [];
  const images: File[] = [];
  for (const file of files ?? []) {
    if (!file.type.startsWith('image/')) notAdded.push(`${file.name} was not added: it is not a photo.`);
    else if (kept.length + images.length >= max) notAdded.push(`${file.name} was not added: at most ${max} photos.`);
    else images.push(file);
  }
  const shrunk = await Promise.all(images.map((file) => shrink(file).catch(() => null)));
  const photos = [...kept];
  shrunk.forEach((photo, i) => {
    if (photo) photos.push(photo);
    else notAdded.push(`${images[i]!.name} was not added: it could not be read as a picture.`);
  });
  return { photos, notAdded };
}
