import { constants, crc32, deflateRawSync } from 'node:zlib';

/*
 * A ZIP archive written as it goes (PKWARE APPNOTE 6.3, the subset an .xlsx needs): every file deflated,
 * a file given whole carries its size and CRC-32 in its header, a file that arrives in parts (a sheet
 * streamed batch by batch) is followed by a data descriptor instead, and the central directory ends it.
 * Each part is deflated on its own and ended with a sync flush, so the parts join into one valid deflate
 * stream and no more than one part is ever held. No ZIP64: a file or archive over 4 GiB is refused.
 */

/** One file of the archive: its name (ASCII) and its bytes, whole or in parts. */
export interface ZipEntry {
  name: string;
  data: string | Buffer | AsyncIterable<string | Buffer>;
}

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** 2.0: deflate. */
const VERSION = 20;
const DEFLATE = 8;
/** Bit 3: the sizes and CRC follow the data, in a data descriptor. */
const SIZES_AFTER = 0x0008;
/** 1980-01-01 00:00, the earliest DOS date: the archive's bytes depend on nothing but its files. */
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
const MAX_32 = 0xffffffff;

interface Written {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

const bytes = (data: string | Buffer) => (typeof data === 'string' ? Buffer.from(data, 'utf8') : data);

function within32Bits(value: number, what: string): number {
  if (value > MAX_32) throw new Error(`${what} is over 4 GiB, which a ZIP without ZIP64 cannot hold`);
  return value;
}

/**
 * The fields a file's local header and its central directory header share, in the same order from
 * `at`: flags, method, time, date, CRC-32, the two sizes and the name's length.
 */
function writeFileFields(header: Buffer, entry: Omit<Written, 'offset'>, at: number): void {
  header.writeUInt16LE(entry.flags, at);
  header.writeUInt16LE(DEFLATE, at + 2);
  header.writeUInt16LE(DOS_TIME, at + 4);
  header.writeUInt16LE(DOS_DATE, at + 6);
  header.writeUInt32LE(entry.crc, at + 8);
  header.writeUInt32LE(entry.compressed, at + 12);
  header.writeUInt32LE(entry.size, at + 16);
  header.writeUInt16LE(entry.name.length, at + 20);
}

function localHeader(entry: Omit<Written, 'offset'>): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL_HEADER, 0);
  header.writeUInt16LE(VERSION, 4);
  writeFileFields(header, entry, 6);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, entry.name]);
}

function centralHeader(entry: Written): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(CENTRAL_HEADER, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(VERSION, 6);
  writeFileFields(header, entry, 8);
  // Extra field, comment, disk number, internal and external attributes: none.
  header.writeUInt32LE(within32Bits(entry.offset, 'the archive'), 42);
  return Buffer.concat([header, entry.name]);
}

function dataDescriptor({ crc, compressed, size }: Pick<Written, 'crc' | 'compressed' | 'size'>): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
  descriptor.writeUInt32LE(crc, 4);
  descriptor.writeUInt32LE(compressed, 8);
  descriptor.writeUInt32LE(size, 12);
  return descriptor;
}

function endOfCentralDirectory(count: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(within32Bits(offset, 'the archive'), 16);
  return end;
}

/** The archive's bytes, in order: each file's header and data as it is written, then the directory. */
export async function* zip(entries: ZipEntry[]): AsyncGenerator<Buffer> {
  const written: Written[] = [];
  let offset = 0;
  const out = (chunk: Buffer) => {
    offset += chunk.length;
    return chunk;
  };
  for (const { name: fileName, data } of entries) {
    const name = Buffer.from(fileName, 'ascii');
    const start = offset;
    if (typeof data === 'string' || Buffer.isBuffer(data)) {
      const raw = bytes(data);
      const deflated = deflateRawSync(raw);
      const entry = { name, flags: 0, crc: crc32(raw), compressed: deflated.length, size: raw.length };
      within32Bits(entry.size, fileName);
      yield out(localHeader(entry));
      yield out(deflated);
      written.push({ ...entry, offset: start });
      continue;
    }
    yield out(localHeader({ name, flags: SIZES_AFTER, crc: 0, compressed: 0, size: 0 }));
    let crc = 0;
    let size = 0;
    let compressed = 0;
    for await (const part of data) {
      const raw = bytes(part);
      if (raw.length === 0) continue;
      crc = crc32(raw, crc);
      size += raw.length;
      const deflated = deflateRawSync(raw, { finishFlush: constants.Z_SYNC_FLUSH });
      compressed += deflated.length;
      yield out(deflated);
    }
    // The final, empty block that ends the deflate stream.
    const last = deflateRawSync(Buffer.alloc(0));
    compressed += last.length;
    yield out(last);
    const entry = { name, flags: SIZES_AFTER, crc, compressed, size };
    within32Bits(size, fileName);
    within32Bits(compressed, fileName);
    yield out(dataDescriptor(entry));
    written.push({ ...entry, offset: start });
  }
  const directoryStart = offset;
  for (const entry of written) yield out(centralHeader(entry));
  yield out(endOfCentralDirectory(written.length, offset - directoryStart, directoryStart));
}
