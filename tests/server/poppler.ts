import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What poppler reads from a PDF: its text laid out, its page size and layout. */
export function poppler(bytes: Buffer) {
  const file = join(mkdtempSync(join(tmpdir(), 'hm-pdf-')), 'report.pdf');
  writeFileSync(file, bytes);
  // '-' sends the text to stdout instead of a .txt file beside the PDF.
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], {
    encoding: 'utf8',
  });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return {
    text,
    info,
    /** The text's lines, without trailing spaces. */
    lines: text.split('\n').map((l) => l.trimEnd()),
    file,
  };
}
