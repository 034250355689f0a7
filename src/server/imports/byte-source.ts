import { sql } from 'drizzle-orm';
import type { BytePieces, SurveyedEncoding } from '../../lib/import/decode-stream';
import { rows, type Runner } from '../sync/records';
import { CHUNK_BYTES } from './file-chunks';
import { pauseForOthers } from './pause-for-others';

// A file to read that need not be held whole (issue 32, the upload streamed): its bytes come a
// piece at a time, as often as the reader starts over (the sources of part 2 are read twice),
// from memory or from the chunks the upload stored.

export interface ByteSource {
  /** The file's length in bytes. */
  size: number;
  pieces: BytePieces;
  /** The file's encoding, when it was surveyed as the bytes arrived (saves a pass over them). */
  surveyed?: SurveyedEncoding;
}

export const isByteSource = (value: Uint8Array | ByteSource): value is ByteSource =>
  !(value instanceof Uint8Array);

/** Bytes held in memory, handed over `pieceBytes` at a time (views, not copies). */
export function memorySource(bytes: Uint8Array, pieceBytes = CHUNK_BYTES): ByteSource {
  return {
    size: bytes.length,
    pieces: () => ({
      [Symbol.asyncIterator]: () => {
        let start = 0;
        return {
          next: () => {
            if (start >= bytes.length)
              return Promise.resolve({ done: true as const, value: undefined });
            const value = bytes.subarray(start, start + pieceBytes);
            start += pieceBytes;
            return Promise.resolve({ done: false as const, value });
          },
        };
      },
    }),
  };
}

/**
 * The chunks of import `importId` (file-chunks.ts), one statement each with a pause after it;
 * `size` is the file's length, `surveyed` its encoding when known. Throws when a chunk is missing (the file was removed meanwhile).
 */
export function chunkSource(
  runner: Runner,
  importId: string,
  size: number,
  surveyed?: SurveyedEncoding,
): ByteSource {
  return {
    size,
    ...(surveyed ? { surveyed } : {}),
    pieces: async function* () {
      let read = 0;
      for (let seq = 0; read < size; seq += 1) {
        const [row] = await rows<{ data: string }>(
          runner,
          sql`SELECT encode(bytes, 'base64') AS data FROM import_file_chunks WHERE import_id = ${importId} AND seq = ${seq}`,
        );
        if (!row) throw new Error(`The file of import ${importId} is gone.`);
        const piece = Buffer.from(row.data, 'base64');
        read += piece.length;
        yield piece;
        await pauseForOthers();
      }
    },
  };
}

/** The whole file, for the reads that need it whole (a zip, JSON, a file of structure). */
export async function wholeBytes(source: ByteSource): Promise<Uint8Array> {
  const whole = new Uint8Array(source.size);
  let at = 0;
  for await (const piece of source.pieces()) {
    whole.set(piece.subarray(0, source.size - at), at);
    at += piece.length;
  }
  return at >= source.size ? whole : whole.subarray(0, at);
}
