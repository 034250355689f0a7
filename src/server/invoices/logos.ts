import { createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { rows, type Runner } from '../sync/records';

// The logo on a workspace's invoices (issue 14): a PNG or JPEG of at most 512 KB, checked by its
// bytes (not by the name or type the browser claims) and by really opening it as the PDF will.

export const MAX_LOGO_BYTES = 512 * 1024;

const kinds = [
  { type: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
] as const;

/** pdfkit's image opener, which its type definitions leave out. */
interface Openable {
  openImage(src: Buffer): { width: number; height: number };
}

const unreadable =
  'This image cannot be read. Save it again as PNG or JPEG, at most 4000 pixels a side.';
/** Wider or taller than this is not a logo, and would take too much memory to decode. */
const MAX_SIDE = 4000;

/**
 * A PNG's size, once its chunks fit the file (IHDR first, IDAT, IEND) and its image data
 * inflates to no more than the pixels can need; null otherwise.
 */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  let pos = 8;
  let size: { width: number; height: number } | null = null;
  const data: Buffer[] = [];
  while (pos + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(pos);
    const type = bytes.toString('latin1', pos + 4, pos + 8);
    const end = pos + 12 + length;
    if (end > bytes.length) return null;
    if (pos === 8) {
      if (type !== 'IHDR' || length !== 13) return null;
      size = { width: bytes.readUInt32BE(pos + 8), height: bytes.readUInt32BE(pos + 12) };
    }
    if (type === 'IDAT') data.push(bytes.subarray(pos + 8, pos + 8 + length));
    if (type === 'IEND') {
      if (!size || size.width === 0 || size.height === 0 || data.length === 0) return null;
      if (size.width > MAX_SIDE || size.height > MAX_SIDE) return size;
      try {
        // At most 8 bytes a pixel (16-bit RGBA) plus a filter byte a row.
        inflateSync(Buffer.concat(data), {
          maxOutputLength: size.height * (size.width * 8 + 1),
        });
      } catch {
        return null;
      }
      return size;
    }
    pos = end;
  }
  return null;
}

/** A JPEG's size from its first frame header, walking its segments within the file; or null. */
function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let pos = 2;
  while (pos + 4 <= bytes.length) {
    if (bytes[pos] !== 0xff) return null;
    const marker = bytes[pos + 1]!;
    if (marker === 0xff) {
      pos += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      pos += 2;
      continue;
    }
    const length = bytes.readUInt16BE(pos + 2);
    if (length < 2 || pos + 2 + length > bytes.length) return null;
    const frame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (frame) {
      if (length < 8) return null;
      const size = { height: bytes.readUInt16BE(pos + 5), width: bytes.readUInt16BE(pos + 7) };
      return size.width > 0 && size.height > 0 ? size : null;
    }
    pos += 2 + length;
  }
  return null;
}

export type LogoCheck =
  { ok: true; contentType: 'image/png' | 'image/jpeg' } | { ok: false; message: string };

/** Whether `bytes` are a logo invoices can carry, and which kind. */
export function checkLogo(bytes: Buffer): LogoCheck {
  if (bytes.length === 0) return { ok: false, message: 'Choose an image file.' };
  if (bytes.length > MAX_LOGO_BYTES)
    return { ok: false, message: 'The logo must be at most 512 KB.' };
  const kind = kinds.find((k) => k.magic.every((byte, i) => bytes[i] === byte));
  if (!kind) return { ok: false, message: 'The logo must be a PNG or JPEG image.' };
  // pdfkit's own readers loop for ever on some damaged files, so the structure is walked here
  // first, within the file's bounds; only a file that passes reaches pdfkit.
  const size = kind.type === 'image/png' ? pngSize(bytes) : jpegSize(bytes);
  if (!size || size.width > MAX_SIDE || size.height > MAX_SIDE)
    return { ok: false, message: unreadable };
  try {
    const pdf = new PDFDocument({ autoFirstPage: false }) as unknown as Openable;
    pdf.openImage(bytes);
  } catch {
    return { ok: false, message: unreadable };
  }
  return { ok: true, contentType: kind.type };
}

/** Keeps a checked logo under the SHA-256 of its bytes and returns that id. */
export async function storeLogo(
  runner: Runner,
  workspaceId: string,
  bytes: Buffer,
  contentType: string,
  now: Date,
): Promise<string> {
  const id = createHash('sha256').update(bytes).digest('hex');
  // Base64 text crosses both drivers the same way (one returns Buffer, the other Uint8Array).
  await runner.execute(
    sql`INSERT INTO invoice_logos (workspace_id, id, content_type, bytes, created_at)
      VALUES (${workspaceId}, ${id}, ${contentType}, decode(${bytes.toString('base64')}, 'base64'), ${now.toISOString()})
      ON CONFLICT (workspace_id, id) DO NOTHING`,
  );
  return id;
}

/** A stored logo of the workspace, or null. */
export async function logoOf(
  runner: Runner,
  workspaceId: string,
  id: string,
): Promise<{ contentType: string; bytes: Buffer } | null> {
  if (!/^[0-9a-f]{64}$/.test(id)) return null;
  const [found] = await rows<{ content_type: string; data: string }>(
    runner,
    sql`SELECT content_type, encode(bytes, 'base64') AS data FROM invoice_logos
      WHERE workspace_id = ${workspaceId} AND id = ${id}`,
  );
  return found
    ? { contentType: found.content_type, bytes: Buffer.from(found.data, 'base64') }
    : null;
}
