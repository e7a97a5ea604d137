/**
 * A progressive JPEG is drawn in scans, and the decoder passes over every block of the image for each
 * one: a 16-megapixel picture of 2,647 legal but empty scans is 176 KB and costs 23 s of CPU. Real
 * progressive photos have about ten scans, so a file with more than this is refused before any
 * decoder sees it.
 */
export const MAX_JPEG_SCANS = 100;

const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;

/**
 * How many scans (start-of-scan markers) a JPEG holds, counted up to `stopAfter`: its segments are
 * walked by their lengths, and each scan's coded data is skipped to the next real marker (a 0xFF in
 * coded data is always followed by 0x00 or a restart marker), so a thumbnail inside EXIF or a marker-like
 * pair inside a segment is never counted. A file that stops making sense ends the count there: decoding
 * it is the decoder's business, bounded like every other job.
 */
export function jpegScanCount(data: Buffer, stopAfter = MAX_JPEG_SCANS + 1): number {
  let scans = 0;
  let offset = 2; // past the start-of-image marker
  while (offset + 1 < data.length && scans < stopAfter) {
    if (data[offset] !== 0xff) break;
    const marker = data[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // a fill byte before a marker
      continue;
    }
    if (marker === 0xd9) break; // end of image
    if (marker === 0x01 || isRestart(marker)) {
      offset += 2;
      continue;
    }
    if (offset + 3 >= data.length) break;
    offset += 2 + data.readUInt16BE(offset + 2);
    if (marker !== 0xda) continue;
    scans += 1;
    for (offset = data.indexOf(0xff, offset); offset !== -1; offset = data.indexOf(0xff, offset + 1)) {
      const next = data[offset + 1];
      if (next === undefined || (next !== 0x00 && !isRestart(next))) break;
    }
    if (offset === -1) break;
  }
  return scans;
}
