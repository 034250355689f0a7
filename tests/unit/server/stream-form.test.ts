import { describe, expect, it } from 'vitest';
import { streamUploadForm } from '../../../src/server/imports/stream-form';
import { readUploadForm } from '../../../src/server/imports/upload-form';

// The start-import form read as it arrives (issue 32, the upload streamed): in pieces of any
// size, a plain form gives what reading the whole body gives (readUploadForm, itself compared
// with undici in upload-form.test.ts), its file handed over a piece at a time; anything else
// hands back the body byte for byte, so undici can tell what is wrong with it as before.

async function encoded(form: FormData) {
  const response = new Response(form);
  const type = response.headers.get('content-type') ?? '';
  return { body: Buffer.from(await response.arrayBuffer()), type };
}

const inPieces = (body: Buffer, size: number): AsyncIterable<Uint8Array> => ({
  async *[Symbol.asyncIterator]() {
    for (let at = 0; at < body.length; at += size) {
      // Each piece arrives later, as a request body's do.
      await Promise.resolve();
      yield new Uint8Array(body.subarray(at, at + size));
    }
  },
});

const LIMITS = { body: 1024 * 1024, file: 512 * 1024 };

async function streamed(body: Buffer, type: string, size: number, limits = LIMITS) {
  const sunk: Buffer[] = [];
  const read = await streamUploadForm(inPieces(body, size), type, limits, (piece) => {
    sunk.push(piece);
    return Promise.resolve();
  });
  return { read, file: Buffer.concat(sunk) };
}

const form = (parts: [string, string | File][]) => {
  const f = new FormData();
  for (const [name, value] of parts) f.append(name, value);
  return f;
};

const SIZES = [1, 2, 5, 64, 100_000];

describe('reading a start-import form as it arrives', () => {
  it.each([
    [
      'a CSV with choices after it',
      form([
        ['file', new File(['User,Email\r\nAna,ana@x.test\r\n'], 'toggl.csv', { type: 'text/csv' })],
        ['choices', '{"timeZone":"Europe/Berlin"}'],
      ]),
    ],
    [
      'choices before the file',
      form([
        ['choices', '{"people":[{"name":"Łukasz Żółw"}]}'],
        ['file', new File(['a,b\n'], 'a.csv')],
      ]),
    ],
    [
      'bytes like a boundary inside the file',
      form([['file', new File(['\r\n--\r\n------\r\n--x--\r\n'], 'a b.csv')]]),
    ],
    ['an empty file', form([['file', new File([''], 'empty.csv')]])],
    [
      'every byte value, and a second file part',
      form([
        [
          'file',
          new File([Buffer.from(Array.from({ length: 700 }, (_, i) => i % 256))], 'one.bin'),
        ],
        ['file', new File(['two'], 'two.bin')],
        ['other', 'x'],
      ]),
    ],
  ])('%s: as the whole body reads, in pieces of 1 to 100,000 bytes', async (_, value) => {
    const { body, type } = await encoded(value);
    const whole = readUploadForm(body, type);
    expect(whole).not.toBeNull();
    for (const size of SIZES) {
      const { read, file } = await streamed(body, type, size);
      expect(read).toEqual({
        kind: 'form',
        fileName: whole?.fileName,
        size: whole?.bytes.length,
        choices: whole?.choices,
      });
      expect(file.equals(whole?.bytes ?? Buffer.alloc(0))).toBe(true);
    }
  });

  it('hands back any other body byte for byte: not a file, a Unicode name, cut off, a preamble', async () => {
    const ok = await encoded(form([['file', new File(['x,y\n'.repeat(50)], 'x.csv')]]));
    const cases: { body: Buffer; type: string }[] = [
      await encoded(form([['file', 'not a file']])),
      await encoded(form([['file', new File(['x'], 'Zeiterfassung März.csv')]])),
      await encoded(form([['choices', '{}']])),
      { body: ok.body.subarray(0, ok.body.length - 10), type: ok.type },
      { body: ok.body.subarray(0, 120), type: ok.type },
      { body: Buffer.concat([Buffer.from('hi\r\n'), ok.body]), type: ok.type },
      { body: ok.body, type: 'multipart/form-data' },
      { body: Buffer.concat([ok.body, Buffer.from('epilogue')]), type: ok.type },
    ];
    for (const { body, type } of cases) {
      expect(readUploadForm(body, type)).toBeNull();
      for (const size of SIZES) {
        const { read, file } = await streamed(body, type, size);
        expect(read.kind).toBe('unusual');
        if (read.kind !== 'unusual') continue;
        expect(read.streamed).toBe(file.length);
        expect(Buffer.concat([read.head, file, read.tail]).equals(body)).toBe(true);
      }
    }
  });

  it('refuses a file or a body over its limit while reading, not after', async () => {
    const big = await encoded(form([['file', new File([Buffer.alloc(3000, 65)], 'big.csv')]]));
    let pulled = 0;
    const counting: AsyncIterable<Uint8Array> = {
      async *[Symbol.asyncIterator]() {
        for (let at = 0; at < big.body.length; at += 100) {
          pulled += 1;
          await Promise.resolve();
          yield new Uint8Array(big.body.subarray(at, at + 100));
        }
      },
    };
    const read = await streamUploadForm(counting, big.type, { body: 100_000, file: 1000 }, () =>
      Promise.resolve(),
    );
    expect(read).toEqual({ kind: 'too large' });
    // About 1,000 bytes of the file and its part's headers: 13 of the body's 33 pieces.
    expect(pulled).toBeLessThan(15);
    expect((await streamed(big.body, big.type, 64, { body: 2000, file: 1_000_000 })).read).toEqual({
      kind: 'too large',
    });
  });
});
