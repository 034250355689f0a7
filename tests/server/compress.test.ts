import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressJson } from '../../src/server/http/compress';
import { json } from '../../src/server/http/responses';

const asking = (encoding: string) =>
  new Request('https://hourmark.test/sync/pull', { headers: { 'accept-encoding': encoding } });
const rows = {
  changes: Array.from({ length: 200 }, (_, i) => ({
    kind: 'timeLog',
    id: `l-${i}`,
    data: { dur: 3600, desc: '<p>Design review</p>' },
  })),
};

describe('gzip for JSON answers', () => {
  it('gzips a larger JSON answer for a browser that accepts it, and it reads back the same', async () => {
    const plain = JSON.stringify(rows);
    const res = await compressJson(asking('gzip, deflate, br'), json(200, rows));
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.byteLength).toBeLessThan(plain.length / 10);
    expect(gunzipSync(body).toString()).toBe(plain);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('leaves small answers, other encodings, and streams as they are', async () => {
    expect(
      (await compressJson(asking('gzip'), json(401, { error: 'x' }))).headers.get(
        'content-encoding',
      ),
    ).toBeNull();
    expect(
      (await compressJson(asking('br'), json(200, rows))).headers.get('content-encoding'),
    ).toBeNull();
    const empty = json(204, null);
    expect(await compressJson(asking('gzip'), empty)).toBe(empty);
    const stream = new Response('event: ready\n\n', {
      headers: { 'Content-Type': 'text/event-stream' },
    });
    expect(await compressJson(asking('gzip'), stream)).toBe(stream);
  });
});
