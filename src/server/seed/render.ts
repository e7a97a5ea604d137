import sharp from 'sharp';
import { ARTWORK_HEIGHT, ARTWORK_WIDTH } from './artwork';

/** SVG artwork to the WebP the images table stores (quick encoder settings: seeding stays fast). */
export async function renderArtwork(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality: 80, effort: 1 }).toBuffer();
}

export const ARTWORK_SIZE = { width: ARTWORK_WIDTH, height: ARTWORK_HEIGHT } as const;

/** Run `task` over `items` with at most `limit` at a time, keeping the order of results. */
export async function mapLimit<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  });
  await Promise.all(workers);
  return results;
}
