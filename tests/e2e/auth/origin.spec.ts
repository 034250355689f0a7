import { expect, test } from '@playwright/test';

const body = { email: 'nobody@example.com', password: 'not the password' };

test('the API accepts its own site and refuses other websites', async ({ request, baseURL }) => {
  const own = await request.post('/user/login', { data: body, headers: { Origin: baseURL ?? '' } });
  expect(own.status()).toBe(401);
  const foreign = await request.post('/user/login', {
    data: body,
    headers: { Origin: 'https://evil.example' },
  });
  expect(foreign.status()).toBe(403);
  expect(await foreign.json()).toMatchObject({ error: 'forbidden_origin' });
});

test('malformed requests get a JSON 4xx', async ({ request }) => {
  const broken = await request.post('/user/login', {
    data: '{"email":',
    headers: { 'content-type': 'application/json' },
  });
  expect(broken.status()).toBe(400);
  expect(await broken.json()).toMatchObject({ error: 'invalid_request' });
  const wrongMethod = await request.get('/user/login');
  expect(wrongMethod.status()).toBe(405);
});
