import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleImport, handleStartImport } from '../../src/server/api/import-run-handlers';
import type { Database } from '../../src/server/db/connect';
import { runDueJobs } from '../../src/server/jobs/scheduler';
import { mailOff } from '../../src/server/mail/mailer';
import { rows } from '../../src/server/sync/records';
import { context, drivers, fakeClock } from './support';
import { signUp, type SignedUp } from './workspace-support';

// The upload streamed (issue 32): the start-import form is read as it arrives, its file written
// to its chunks a chunk at a time while the rest is still coming, then decoded and read a piece
// at a time from them. A body in pieces of a few bytes imports as the whole does; a form that is
// not plain, or cut off, is answered as before and leaves nothing behind.

const sample = readFileSync('tests/fixtures/import/toggl-detailed.csv');

async function encoded(form: FormData) {
  const response = new Response(form);
  return {
    body: Buffer.from(await response.arrayBuffer()),
    type: response.headers.get('content-type') ?? '',
  };
}

const fileForm = (bytes: Uint8Array, name = 'toggl.csv') => {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], name, { type: 'text/csv' }));
  return form;
};

/** A body sent `size` bytes at a time; `hold` stops it after `holdAt` bytes until released. */
function pieces(body: Buffer, size: number, holdAt = Infinity, hold?: Promise<void>) {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (at >= holdAt && hold) {
        await hold;
        hold = undefined;
      }
      if (at >= body.length) return controller.close();
      controller.enqueue(new Uint8Array(body.subarray(at, at + size)));
      at += size;
    },
  });
}

describe.each(drivers)('the upload streamed, on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock(new Date('2026-11-25T10:00:00Z'));
  let admin: SignedUp;

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Ana Novak', email: 'ana@studio.test' }, clock);
  });
  afterAll(async () => drop());

  const post = (body: BodyInit, type: string) =>
    handleStartImport(
      new Request(`https://hourmark.test/api/imports?workspace=${admin.workspace.id}`, {
        method: 'POST',
        headers: { cookie: admin.cookie, 'content-type': type },
        body,
        duplex: 'half',
      } as RequestInit),
      context(database, clock),
    );
  const chunkCount = async () =>
    Number(
      (
        await rows<{ n: number | string }>(
          database.db,
          sql`SELECT count(*) AS n FROM import_file_chunks`,
        )
      )[0]?.n,
    );
  const stagedCount = async () =>
    Number(
      (
        await rows<{ n: number | string }>(
          database.db,
          sql`SELECT count(*) AS n FROM import_entries`,
        )
      )[0]?.n,
    );

  it('imports the sample sent 3 bytes at a time as it imports it whole: six logs, 31,530 s', async () => {
    const { body, type } = await encoded(fileForm(sample));
    const res = await post(pieces(body, 3), type);
    expect(res.status).toBe(202);
    const started = (
      (await res.json()) as { import: { id: string; fileSize: number; fileName: string } }
    ).import;
    expect(started).toMatchObject({ fileSize: 949, fileName: 'toggl.csv' });
    await runDueJobs(database.db, mailOff, clock.now);
    const read = await handleImport(
      new Request(`https://hourmark.test/api/imports/${started.id}`, {
        headers: { cookie: admin.cookie },
      }),
      context(database, clock),
    );
    const done = (
      (await read.json()) as { import: { status: string; progress: unknown; result: unknown } }
    ).import;
    expect(done).toMatchObject({ status: 'done', progress: { done: 6, total: 6 } });
    // 9000 + 2730 + 1800 + 9900 + 900 + 7200 s, as the whole upload gives (import-upload-steps).
    expect(done.result).toMatchObject({ logs: 6, seconds: 31530 });
    expect(await chunkCount()).toBe(0);
  });

  it('imports nothing when the person hangs up while the file is read, and keeps none of it', async () => {
    const { body, type } = await encoded(fileForm(sample));
    const importCount = async () =>
      Number(
        (
          await rows<{ n: number | string }>(
            database.db,
            sql`SELECT count(*) AS n FROM imports WHERE workspace_id = ${admin.workspace.id}`,
          )
        )[0]?.n,
      );
    const before = await importCount();
    const hangUp = new AbortController();
    // The whole body arrives; the page is closed before the import has started.
    const sent = pieces(body, 64);
    const answer = handleStartImport(
      new Request(`https://hourmark.test/api/imports?workspace=${admin.workspace.id}`, {
        method: 'POST',
        headers: { cookie: admin.cookie, 'content-type': type },
        body: sent,
        duplex: 'half',
        signal: hangUp.signal,
      } as RequestInit),
      context(database, clock),
    );
    hangUp.abort();
    const res = await answer;
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'aborted' });
    expect(await importCount()).toBe(before);
    expect(await chunkCount()).toBe(0);
    expect(await stagedCount()).toBe(0);
  });

  it('stores the file’s first chunks while the rest of the body is still coming', async () => {
    // 2,200 rows of the sample, about 300 KB: three chunks of 128 KB.
    const lines = sample.toString('utf8').split('\n');
    const big = Buffer.from(
      [lines[0], ...Array.from({ length: 2200 }, (_, i) => lines[1 + (i % 6)])].join('\n'),
    );
    const { body, type } = await encoded(fileForm(big));
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // Cut off after 280 KB: the form never ends, so undici refuses it as before.
    const answer = post(pieces(body.subarray(0, 280 * 1024), 4096, 270 * 1024, held), type);
    for (let tries = 0; (await chunkCount()) < 2 && tries < 500; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    // Two chunks of 128 KB written while 10 KB of the body have not arrived yet.
    expect(await chunkCount()).toBe(2);
    release();
    const res = await answer;
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: 'invalid_request',
      fields: { file: 'The body is not a readable multipart/form-data form.' },
    });
    expect(await chunkCount()).toBe(0);
    expect(await stagedCount()).toBe(0);
  });

  it('reads a form that is not plain through undici as before: a file name in Unicode', async () => {
    const { body, type } = await encoded(fileForm(sample, 'Zeiterfassung März.csv'));
    const res = await post(pieces(body, 5), type);
    expect(res.status).toBe(202);
    expect(
      ((await res.json()) as { import: { fileName: string; fileSize: number; progress: unknown } })
        .import,
    ).toMatchObject({
      fileName: 'Zeiterfassung März.csv',
      fileSize: 949,
      progress: { done: 0, total: 6 },
    });
    await runDueJobs(database.db, mailOff, clock.now);
    expect(await chunkCount()).toBe(0);
  });

  it('leaves no chunk when the choices are refused after the file was stored', async () => {
    const form = fileForm(sample);
    form.set('choices', '{not json');
    const { body, type } = await encoded(form);
    const res = await post(pieces(body, 64), type);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ fields: { choices: 'The choices must be JSON.' } });
    expect(await chunkCount()).toBe(0);
    expect(await stagedCount()).toBe(0);
  });
});
