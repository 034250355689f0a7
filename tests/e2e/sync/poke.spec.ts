import http from 'node:http';
import { expect, test } from '@playwright/test';
import { fromOwnAddress } from '../support/addresses';
import { newAccount } from '../support/session';

// Through the real server (front door, Astro's streaming, the middleware): a device listening on
// /sync/poke hears about a push made by another device of the same account.
test('a push pokes the listening devices over Server-Sent Events', async ({ request, baseURL }) => {
  const account = newAccount();
  const registered = await request.post('/user/register', {
    data: account,
    headers: fromOwnAddress(),
  });
  expect(registered.status()).toBe(201);
  const cookie = registered
    .headersArray()
    .filter((h) => h.name.toLowerCase() === 'set-cookie')
    .map((h) => h.value.split(';')[0])
    .join('; ');
  const { workspaces } = (await (await request.get('/sync/workspaces')).json()) as {
    workspaces: { id: string }[];
  };
  const workspaceId = workspaces[0]?.id ?? '';

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
      clientId: 'e2e-device-two-0123456789',
      mutations: [
        {
          id: 1,
          name: 'createClient',
          args: {
            id: 'c-poke',
            fields: {
              name: 'Poked',
              contactPerson: '',
              email: '',
              phone: '',
              address: '',
              taxName: '',
              taxPercentage: null,
              taxNumber: '',
              status: 'Active',
            },
          },
        },
      ],
    },
  });
  expect(pushed.status()).toBe(200);
  const { version } = (await pushed.json()) as { version: number };
  await expect.poll(() => events.join('')).toContain(`event: poke\ndata: {"version":${version}}`);
  stream.destroy();
});

test('a larger pull arrives gzipped', async ({ request }) => {
  const account = newAccount();
  expect(
    (await request.post('/user/register', { data: account, headers: fromOwnAddress() })).status(),
  ).toBe(201);
  const { workspaces } = (await (await request.get('/sync/workspaces')).json()) as {
    workspaces: { id: string }[];
  };
  const workspaceId = workspaces[0]?.id ?? '';
  const fields = {
    name: 'Client',
    contactPerson: '',
    email: '',
    phone: '',
    address: '',
    taxName: '',
    taxPercentage: null,
    taxNumber: '',
    status: 'Active',
  };
  await request.post('/sync/push', {
    data: {
      workspaceId,
      clientId: 'e2e-gzip-device-0123456789',
      mutations: Array.from({ length: 20 }, (_, i) => ({
        id: i + 1,
        name: 'createClient',
        args: { id: `c-${i}`, fields: { ...fields, name: `Client ${i}` } },
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
