import { boundaryOf, partNames } from './upload-form';

// The start-import form read as it arrives (issue 32, the upload streamed): the `file` part's
// bytes go to `sink` (the file's chunks in the database) a piece at a time, so the request never
// holds the file; the `choices` part, small, is kept. Only a form as browsers and fetch send it
// is read so (what `readUploadForm` reads: the same parts, the same rules). Anything else (other
// part headers, a non-ASCII file name, a cut-off body, no file part) answers `unusual` with the
// body's bytes around the file's, so the caller can put the body together again and let undici
// parse it as before: what an unusual or malformed form is told stays the same.

const CRLF = '\r\n';

/** Bytes of part headers looked through for their end before the form is taken as unusual. */
const HEADER_BYTES = 16 * 1024;

export type StreamedForm =
  | {
      kind: 'form';
      /** The file part's name, as the browser sent it. */
      fileName: string;
      /** The file's length in bytes (all of them handed to the sink). */
      size: number;
      /** The `choices` part as text, or null when the form has none. */
      choices: string | null;
    }
  /** The body is larger than allowed, or the file is: refused while reading. */
  | { kind: 'too large' }
  /**
   * Not a plain form: the body is `head`, then the `streamed` bytes handed to the sink (none
   * when nothing was), then `tail`.
   */
  | { kind: 'unusual'; head: Buffer; tail: Buffer; streamed: number };

class TooLarge extends Error {}

export async function streamUploadForm(
  body: AsyncIterable<Uint8Array>,
  contentType: string,
  limits: { body: number; file: number },
  sink: (piece: Buffer) => Promise<void>,
): Promise<StreamedForm> {
  const iterator = body[Symbol.asyncIterator]();
  // Bytes arrived and not yet looked at.
  let buf: Buffer = Buffer.alloc(0);
  let total = 0;
  let ended = false;
  // The body's bytes other than the file's, before and after them.
  const head: Buffer[] = [];
  const tail: Buffer[] = [];
  let fileSeen = false;
  let streamed = 0;
  const more = async (): Promise<boolean> => {
    if (ended) return false;
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      return false;
    }
    total += next.value.byteLength;
    if (total > limits.body) throw new TooLarge();
    const piece = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
    buf = buf.length > 0 ? Buffer.concat([buf, piece]) : piece;
    return true;
  };
  const need = async (count: number) => {
    while (buf.length < count) if (!(await more())) return false;
    return true;
  };
  /** Moves the first `count` bytes out of `buf`, kept as the body's own (not the file's). */
  const consume = (count: number) => {
    (fileSeen ? tail : head).push(Buffer.from(buf.subarray(0, count)));
    buf = buf.subarray(count);
  };
  const unusual = async (): Promise<StreamedForm> => {
    // The rest of the body, kept whole (at most the body's limit), for undici.
    while (await more());
    consume(buf.length);
    return { kind: 'unusual', head: Buffer.concat(head), tail: Buffer.concat(tail), streamed };
  };
  try {
    const boundary = boundaryOf(contentType);
    if (!boundary) return await unusual();
    const delimiter = Buffer.from(`${CRLF}--${boundary}`, 'latin1');
    // The first boundary opens the body (no preamble).
    if (
      !(await need(delimiter.length - 2)) ||
      !buf.subarray(0, delimiter.length - 2).equals(delimiter.subarray(2))
    )
      return await unusual();
    consume(delimiter.length - 2);
    let file: { name: string; size: number } | null = null;
    let choices: string | null = null;
    for (;;) {
      // After a boundary: CRLF and a part, or "--" and the end.
      if (!(await need(2))) return await unusual();
      if (buf.toString('latin1', 0, 2) === '--') {
        while (await more());
        const rest = buf.toString('latin1', 2);
        if (rest !== '' && rest !== CRLF) return await unusual();
        consume(buf.length);
        break;
      }
      if (buf.toString('latin1', 0, 2) !== CRLF) return await unusual();
      let headersEnd = buf.indexOf(`${CRLF}${CRLF}`, 2, 'latin1');
      while (headersEnd === -1) {
        if (buf.length > HEADER_BYTES || !(await more())) return await unusual();
        headersEnd = buf.indexOf(`${CRLF}${CRLF}`, 2, 'latin1');
      }
      const headers = buf.toString('latin1', 2, headersEnd).split(CRLF);
      const part = partNames(headers);
      if (!part?.name) return await unusual();
      const { name, fileName } = part;
      const role =
        name === 'file' && !file
          ? 'file'
          : name === 'choices' && choices === null
            ? 'choices'
            : 'other';
      // A file name must be plain ASCII to be read as undici reads it.
      if (role === 'file' && (fileName === undefined || !/^[\x20-\x7e]*$/.test(fileName)))
        return await unusual();
      if (role === 'choices' && fileName !== undefined) return await unusual();
      consume(headersEnd + 4);
      const text: Buffer[] = [];
      let size = 0;
      const take = async (count: number) => {
        if (role === 'file') {
          fileSeen = true;
          size += count;
          if (size > limits.file) throw new TooLarge();
          const piece = Buffer.from(buf.subarray(0, count));
          buf = buf.subarray(count);
          streamed += count;
          await sink(piece);
        } else {
          if (role === 'choices') text.push(Buffer.from(buf.subarray(0, count)));
          consume(count);
        }
      };
      // The content, up to the next delimiter; all but the bytes that may begin one go on.
      let end = buf.indexOf(delimiter);
      while (end === -1) {
        const safe = buf.length - (delimiter.length - 1);
        if (safe > 0) await take(safe);
        if (!(await more())) return await unusual();
        end = buf.indexOf(delimiter);
      }
      await take(end);
      if (role === 'file') {
        fileSeen = true;
        file = { name: fileName ?? '', size };
      }
      if (role === 'choices') choices = Buffer.concat(text).toString('utf8');
      consume(delimiter.length);
    }
    if (!file) return await unusual();
    return { kind: 'form', fileName: file.name, size: file.size, choices };
  } catch (error) {
    if (error instanceof TooLarge) return { kind: 'too large' };
    throw error;
  }
}
