import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { BackupRefused } from './format';

const GZIP_MAGIC = [0x1f, 0x8b];

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/**
 * Writes lines, gzipped, to `path`, readable by its owner only (a backup holds password hashes).
 * They go to `<path>.partial` first, renamed when complete and removed on failure, so a file at
 * `path` is always a whole backup. An existing file is never overwritten.
 */
export async function writeLines<T>(
  path: string,
  produce: (write: (line: string) => Promise<void>) => Promise<T>,
): Promise<T> {
  if (await exists(path))
    throw new BackupRefused(`${path} already exists; choose another --out or move it away.`);
  await mkdir(dirname(path), { recursive: true });
  const partial = `${path}.partial`;
  const gzip = createGzip();
  const done = pipeline(gzip, createWriteStream(partial, { mode: 0o600 }));
  // Awaited below; this only keeps an early failure from counting as unhandled meanwhile.
  done.catch(() => {});
  const write = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await Promise.race([once(gzip, 'drain'), done]);
  };
  try {
    const result = await produce(write);
    gzip.end();
    await done;
    await rename(partial, path);
    return result;
  } catch (error) {
    gzip.destroy();
    await done.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
}

async function isGzip(path: string): Promise<boolean> {
  const handle = await open(path).catch(() => {
    throw new BackupRefused(`There is no readable file at ${path}.`);
  });
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === GZIP_MAGIC[0] && buffer[1] === GZIP_MAGIC[1];
  } finally {
    await handle.close();
  }
}

function unreadable(path: string, error: unknown): Error {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'Z_BUF_ERROR')
    return new BackupRefused(`${path} ends in the middle of its gzip data: the file is truncated.`);
  if (typeof code === 'string' && code.startsWith('Z_'))
    return new BackupRefused(`${path} is not valid gzip data: the file is corrupt.`);
  return error instanceof Error ? error : new Error(String(error));
}

/** The lines of a backup file, gzipped or (after `gunzip`) plain, without their newlines. */
export async function* readLines(path: string): AsyncGenerator<string> {
  let stream: Readable;
  if (await isGzip(path)) {
    const gunzip = createGunzip();
    pipeline(createReadStream(path), gunzip).catch(() => {
      // The same error ends the loop below, which reports it.
    });
    stream = gunzip;
  } else {
    stream = createReadStream(path);
  }
  stream.setEncoding('utf8');
  let rest = '';
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      yield* parts;
    }
  } catch (error) {
    throw unreadable(path, error);
  }
  if (rest !== '') yield rest;
}
