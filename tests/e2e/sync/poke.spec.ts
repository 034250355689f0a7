import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { newAccount, registerConfirmed } from '../support/session';

/** Signs up through the API in this context; the cookie string and the new workspace's id. */
async function signUpWithWorkspace(request: APIRequestContext) {
  const registered = await registerConfirmed(request, newAccount());
  const cookie = registered
    .headersArray()
    .filter((h) => h.name.toLowerCase() === 'set-cookie')
    .map((h) => h.value.split(';')[0])
    .join('; ');
  const { workspaces } = (await (await request.get('/sync/workspaces')).json()) as {
    workspaces: { id: string }[];
  };
  return { cookie, workspaceId: workspaces[0]?.id ?? '' };
}

/** Every field of a client, as a push's createClient wants them. */
const clientFields = (name: string) => ({
  name,
  contactPerson: '',
  email: '',
  phone: '',
  address: '',
  taxName: '',
  taxPercentage: null,
  taxNumber: '',
  status: 'Active',
});

// Through the real server (front door, Astro's streaming, the middleware): a device listening on
// /sync/poke is sent the rows of a push made by another device of the same account.
test('a push sends the listening devices its rows over Server-Sent Events', async ({
  request,
  baseURL,
}) => {
  const { cookie, workspaceId } = await signUpWithWorkspace(request);

  const { hostname, port } = new URL(baseURL ?? '');
  const events: string[] = [];
  const stream = http.get({
    hostname,
    port,
    path: `/sync/poke?workspace=${workspaceId}`,
    headers: { cookie },
  });
  const response = await new Promise<http.IncomingMessage>((resolve) =>
    stream.on('response', resolve),
  );
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/event-stream');
  response.on('data', (chunk: Buffer) => events.push(chunk.toString()));
  await expect.poll(() => events.join('')).toContain('event: ready');

  const pushed = await request.post('/sync/push', {
    data: {
      workspaceId,
      clientId: `e2e-device-two-${randomUUID().slice(0, 12)}`,
      mutations: [
        {
          id: 1,
          name: 'createClient',
          args: {
            id: 'c-poke',
            fields: clientFields('Poked'),
          },
        },
      ],
    },
  });
  expect(pushed.status()).toBe(200);
  const { version } = (await pushed.json()) as { version: number };
  await expect
    .poll(() => events.join(''))
    .toMatch(
      new RegExp(
        `event: changes\ndata: \\{"from":${version - 1},"to":${version},"changes":\\[\\{"kind":"client","id":"c-poke"`,
      ),
    );
  stream.destroy();
});

test('a larger pull arrives gzipped', async ({ request }) => {
  const { workspaceId } = await signUpWithWorkspace(request);
  await request.post('/sync/push', {
    data: {
      workspaceId,
      clientId: `e2e-gzip-device-${randomUUID().slice(0, 12)}`,
      mutations: Array.from({ length: 20 }, (_, i) => ({
        id: i + 1,
        name: 'createClient',
        args: { id: `c-${i}`, fields: clientFields(`Client ${i}`) },
      })),
    },
  });
  const pulled = await request.get(`/sync/pull?workspace=${workspaceId}`, {
    headers: { 'Accept-Encoding': 'gzip' },
  });
  expect(pulled.status()).toBe(200);
  expect(pulled.headers()['content-encoding']).toBe('gzip');
  expect(((await pulled.json()) as { changes: unknown[] }).changes).toHaveLength(21);
});
