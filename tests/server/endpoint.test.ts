import { describe, expect, it } from 'vitest';
import { endpoint } from '../../src/server/api/endpoint';
import { parseBody, MAX_BODY_BYTES } from '../../src/server/http/body';
import { sessionCookie } from '../../src/server/http/cookies';
import { z } from 'zod';

describe('endpoint wrapper', () => {
  it('answers other methods with 405 JSON and an Allow header', async () => {
    const route = endpoint('POST', () => Promise.resolve(new Response(null)));
    const res = await route.others({} as never);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(await res.json()).toMatchObject({ error: 'method_not_allowed' });
  });
});

describe('body limits', () => {
  it('refuses a body that streams past 16 KB even without Content-Length', async () => {
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"a":"'));
        controller.enqueue(new Uint8Array(MAX_BODY_BYTES).fill(97));
        controller.close();
      },
    });
    const req = new Request('https://h.test/user/login', {
      method: 'POST',
      body: stream,
      duplex: 'half',
    } as RequestInit);
    const result = await parseBody(req, z.object({}));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.response.status).toBe(413);
  });
});

describe('session cookie', () => {
  it('is Secure everywhere except plain-http localhost', () => {
    expect(sessionCookie('h.s', { url: new URL('https://hourmark.app/user/login') })).toContain(
      'Secure',
    );
    expect(sessionCookie('h.s', { url: new URL('http://hourmark.app/user/login') })).toContain(
      'Secure',
    );
    expect(
      sessionCookie('h.s', { url: new URL('http://localhost:4321/user/login') }),
    ).not.toContain('Secure');
  });
});
