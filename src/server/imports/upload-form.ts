// The start-import form read without copying the file (issue 32, the upload in steps): undici's
// `formData()` parses a 15 MB body in one go (30–200 ms on the development machine, pages
// waiting meanwhile) and copies the file twice more (its Blob, then its ArrayBuffer). A form as
// browsers and fetch send it is found here with Buffer.indexOf, the file a view of the body.
// Anything less plain (other part headers, an escaped or non-ASCII file name, a part without a
// file name) answers null and the caller parses the form with undici as before, so what a
// malformed or unusual form is told stays the same.

export interface UploadForm {
  /** The file part's name, as the browser sent it. */
  fileName: string;
  /** The file's bytes: a view of the body, not a copy. */
  bytes: Buffer;
  /** The `choices` part as text, or null when the form has none. */
  choices: string | null;
}

const CRLF = '\r\n';
const TOKEN = /^[0-9A-Za-z'()+_,\-./:=?]{1,70}$/;
const DISPOSITION =
  /^content-disposition:\s*form-data;\s*name="([A-Za-z]+)"(?:;\s*filename="([^"\\%\r\n]*)")?$/i;
const PLAIN_TYPE = /^content-type:\s*[\w.+-]+\/[\w.+-]+(?:;\s*charset=[\w-]+)?$/i;

/**
 * A part's name and file name from its header lines, or null when a line is anything but its
 * plain disposition and content type (the form is then read by undici, as an unusual one).
 */
export function partNames(headers: readonly string[]): { name: string; fileName?: string } | null {
  let name = '';
  let fileName: string | undefined;
  for (const header of headers) {
    const disposition = DISPOSITION.exec(header);
    if (disposition && !name) {
      name = disposition[1] ?? '';
      fileName = disposition[2];
    } else if (!PLAIN_TYPE.test(header)) return null;
  }
  return fileName === undefined ? { name } : { name, fileName };
}

/** The boundary of a multipart/form-data Content-Type, when it is a plain token. */
export function boundaryOf(contentType: string): string | null {
  const match = /^multipart\/form-data\s*;\s*boundary=(?:"([^"]+)"|([^\s;]+))\s*$/i.exec(
    contentType,
  );
  const boundary = match?.[1] ?? match?.[2] ?? '';
  return TOKEN.test(boundary) ? boundary : null;
}

/** The file and the choices of a plain start-import form, or null (parse it with undici). */
export function readUploadForm(body: Buffer, contentType: string): UploadForm | null {
  const boundary = boundaryOf(contentType);
  if (!boundary) return null;
  const delimiter = Buffer.from(`${CRLF}--${boundary}`, 'latin1');
  // The first boundary opens the body (no preamble).
  if (!body.subarray(0, delimiter.length - 2).equals(delimiter.subarray(2))) return null;
  let at = delimiter.length - 2;
  let file: { name: string; bytes: Buffer } | null = null;
  let choices: string | null = null;
  for (;;) {
    // After a boundary: CRLF and a part, or "--" and the end.
    if (body.toString('latin1', at, at + 2) === '--') {
      const rest = body.toString('latin1', at + 2);
      if (rest !== '' && rest !== CRLF) return null;
      break;
    }
    if (body.toString('latin1', at, at + 2) !== CRLF) return null;
    const headersEnd = body.indexOf(`${CRLF}${CRLF}`, at + 2, 'latin1');
    if (headersEnd === -1) return null;
    const headers = body.toString('latin1', at + 2, headersEnd).split(CRLF);
    const contentStart = headersEnd + 4;
    const end = body.indexOf(delimiter, contentStart);
    if (end === -1) return null;
    const part = partNames(headers);
    if (!part?.name) return null;
    const { name, fileName } = part;
    const content = body.subarray(contentStart, end);
    if (name === 'file' && !file) {
      // A file name must be plain ASCII to be read as undici reads it.
      if (fileName === undefined || !/^[\x20-\x7e]*$/.test(fileName)) return null;
      file = { name: fileName, bytes: content };
    } else if (name === 'choices' && choices === null) {
      if (fileName !== undefined) return null;
      choices = content.toString('utf8');
    }
    at = end + delimiter.length;
  }
  return file ? { fileName: file.name, bytes: file.bytes, choices } : null;
}
