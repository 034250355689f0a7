// @ts-check
import { constants, crc32, deflateRawSync } from 'node:zlib';

// Hostile zips made in the tests and the bench (issue 46), written byte by byte so they can list
// one packed entry under many names, or declare sizes that lie: no zip library writes those.
// Plain JavaScript so `npm run bench` (node, no compiler) can use them too.

/**
 * Deflated bytes with the CRC and size of what they inflate to.
 * @typedef {{ data: Uint8Array, crc: number, size: number }} Packed
 */

/**
 * A file stored in the zip once, at the offset its local header is written.
 * @typedef {{ name: string, packed: Packed }} LocalFile
 */

/**
 * A line of the central directory: which stored file it points at, under which name, and
 * what it says the file inflates to when it lies.
 * @typedef {{ name: string, file: number, size?: number }} Listing
 */

/**
 * `bytes` deflated as a block that ends the stream's history (a full flush), not the stream.
 * @param {Uint8Array} bytes
 */
const segment = (bytes) =>
  deflateRawSync(bytes, { level: 9, memLevel: 9, finishFlush: constants.Z_FULL_FLUSH });

/**
 * `size` bytes of `byte` (with `prefix` and `suffix` around them) deflated at deflate's best
 * ratio, about 1,030 to 1. A full flush makes each 1 MB segment independent, so the same
 * compressed segment is repeated: a gigabyte is made without deflating, or holding, a gigabyte.
 */
/**
 * @param {number} byte
 * @param {number} size
 * @returns {Packed}
 */
export function packedRun(byte, size, prefix = new Uint8Array(), suffix = new Uint8Array()) {
  const piece = new Uint8Array(1024 * 1024).fill(byte);
  const whole = segment(piece);
  const parts = [segment(prefix)];
  let crc = crc32(prefix);
  for (let left = size; left > 0; left -= piece.length) {
    const chunk = left >= piece.length ? piece : piece.subarray(0, left);
    parts.push(chunk === piece ? whole : segment(chunk));
    crc = crc32(chunk, crc);
  }
  parts.push(segment(suffix), deflateRawSync(new Uint8Array()));
  // Node 20's crc32 of no bytes after a deflate of none answers 0, not the CRC it was given.
  if (suffix.length > 0) crc = crc32(suffix, crc);
  return { data: Buffer.concat(parts), crc, size: prefix.length + size + suffix.length };
}

/**
 * `text` deflated, for the ordinary parts of a workbook.
 * @param {string} text
 */
export const packedText = (text) => packedRun(0, 0, new TextEncoder().encode(text));

/** @param {number} value */
const u16 = (value) => [value & 0xff, (value >> 8) & 0xff];
/** @param {number} value */
const u32 = (value) => [...u16(value & 0xffff), ...u16((value >>> 16) & 0xffff)];

/**
 * A zip of `files` whose directory lists them as `listings` (each file once under its name by
 * default).
 * @param {readonly LocalFile[]} files
 * @param {readonly Listing[]} [listings]
 * @returns {Uint8Array<ArrayBuffer>}
 */
export function hostileZip(
  files,
  listings = files.map((file, index) => ({ name: file.name, file: index })),
) {
  const encoder = new TextEncoder();
  /** @type {Uint8Array[]} */
  const parts = [];
  /** @type {number[]} */
  const offsets = [];
  let at = 0;
  for (const { name, packed } of files) {
    const nameBytes = encoder.encode(name);
    const header = Uint8Array.from([
      ...u32(0x04034b50),
      ...u16(20),
      ...u16(0x800),
      ...u16(8),
      ...u16(0),
      ...u16(0x21),
      ...u32(packed.crc),
      ...u32(packed.data.length),
      ...u32(packed.size),
      ...u16(nameBytes.length),
      ...u16(0),
    ]);
    offsets.push(at);
    parts.push(header, nameBytes, packed.data);
    at += header.length + nameBytes.length + packed.data.length;
  }
  const directoryStart = at;
  for (const listing of listings) {
    const file = files[listing.file];
    if (!file) throw new Error(`no file ${listing.file}`);
    const nameBytes = encoder.encode(listing.name);
    const entry = Uint8Array.from([
      ...u32(0x02014b50),
      ...u16(20),
      ...u16(20),
      ...u16(0x800),
      ...u16(8),
      ...u16(0),
      ...u16(0x21),
      ...u32(file.packed.crc),
      ...u32(file.packed.data.length),
      ...u32(listing.size ?? file.packed.size),
      ...u16(nameBytes.length),
      ...u16(0),
      ...u16(0),
      ...u16(0),
      ...u16(0),
      ...u32(0),
      ...u32(offsets[listing.file] ?? 0),
    ]);
    parts.push(entry, nameBytes);
    at += entry.length + nameBytes.length;
  }
  parts.push(
    Uint8Array.from([
      ...u32(0x06054b50),
      ...u16(0),
      ...u16(0),
      ...u16(listings.length),
      ...u16(listings.length),
      ...u32(at - directoryStart),
      ...u32(directoryStart),
      ...u16(0),
    ]),
  );
  // A copy with a buffer of its own, as a request body or a File takes it.
  return Uint8Array.from(Buffer.concat(parts));
}
