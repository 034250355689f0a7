// Turns an uploaded file's bytes into text, naming the encoding that was read (issue 32).
// Spreadsheet programs save CSV in whatever their platform prefers: UTF-8 with or without a
// byte order mark, UTF-16 ("Unicode text" in Excel, with a mark) or Windows-1252 ("CSV" in
// Excel on Windows). Reading each correctly is kinder than refusing, and the preview says which
// one was read, so a person sees at once when a file was not what they thought.

/** The encodings a file may be read in, as the preview names them. */
export type ReadEncoding =
  'UTF-8' | 'UTF-8 with BOM' | 'UTF-16LE with BOM' | 'UTF-16BE with BOM' | 'Windows-1252';

export type DecodedText =
  { ok: true; text: string; encoding: ReadEncoding } | { ok: false; message: string };

const startsWith = (bytes: Uint8Array, mark: number[]) => mark.every((b, i) => bytes[i] === b);

function decode(bytes: Uint8Array, label: string, encoding: ReadEncoding): DecodedText | null {
  try {
    // fatal: a malformed sequence throws instead of becoming U+FFFD, so a wrong guess is noticed.
    return { ok: true, text: new TextDecoder(label, { fatal: true }).decode(bytes), encoding };
  } catch {
    return null;
  }
}

// Windows-1252 differs from Latin-1 only in 0x80–0x9F (curly quotes, dashes, €). Node 20's
// TextDecoder reads 'windows-1252' as Latin-1 there, so those bytes are mapped here (the five
// bytes Windows-1252 leaves undefined keep their Latin-1 control character, as WHATWG says).
export const WINDOWS_1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function windows1252(bytes: Uint8Array): DecodedText {
  const latin1 = new TextDecoder('latin1').decode(bytes);
  const text = latin1.replace(
    /[\u0080-\u009f]/g,
    (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80] ?? c,
  );
  return { ok: true, text, encoding: 'Windows-1252' };
}

const binary: DecodedText = {
  ok: false,
  message:
    'This file is not text: it holds bytes no CSV file has. Export the report as CSV and upload that file.',
};

/**
 * The file's text. A byte order mark decides; without one, valid UTF-8 is read as UTF-8 and
 * anything else as Windows-1252, which gives every byte a meaning (Excel's "CSV" on Windows).
 * NUL characters are refused: no CSV has them, and they are what a UTF-16 file without its mark
 * or a binary file (a zip, a spreadsheet) looks like.
 */
export function decodeCsvBytes(bytes: Uint8Array): DecodedText {
  const utf16 = startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff]);
  // Outside UTF-16 a NUL byte is a NUL character: refused before decoding megabytes of it.
  if (!utf16 && bytes.includes(0)) return binary;
  // TextDecoder drops the mark itself (ignoreBOM is false by default).
  const decoded = startsWith(bytes, [0xef, 0xbb, 0xbf])
    ? decode(bytes, 'utf-8', 'UTF-8 with BOM')
    : startsWith(bytes, [0xff, 0xfe])
      ? decode(bytes, 'utf-16le', 'UTF-16LE with BOM')
      : startsWith(bytes, [0xfe, 0xff])
        ? decode(bytes, 'utf-16be', 'UTF-16BE with BOM')
        : (decode(bytes, 'utf-8', 'UTF-8') ?? windows1252(bytes));
  if (!decoded)
    return {
      ok: false,
      message:
        'This file says it is Unicode text but is cut off or damaged. Export the report again and upload the new file.',
    };
  if (decoded.ok && decoded.text.includes('\u0000')) return binary;
  return decoded;
}
