import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeCsvBytes } from '../../../../src/lib/import/decode-bytes';
import {
  encodingSurvey,
  surveyEncoding,
  textPieces,
} from '../../../../src/lib/import/decode-stream';

// The file decoded a piece at a time (issue 32, the upload streamed) gives what decoding it whole
// gives: the same encoding, the same refusal, the same text, whatever the pieces' size.

const piecesOf = (bytes: Uint8Array, size: number) =>
  async function* () {
    for (let at = 0; at < bytes.length; at += size) {
      await Promise.resolve();
      yield bytes.subarray(at, at + size);
    }
  };

async function streamed(bytes: Uint8Array, size: number) {
  const survey = await surveyEncoding(piecesOf(bytes, size));
  if (!survey.ok) return { ok: false, message: survey.message };
  let text = '';
  for await (const piece of textPieces(piecesOf(bytes, size), survey.label)) text += piece;
  return { ok: true, text, encoding: survey.encoding };
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const cases: Record<string, Uint8Array> = {
  'UTF-8 without a mark': utf8('User,Description\nJürgen,Café – “quoted”\n'),
  'UTF-8 with a mark': Uint8Array.of(0xef, 0xbb, 0xbf, ...utf8('a,b\nü,€\n')),
  'Windows-1252 (invalid UTF-8 only in its last byte)': Uint8Array.of(
    ...utf8('a,b\n'.repeat(50)),
    0x93,
  ),
  'UTF-16LE': Uint8Array.of(
    0xff,
    0xfe,
    ...[...'a,€\n'].flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8]),
  ),
  'UTF-16BE': Uint8Array.of(
    0xfe,
    0xff,
    ...[...'a,€\n'].flatMap((c) => [c.charCodeAt(0) >> 8, c.charCodeAt(0) & 0xff]),
  ),
  'UTF-16LE cut off in a character': Uint8Array.of(0xff, 0xfe, 0x61, 0x00, 0x62),
  'UTF-16LE holding a NUL character': Uint8Array.of(0xff, 0xfe, 0x61, 0x00, 0x00, 0x00),
  'a NUL byte at the end of UTF-8': Uint8Array.of(...utf8('a,b\n'.repeat(40)), 0),
  'a NUL byte after a damaged UTF-8 mark file': Uint8Array.of(
    0xef,
    0xbb,
    0xbf,
    0xc3,
    0x28,
    ...utf8('x'.repeat(30)),
    0,
  ),
  'the Windows-1252 fixture': readFileSync('tests/fixtures/import/toggl-windows-1252.csv'),
  'the UTF-16LE fixture': readFileSync('tests/fixtures/import/toggl-utf16le.csv'),
  empty: new Uint8Array(0),
};

describe('decoding a file a piece at a time', () => {
  it.each(Object.keys(cases))(
    '%s: as decoding it whole, in pieces of 1, 2, 3, 5 and 4096 bytes',
    async (name) => {
      const bytes = cases[name] ?? new Uint8Array(0);
      const whole = decodeCsvBytes(bytes);
      for (const size of [1, 2, 3, 5, 4096]) expect(await streamed(bytes, size)).toEqual(whole);
    },
  );

  it('names Windows-1252 when one byte near the end is not UTF-8, and maps its curly quote', async () => {
    const read = await streamed(
      cases['Windows-1252 (invalid UTF-8 only in its last byte)'] as Uint8Array,
      7,
    );
    expect(read).toMatchObject({ ok: true, encoding: 'Windows-1252' });
    expect((read as { text: string }).text.endsWith('\u201c')).toBe(true);
  });

  it.each(Object.keys(cases))(
    '%s: surveyed as the bytes arrive (the upload), pieces of uneven sizes, as surveyed after',
    async (name) => {
      const bytes = cases[name] ?? new Uint8Array(0);
      const after = await surveyEncoding(piecesOf(bytes, 4096));
      // 1, 2, 0, 3, 1, 2, 0, 3 … bytes: the mark split across pieces, and empty pieces.
      const sizes = [1, 2, 0, 3];
      const survey = encodingSurvey();
      for (let at = 0, i = 0; at < bytes.length; i += 1) {
        const size = sizes[i % sizes.length] ?? 1;
        survey.add(bytes.subarray(at, at + size));
        at += size;
      }
      expect(survey.result()).toEqual(after);
    },
  );
});
