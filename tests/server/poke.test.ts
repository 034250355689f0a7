import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlePoke, handlePush } from '../../src/server/api/sync-handlers';
import { openDatabase, type Database } from '../../src/server/db/connect';
import { context, drivers, get, post } from './support';
import { signUp, timeLogFields } from './workspace-support';

/** Reads a Server-Sent Events body until an event of `name` arrives (or gives up after `ms`). */
async function nextEvent(reader: ReadableStreamDefaultReader<Uint8Array>, name: string, ms = 5000) {
  const decoder = new TextDecoder();
  let buffer = '';
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
    ]);
    if (!chunk || chunk.done) break;
    buffer += decoder.decode(chunk.value);
    for (const block of buffer.split('\n\n')) {
      const event = /^event: (\w+)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event === name) return JSON.parse(data ?? 'null') as unknown;
    }
  }
  return undefined;
}

const log = timeLogFields('2026-11-23', null, 900);

describe.each(drivers)('poke on $name', (driver) => {
  let database: Database;
  let url: string | undefined;
  let drop: () => Promise<void>;
  let counter = 0;
  beforeAll(async () => {
    ({ database, url, drop } = await driver.fresh());
  });
  afterAll(async () => drop());

  async function person(db = database) {
    counter += 1;
    const { cookie, workspace } = await signUp(db, {
      name: 'Poke',
      email: `poke${counter}@example.com`,
    });
    return { cookie, workspaceId: workspace.id };
  }

  async function subscribe(who: { cookie: string; workspaceId: string }, db = database) {
    const abort = new AbortController();
    const res = await handlePoke(
      new Request(`https://hourmark.test/sync/poke?workspace=${who.workspaceId}`, {
        headers: { cookie: who.cookie },
        signal: abort.signal,
      }),
      context(db),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    expect(await nextEvent(reader, 'ready')).toEqual({});
    return { reader, close: () => abort.abort() };
  }

  const pushLog = (who: { cookie: string; workspaceId: string }, id: string, db = database) =>
    handlePush(
      post(
        '/sync/push',
        {
          workspaceId: who.workspaceId,
          clientId: `poker-${id}-${'p'.repeat(16)}`,
          mutations: [{ id: 1, name: 'addTimeLog', args: { id, fields: log } }],
        },
        who.cookie,
      ),
      context(db),
    );

  it('tells the devices of a workspace to pull when it changes, and not other workspaces', async () => {
    const me = await person();
    const stranger = await person();
    const mine = await subscribe(me);
    const theirs = await subscribe(stranger);
    const pushed = (await (await pushLog(me, `l-${counter}`)).json()) as { version: number };
    expect(await nextEvent(mine.reader, 'poke')).toEqual({ version: pushed.version });
    expect(await nextEvent(theirs.reader, 'poke', 500)).toBeUndefined();
    mine.close();
    theirs.close();
  });

  it('refuses a workspace the caller is not in, and a missing session', async () => {
    const me = await person();
    const stranger = await person();
    const res = await handlePoke(
      get(`/sync/poke?workspace=${stranger.workspaceId}`, me.cookie),
      context(database),
    );
    expect(res.status).toBe(403);
    expect(
      (await handlePoke(get(`/sync/poke?workspace=${me.workspaceId}`), context(database))).status,
    ).toBe(401);
    expect(
      (await handlePoke(get('/sync/poke?workspace=nope', me.cookie), context(database))).status,
    ).toBe(400);
  });

  it.runIf(driver.name === 'PostgreSQL')(
    'a push through one server process pokes devices connected to another (LISTEN/NOTIFY)',
    async () => {
      const other = await openDatabase({ url });
      try {
        const me = await person();
        const onOther = await subscribe(me, other);
        const pushed = (await (await pushLog(me, `l-x-${counter}`, database)).json()) as {
          version: number;
        };
        expect(await nextEvent(onOther.reader, 'poke')).toEqual({ version: pushed.version });
        onOther.close();
      } finally {
        await other.close();
      }
    },
  );
});
