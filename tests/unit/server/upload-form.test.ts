import { describe, expect, it } from 'vitest';
import { readUploadForm } from '../../../src/server/imports/upload-form';

// The start-import form read without copying the file (issue 32): for plain forms, what undici's
// formData() reads; for anything less plain, null (the handler then asks undici).

async function encoded(form: FormData) {
  const response = new Response(form);
  const type = response.headers.get('content-type') ?? '';
  return { body: Buffer.from(await response.arrayBuffer()), type };
}

async function undiciReads(body: Buffer, type: string) {
  const form = await new Response(new Uint8Array(body), {
    headers: { 'content-type': type },
  }).formData();
  const file = form.get('file') as File;
  const choices = form.get('choices');
  return {
    fileName: file.name,
    bytes: Buffer.from(await file.arrayBuffer()),
    choices: typeof choices === 'string' ? choices : null,
  };
}

describe('reading a start-import form', () => {
  it.each([
    [
      'a CSV with choices',
      'toggl.csv',
      'User,Email\r\nAna,ana@x.test\r\n',
      '{"timeZone":"Europe/Berlin"}',
    ],
    ['bytes like a boundary inside the file', 'a b.csv', '\r\n--\r\n------\r\n--x--\r\n', null],
    [
      'an empty file and choices in Unicode',
      'empty.csv',
      '',
      '{"people":[{"name":"Łukasz Żółw"}]}',
    ],
  ])('reads %s as undici does', async (_, name, text, choices) => {
    const form = new FormData();
    form.set('file', new File([Buffer.from(text)], name, { type: 'text/csv' }));
    if (choices !== null) form.set('choices', choices);
    const { body, type } = await encoded(form);
    const read = readUploadForm(body, type);
    expect(read).toEqual(await undiciReads(body, type));
    expect(read?.bytes.toString()).toBe(text);
  });

  it('reads every byte value of a file, and the first of two file parts', async () => {
    const bytes = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
    const form = new FormData();
    form.append('file', new File([bytes], 'one.bin'));
    form.append('file', new File([Buffer.from('two')], 'two.bin'));
    const { body, type } = await encoded(form);
    const read = readUploadForm(body, type);
    expect(read?.fileName).toBe('one.bin');
    expect(read?.bytes.equals(bytes)).toBe(true);
  });

  it('leaves anything less plain to undici', async () => {
    const form = new FormData();
    form.set('file', 'not a file');
    const plain = await encoded(form);
    expect(readUploadForm(plain.body, plain.type)).toBeNull();
    const named = new FormData();
    named.set('file', new File(['x'], 'Zeiterfassung März.csv'));
    const unicode = await encoded(named);
    expect(readUploadForm(unicode.body, unicode.type)).toBeNull();
    const ok = await encoded(
      (() => {
        const f = new FormData();
        f.set('file', new File(['x'], 'x.csv'));
        return f;
      })(),
    );
    // Cut off before its last boundary; a preamble; no boundary in the type.
    expect(readUploadForm(ok.body.subarray(0, ok.body.length - 10), ok.type)).toBeNull();
    expect(readUploadForm(Buffer.concat([Buffer.from('hi\r\n'), ok.body]), ok.type)).toBeNull();
    expect(readUploadForm(ok.body, 'multipart/form-data')).toBeNull();
  });
});
