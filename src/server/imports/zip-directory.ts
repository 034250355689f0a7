// A zip's central directory read and checked before any entry is inflated (issue 46). A hostile
// zip can list one compressed entry under many names (each inflated again by a reader that
// trusts the directory), let entries overlap, or lie about sizes; every such zip is refused
// here, so what is inflated afterwards is each stored byte once, and at most what the directory
// declares (zip-inflate.ts holds every entry to its declared size).

/** One file of a zip, as its central directory lists it and its local header places it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated: the only methods read. */
  method: 0 | 8;
  crc32: number;
  compressedSize: number;
  /** What the directory says the entry inflates to; held to it while inflating. */
  size: number;
  /** Where the entry's local header starts. */
  headerOffset: number;
  /** Where its compressed bytes start (after the local header, name and extra field). */
  dataOffset: number;
}

/** Why a zip's directory was refused. */
export type ZipRefusal = 'damaged' | 'duplicate' | 'overlap' | 'encrypted' | 'method';

export type ZipDirectory =
  { ok: true; entries: ZipEntry[]; declaredSize: number } | { ok: false; refusal: ZipRefusal };

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record is 22 bytes and may be followed by a comment of up to 65,535. */
const END_SEARCH = 22 + 0xffff;
/** More entries than any export holds; a directory of millions costs time to check. */
const MAX_ENTRIES = 10_000;

class Damaged extends Error {}

/** Little-endian reads that throw Damaged past the end instead of reading undefined. */
function reader(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const inside = (at: number, length: number) => {
    if (at < 0 || at + length > bytes.length) throw new Damaged();
  };
  return {
    u16: (at: number) => (inside(at, 2), view.getUint16(at, true)),
    u32: (at: number) => (inside(at, 4), view.getUint32(at, true)),
    u64: (at: number) => {
      inside(at, 8);
      const value = view.getBigUint64(at, true);
      if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new Damaged();
      return Number(value);
    },
  };
}

/** Where the end-of-directory record starts, searched back from the end; -1 when absent. */
function endRecordAt(bytes: Uint8Array): number {
  const read = reader(bytes);
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - END_SEARCH); at -= 1)
    if (read.u32(at) === END_OF_DIRECTORY) return at;
  return -1;
}

interface DirectoryPlace {
  count: number;
  offset: number;
  size: number;
}

function directoryPlace(bytes: Uint8Array, end: number): DirectoryPlace {
  const read = reader(bytes);
  // Zips across several disks are not exports anyone uploads.
  if (read.u16(end + 4) !== 0 || read.u16(end + 6) !== 0) throw new Damaged();
  const place = { count: read.u16(end + 10), size: read.u32(end + 12), offset: read.u32(end + 16) };
  const wide = place.count === 0xffff || place.size === 0xffffffff || place.offset === 0xffffffff;
  if (!wide) return place;
  // ZIP64: the real figures are in the record the locator before the end record points to.
  const locator = end - 20;
  if (read.u32(locator) !== ZIP64_LOCATOR) throw new Damaged();
  const record = read.u64(locator + 8);
  if (read.u32(record) !== ZIP64_END) throw new Damaged();
  return {
    count: read.u64(record + 32),
    size: read.u64(record + 40),
    offset: read.u64(record + 48),
  };
}

/** The ZIP64 extra field's sizes and offset, for the fields the directory entry left at 0xFFFFFFFF. */
function zip64Fields(
  bytes: Uint8Array,
  extraStart: number,
  extraLength: number,
  wanted: { size: boolean; compressedSize: boolean; headerOffset: boolean },
) {
  const read = reader(bytes);
  for (let at = extraStart; at + 4 <= extraStart + extraLength;) {
    const id = read.u16(at);
    const length = read.u16(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const next = () => {
        if (field + 8 > at + 4 + length) throw new Damaged();
        const value = read.u64(field);
        field += 8;
        return value;
      };
      // The fields appear in this order, each only when its directory field overflowed.
      const size = wanted.size ? next() : undefined;
      const compressedSize = wanted.compressedSize ? next() : undefined;
      const headerOffset = wanted.headerOffset ? next() : undefined;
      return { size, compressedSize, headerOffset };
    }
    at += 4 + length;
  }
  throw new Damaged();
}

