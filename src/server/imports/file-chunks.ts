import { sql } from 'drizzle-orm';
import { rows, type Runner } from '../sync/records';
import { pauseForOthers } from './pause-for-others';

// An import's file kept in chunks (migration 0030, issue 32): written and read one chunk per
// statement, with a pause between statements, so neither the upload nor the job holds the
// database (PGlite's one connection) or the event loop for long, whatever the file's size.

/** Bytes per chunk: a few milliseconds to write on PGlite (256 KB took about 10 ms). */
export const CHUNK_BYTES = 128 * 1024;

/**
 * Writes `bytes` as the chunks of import `importId`, one statement each, outside any
 * transaction. On a failure the chunks written are removed and the error thrown again.
 */
export async function writeFileChunks(
  runner: Runner,
  importId: string,
  bytes: Uint8Array,
  now: Date,
  chunkBytes = CHUNK_BYTES,
): Promise<number> {
  const at = now.toISOString();
  let seq = 0;
  try {
    for (let start = 0; start < bytes.length; start += chunkBytes, seq += 1) {
      const chunk = Buffer.from(
        bytes.buffer,
        bytes.byteOffset + start,
        Math.min(chunkBytes, bytes.length - start),
      );
      // Base64 text crosses both drivers the same way (one returns Buffer, the other Uint8Array).
      await runner.execute(sql`
        INSERT INTO import_file_chunks (import_id, seq, bytes, created_at)
        VALUES (${importId}, ${seq}, decode(${chunk.toString('base64')}, 'base64'), ${at})`);
      await pauseForOthers();
    }
  } catch (error) {
    await deleteFileChunks(runner, importId);
    throw error;
  }
  return seq;
}

/** The file of `importId` from its chunks, or null when it has none (removed, or never chunked). */
export async function readFileChunks(runner: Runner, importId: string): Promise<Buffer | null> {
  const [count] = await rows<{ n: number | string }>(
    runner,
    sql`SELECT count(*) AS n FROM import_file_chunks WHERE import_id = ${importId}`,
  );
  const chunks = Number(count?.n ?? 0);
  if (!chunks) return null;
  const parts: Buffer[] = [];
  for (let seq = 0; seq < chunks; seq += 1) {
    const [row] = await rows<{ data: string }>(
      runner,
      sql`SELECT encode(bytes, 'base64') AS data FROM import_file_chunks WHERE import_id = ${importId} AND seq = ${seq}`,
    );
    // A chunk missing in the middle (removed meanwhile): the file is gone.
    if (!row) return null;
    parts.push(Buffer.from(row.data, 'base64'));
    await pauseForOthers();
  }
  return Buffer.concat(parts);
}

/** Removes the chunks of `importId` (one statement; in the commit that ends the import). */
export async function deleteFileChunks(runner: Runner, importId: string): Promise<void> {
  await runner.execute(sql`DELETE FROM import_file_chunks WHERE import_id = ${importId}`);
}

/** Removes every chunk written before `before`, of imports ended or not, or of no import at all. */
export async function expireFileChunks(runner: Runner, before: string): Promise<void> {
  await runner.execute(sql`DELETE FROM import_file_chunks WHERE created_at < ${before}`);
}
