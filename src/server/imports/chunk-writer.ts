import { sql } from 'drizzle-orm';
import type { Runner } from '../sync/records';
import { CHUNK_BYTES } from './file-chunks';
import { pauseForOthers } from './pause-for-others';

// An import's file written to its chunks (file-chunks.ts) as its bytes arrive (issue 32, the
// upload streamed): the pieces the request body comes in are gathered to a chunk's size and
// written one statement each, with a pause after it, so the request holds one chunk at most.

export interface ChunkWriter {
  /** Takes the next bytes of the file (kept until a chunk is full). */
  write: (piece: Buffer) => Promise<void>;
  /** Writes what is left as the last chunk; the chunks written. */
  finish: () => Promise<number>;
}

export function fileChunkWriter(
  runner: Runner,
  importId: string,
  now: Date,
  chunkBytes = CHUNK_BYTES,
): ChunkWriter {
  const at = now.toISOString();
  let parts: Buffer[] = [];
  let held = 0;
  let seq = 0;
  const writeChunk = async (chunk: Buffer) => {
    // Base64 text crosses both drivers the same way (as writeFileChunks writes it).
    await runner.execute(sql`
      INSERT INTO import_file_chunks (import_id, seq, bytes, created_at)
      VALUES (${importId}, ${seq}, decode(${chunk.toString('base64')}, 'base64'), ${at})`);
    seq += 1;
    await pauseForOthers();
  };
  return {
    write: async (piece) => {
      if (piece.length === 0) return;
      parts.push(piece);
      held += piece.length;
      while (held >= chunkBytes) {
        const all = parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
        await writeChunk(all.subarray(0, chunkBytes));
        const rest = all.subarray(chunkBytes);
        parts = rest.length > 0 ? [Buffer.from(rest)] : [];
        held = rest.length;
      }
    },
    finish: async () => {
      if (held > 0) await writeChunk(Buffer.concat(parts));
      parts = [];
      held = 0;
      return seq;
    },
  };
}