const utf8 = new TextDecoder('utf-8');
const latin1 = new TextDecoder('latin1');

function readEntries(bytes: Uint8Array, place: DirectoryPlace): ZipEntry[] | ZipRefusal {
  const read = reader(bytes);
  const entries: ZipEntry[] = [];
  let at = place.offset;
  for (let index = 0; index < place.count; index += 1) {
    if (read.u32(at) !== DIRECTORY_ENTRY) throw new Damaged();
    const flags = read.u16(at + 8);
    const method = read.u16(at + 10);
    const nameLength = read.u16(at + 28);
    const extraLength = read.u16(at + 30);
    const commentLength = read.u16(at + 32);
    let compressedSize = read.u32(at + 20);
    let size = read.u32(at + 24);
    let headerOffset = read.u32(at + 42);
    if (at + 46 + nameLength > bytes.length) throw new Damaged();
    const nameBytes = bytes.subarray(at + 46, at + 46 + nameLength);
    // Bit 11: the name is UTF-8; otherwise code page 437, read here as Latin-1 (export names are ASCII).
    const name = (flags & 0x800 ? utf8 : latin1).decode(nameBytes);
    const wanted = {
      size: size === 0xffffffff,
      compressedSize: compressedSize === 0xffffffff,
      headerOffset: headerOffset === 0xffffffff,
    };
    if (wanted.size || wanted.compressedSize || wanted.headerOffset) {
      const wide = zip64Fields(bytes, at + 46 + nameLength, extraLength, wanted);
      size = wide.size ?? size;
      compressedSize = wide.compressedSize ?? compressedSize;
      headerOffset = wide.headerOffset ?? headerOffset;
    }
    if (flags & 0x1) return 'encrypted';
    if (method !== 0 && method !== 8) return 'method';
    if (method === 0 && compressedSize !== size) throw new Damaged();
    if (read.u32(headerOffset) !== LOCAL_HEADER) throw new Damaged();
    const dataOffset =
      headerOffset + 30 + read.u16(headerOffset + 26) + read.u16(headerOffset + 28);
    if (dataOffset + compressedSize > bytes.length) throw new Damaged();
    entries.push({
      name,
      method,
      crc32: read.u32(at + 16),
      compressedSize,
      size,
      headerOffset,
      dataOffset,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (at > place.offset + place.size) throw new Damaged();
  return entries;
}

/** The refusal of entries that share a name or bytes (with each other or the directory). */
function sharedBytes(entries: readonly ZipEntry[], place: DirectoryPlace): ZipRefusal | null {
  const names = new Set<string>();
  for (const entry of entries) {
    if (names.has(entry.name)) return 'duplicate';
    names.add(entry.name);
  }
  const spans = entries
    .map((entry) => ({ start: entry.headerOffset, end: entry.dataOffset + entry.compressedSize }))
    .concat({ start: place.offset, end: place.offset + place.size })
    .sort((a, b) => a.start - b.start);
  for (let i = 1; i < spans.length; i += 1)
    if ((spans[i]?.start ?? 0) < (spans[i - 1]?.end ?? 0)) return 'overlap';
  return null;
}

/**
 * A zip's entries from its central directory, refused when it is damaged, encrypted, uses a
 * method other than store or deflate, or lists a name twice or bytes under two entries.
 */
export function zipDirectory(bytes: Uint8Array): ZipDirectory {
  try {
    const end = endRecordAt(bytes);
    if (end < 0) return { ok: false, refusal: 'damaged' };
    const place = directoryPlace(bytes, end);
    if (place.count > MAX_ENTRIES || place.offset + place.size > bytes.length)
      return { ok: false, refusal: 'damaged' };
    const entries = readEntries(bytes, place);
    if (typeof entries === 'string') return { ok: false, refusal: entries };
    const shared = sharedBytes(entries, place);
    if (shared) return { ok: false, refusal: shared };
    const declaredSize = entries.reduce((sum, entry) => sum + entry.size, 0);
    return { ok: true, entries, declaredSize };
  } catch (error) {
    if (error instanceof Damaged || error instanceof RangeError)
      return { ok: false, refusal: 'damaged' };
    throw error;
  }
}
