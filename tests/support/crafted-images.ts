import sharp from 'sharp';

/*
 * Images built to cost a decoder as much as their format allows for their size: what an attacker
 * would send, written here in a few lines so the tests hold the class, not one sample file.
 */

/** Writes bits most significant first, with JPEG's byte stuffing (0xFF is followed by 0x00). */
function entropyCoded(write: (put: (value: number, bits: number) => void) => void): number[] {
  const bytes: number[] = [];
  let byte = 0;
  let filled = 0;
  const put = (value: number, bits: number) => {
    for (let bit = bits - 1; bit >= 0; bit--) {
      byte = (byte << 1) | ((value >> bit) & 1);
      if (++filled === 8) {
        bytes.push(byte);
        if (byte === 0xff) bytes.push(0);
        byte = 0;
        filled = 0;
      }
    }
  };
  write(put);
  if (filled > 0) put(0xff >> filled, 8 - filled); // padded with ones, as the standard says
  return bytes;
}

/**
 * A valid progressive JPEG whose coefficients are all zero, drawn in as many scans as the format
 * allows (one DC scan, then each of the 63 AC frequencies of each component refined bit by bit):
 * at 4000 x 4000 and 3 components, 2,647 scans in about 176 KB. `scans` stops earlier. Every scan
 * makes the decoder pass over every block, so it costs seconds of CPU per hundred scans.
 */
export function scanBombJpeg({ size = 4000, components = 3, scans = Infinity } = {}): Buffer {
  const out: number[] = [];
  const u16 = (n: number) => [n >> 8, n & 0xff];
  const segment = (marker: number, body: number[]) => out.push(0xff, marker, ...u16(body.length + 2), ...body);
  const ids = Array.from({ length: components }, (_, i) => i + 1);
  const blocks = Math.ceil(size / 8) ** 2;
  out.push(0xff, 0xd8);
  segment(0xdb, [0, ...Array<number>(64).fill(1)]);
  segment(0xc2, [8, ...u16(size), ...u16(size), components, ...ids.flatMap((id) => [id, 0x11, 0])]);
  // DC: one code ("0": no difference). AC: "0" is a run of 16,384 + 14 bits more empty blocks, "10" one.
  segment(0xc4, [0x00, 1, ...Array<number>(15).fill(0), 0x00]);
  segment(0xc4, [0x10, 1, 1, ...Array<number>(14).fill(0), 0xe0, 0x00]);
  segment(0xda, [components, ...ids.flatMap((id) => [id, 0x00]), 0, 0, 0]);
  out.push(...entropyCoded((put) => Array.from({ length: blocks * components }, () => put(0, 1))));
  const emptyBlocks = entropyCoded((put) => {
    for (let left = blocks; left > 0;) {
      const run = Math.min(left, 32_767);
      if (run >= 16_384) put((0 << 14) | (run - 16_384), 15);
      else for (let i = 0; i < run; i++) put(0b10, 2);
      left -= run;
    }
  });
  let written = 1;
  for (const id of ids) {
    for (let k = 1; k < 64; k++) {
      for (let al = 13; al >= 0 && written < scans; al--, written++) {
        const ah = al === 13 ? 0 : al + 1;
        segment(0xda, [1, id, 0x00, k, k, (ah << 4) | al]);
        out.push(...emptyBlocks);
      }
    }
  }
  out.push(0xff, 0xd9);
  return Buffer.from(out);
}

/** A 4000 x 4000 PNG of 16 bits a channel: a smooth picture, so about 120 KB that decode to 96 MB. */
export function sixteenBitPng(): Promise<Buffer> {
  return sharp({ create: { width: 4000, height: 4000, channels: 3, background: '#4a7bd0' } })
    .toColourspace('rgb16')
    .png({ compressionLevel: 9 })
    .toBuffer();
}
