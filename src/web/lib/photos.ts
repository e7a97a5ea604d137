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

/** Adds the picked files to the photos kept so far, up to `max`; files that are not images are skipped. */
export async function addPhotos(kept: string[], files: FileList | null, max: number): Promise<string[]> {
  const room = max - kept.length;
  const picked = [...(files ?? [])].filter((f) => f.type.startsWith('image/')).slice(0, Math.max(0, room));
  const shrunk = await Promise.all(picked.map((file) => shrink(file).catch(() => null)));
  return [...kept, ...shrunk.filter((p): p is string => p !== null)];
}
