import {
  decodeCsvBytes,
  WINDOWS_1252_HIGH,
  type DecodedText,
  type ReadEncoding,
} from './decode-bytes';

// A file's bytes turned into text a piece at a time (issue 32, the upload streamed), with the
// same answer as `decodeCsvBytes` on the whole: the same encoding chosen, the same refusals, the
// same text. Without a byte order mark the choice between UTF-8 and Windows-1252 needs every
// byte (one invalid sequence near the end makes the whole file Windows-1252), so a file is
// surveyed in one pass that keeps no text, then decoded in a second pass, piece by piece.

/** Pieces of a file's bytes, in order; each call starts again from the file's first byte. */
export type BytePieces = () => AsyncIterable<Uint8Array>;

const startsWith = (bytes: Uint8Array, mark: number[]) => mark.every((b, i) => bytes[i] === b);

/** The decoding `decodeCsvBytes` would choose for the whole file, or its refusal. */
export type SurveyedEncoding =
  | { ok: true; encoding: ReadEncoding; label: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252' }
  | { ok: false; message: string };

/** The first bytes of the pieces, at most `count` (fewer when the file is shorter). */
export async function firstBytes(pieces: BytePieces, count: number): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const piece of pieces()) {
    parts.push(piece.subarray(0, count - size));
    size += Math.min(piece.length, count - size);
    if (size >= count) break;
  }
  const head = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    head.set(part, at);
    at += part.length;
  }
  return head;
}

/**
 * Reads every piece once, keeping no text, and answers as `decodeCsvBytes` would for the whole:
 * a NUL byte outside UTF-16 (checked first, as there), a damaged file that says it is Unicode,
 * a NUL character in UTF-16 text; else the encoding. `between` runs after each piece.
 */
export async function surveyEncoding(
  pieces: BytePieces,
  between: () => Promise<void> = async () => {},
): Promise<SurveyedEncoding> {
  const survey = encodingSurvey();
  for await (const piece of pieces()) {
    survey.add(piece);
    await between();
  }
  return survey.result();
}

/**
 * `surveyEncoding` fed a piece at a time by whoever has the bytes (the upload surveys its file
 * as it arrives, so the file is not read back from its chunks for it): the same answer for the
 * same bytes, however they are cut.
 */
export function encodingSurvey(): {
  add: (piece: Uint8Array) => void;
  result: () => SurveyedEncoding;
} {
  // The first bytes, held until three decide the byte order mark.
  let head: Uint8Array | null = new Uint8Array(0);
  let utf16 = false;
  let label = 'utf-8';
  let encoding: ReadEncoding = 'UTF-8';
  let decoder: TextDecoder | null = null;
  let nulByte = false;
  let nulCharacter = false;
  let damaged = false;
  const read = (piece: Uint8Array) => {
    if (!utf16 && piece.includes(0)) nulByte = true;
    if (!damaged)
      try {
        if (decoder?.decode(piece, { stream: true }).includes('\u0000')) nulCharacter = true;
      } catch {
        damaged = true;
      }
  };
  const begin = () => {
    const first = head ?? new Uint8Array(0);
    head = null;
    utf16 = startsWith(first, [0xff, 0xfe]) || startsWith(first, [0xfe, 0xff]);
    [label, encoding] = startsWith(first, [0xef, 0xbb, 0xbf])
      ? ['utf-8', 'UTF-8 with BOM']
      : startsWith(first, [0xff, 0xfe])
        ? ['utf-16le', 'UTF-16LE with BOM']
        : startsWith(first, [0xfe, 0xff])
          ? ['utf-16be', 'UTF-16BE with BOM']
          : ['utf-8', 'UTF-8'];
    decoder = new TextDecoder(label, { fatal: true });
    if (first.length > 0) read(first);
  };
  return {
    add: (piece) => {
      if (piece.length === 0) return;
      if (!head) return read(piece);
      const held = new Uint8Array(head.length + piece.length);
      held.set(head);
      held.set(piece, head.length);
      head = held;
      if (head.length >= 3) begin();
    },
    result: () => {
      if (head) begin();
      // The refusals' words, taken from the whole decoder itself so they stay the same.
      const binary = decodeCsvBytes(Uint8Array.of(0)) as Extract<DecodedText, { ok: false }>;
      if (!damaged)
        try {
          if (decoder?.decode().includes('\u0000')) nulCharacter = true;
        } catch {
          damaged = true;
        }
      if (nulByte) return binary;
      if (damaged && encoding === 'UTF-8')
        return { ok: true, encoding: 'Windows-1252', label: 'windows-1252' };
      if (damaged) {
        // The whole decoder's words for a file with a mark that is cut off or damaged.
        const cut = decodeCsvBytes(Uint8Array.of(0xff, 0xfe, 0x00)) as Extract<
          DecodedText,
          { ok: false }
        >;
        return { ok: false, message: cut.message };
      }
      if (nulCharacter) return binary;
      return { ok: true, encoding, label: label as 'utf-8' | 'utf-16le' | 'utf-16be' };
    },
  };
}

/**
 * The text of the pieces in the encoding the survey chose, a piece at a time (a character split
 * between two pieces comes whole with the second). The byte order mark is dropped, as
 * `decodeCsvBytes` drops it.
 */
export async function* textPieces(
  pieces: BytePieces,
  label: Extract<SurveyedEncoding, { ok: true }>['label'],
): AsyncGenerator<string> {
  if (label === 'windows-1252') {
    // Windows-1252 is one byte a character: no state between pieces (decode-bytes.ts says why
    // 0x80–0x9F are mapped by hand).
    const latin1 = new TextDecoder('latin1');
    for await (const piece of pieces())
      yield latin1
        .decode(piece)
        .replace(/[\u0080-\u009f]/g, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80] ?? c);
    return;
  }
  const decoder = new TextDecoder(label);
  for await (const piece of pieces()) {
    const text = decoder.decode(piece, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}
