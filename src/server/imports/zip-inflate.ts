import { createInflateRaw, crc32 } from 'node:zlib';
import type { ZipEntry } from './zip-directory';

// One zip entry inflated in bounded pieces (issue 46): zlib works on the thread pool a 64 KB
// piece at a time, so the server goes on answering, and the entry is given up the moment it
// inflates past what the directory declared (a bomb that lies about its size costs no more than
// one that tells the truth, which zip-directory.ts has already weighed against the cap). Each
// entry's CRC is checked too, so what a reader inflates later is exactly what was counted here.

/** Output handed over at a time; the most held at once when the entry is only counted. */
const PIECE_BYTES = 64 * 1024;
const LESS_THAN = 0x3c;

export interface InflateOptions {
  /** Keep the inflated bytes (else they are counted and dropped). */
  keep: boolean;
  /**
   * The most bytes allowed between two `<` (a workbook's XML parts): Excel holds a cell to
   * 32,767 characters, so a longer run of text is a bomb made to fit under the size cap, one
   * shared string of 150 MB that a parser would copy several times over.
   */
  maxTextRun?: number;
}

export type Inflated =
  { ok: true; bytes: Uint8Array | null } | { ok: false; refusal: 'damaged' | 'long_text' };

/** Tracks the longest run between two `<` across pieces; false once a run passed `max`. */
function textRuns(max: number) {
  let run = 0;
  return (piece: Uint8Array): boolean => {
    let from = 0;
    for (;;) {
      const at = piece.indexOf(LESS_THAN, from);
      if (at === -1) {
        run += piece.length - from;
        return run <= max;
      }
      if (run + (at - from) > max) return false;
      run = 0;
      from = at + 1;
    }
  };
}

/** The stored bytes of an entry kept as they are (method 0), checked as an inflated one is. */
function stored(data: Uint8Array, entry: ZipEntry, options: InflateOptions): Inflated {
  if (crc32(data) !== entry.crc32) return { ok: false, refusal: 'damaged' };
  if (options.maxTextRun !== undefined && !textRuns(options.maxTextRun)(data))
    return { ok: false, refusal: 'long_text' };
  return { ok: true, bytes: options.keep ? data : null };
}

/** Inflates `entry` of `zip`, no further than its declared size, with its CRC checked. */
export function inflateEntry(
  zip: Uint8Array,
  entry: ZipEntry,
  options: InflateOptions,
): Promise<Inflated> {
  const data = zip.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
  if (entry.method === 0) return Promise.resolve(stored(data, entry, options));
  return new Promise((resolve) => {
    const inflater = createInflateRaw({ chunkSize: PIECE_BYTES });
    const kept = options.keep ? new Uint8Array(entry.size) : null;
    const withinRuns = options.maxTextRun === undefined ? null : textRuns(options.maxTextRun);
    let total = 0;
    let crc = 0;
    let settled = false;
    const settle = (answer: Inflated) => {
      if (settled) return;
      settled = true;
      inflater.removeAllListeners('data');
      inflater.destroy();
      resolve(answer);
    };
    inflater.on('data', (piece: Buffer) => {
      // Node 20's crc32 of no bytes can answer 0 rather than the CRC it was given.
      if (piece.length === 0) return;
      if (total + piece.length > entry.size) return settle({ ok: false, refusal: 'damaged' });
      if (withinRuns && !withinRuns(piece)) return settle({ ok: false, refusal: 'long_text' });
      kept?.set(piece, total);
      total += piece.length;
      crc = crc32(piece, crc);
    });
    inflater.on('error', () => settle({ ok: false, refusal: 'damaged' }));
    inflater.on('end', () =>
      settle(
        total === entry.size && crc === entry.crc32
          ? { ok: true, bytes: kept }
          : { ok: false, refusal: 'damaged' },
      ),
    );
    inflater.end(data);
  });
}
