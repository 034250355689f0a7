import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  handleDelete,
  handleLogin,
  handleLogout,
  handleLogoutAll,
  handleMe,
  handlePassword,
  handleRegister,
} from '../../src/server/api/handlers';
import { migrate } from '../../src/server/db/migrate';
import { migrations } from '../../src/server/db/migrations';
import { openDatabase, type Database } from '../../src/server/db/connect';
import {
  context,
  cookieOf,
  drivers,
  fakeClock,
  freshAddress,
  get,
  post,
  setCookie,
} from './support';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe.each(drivers)('accounts on $name', (driver) => {
  let database: Database;
  let url: string | undefined;
  let drop: () => Promise<void>;
  let counter = 0;
  const account = () => {
    counter += 1;
    return {
      name: 'Asha Rao',
      email: `asha${counter}@example.com`,
      password: 'correct horse battery',
    };
  };

  beforeAll(async () => {
    ({ database, url, drop } = await driver.fresh());
  });
  afterAll(async () => drop());

  // Each account registers and signs in from its own address, so the per-address limits of one
  // test never reach another; throttling.test.ts tests those limits on purpose.
  const addresses = new Map<string, string>();
  async function registered(clock = fakeClock()) {
    const a = account();
    addresses.set(a.email, freshAddress());
    const res = await handleRegister(
      post('/user/register', a),
      context(database, clock, addresses.get(a.email)),
    );
    expect(res.status).toBe(201);
    return a;
  }

  async function signIn(
    a: { email: string; password: string },
    clock = fakeClock(),
    ip = addresses.get(a.email),
    remember = true,
  ) {
    return handleLogin(
      post('/user/login', { email: a.email, password: a.password, remember }),
      context(database, clock, ip),
    );
  }

  describe('migrations', () => {
    it('applied every migration once; running again applies nothing', async () => {
      expect(await migrate(database.transaction)).toEqual([]);
    });

    it.runIf(driver.name === 'PostgreSQL')(
      'two processes starting together apply each migration once',
      async () => {
        const [a, b] = await Promise.all([openDatabase({ url }), openDatabase({ url })]);
        const rows = await a.transaction((q) => q('SELECT id FROM schema_migrations'));
        expect(rows.map((r) => r['id'])).toEqual(migrations.map((m) => m.id));
        await Promise.all([a.close(), b.close()]);
      },
    );
  });

  describe('register', () => {
    it('creates the account, signs it in with an HttpOnly cookie and returns only a handle', async () => {
      const a = account();
      const res = await handleRegister(
        post('/user/register', { ...a, email: `  ${a.email.toUpperCase()} ` }),
        context(database, fakeClock(), freshAddress()),
      );
      expect(res.status).toBe(201);
      const body = (await res.json()) as { token: string; user: { email: string; name: string } };
      expect(body.user).toMatchObject({ name: 'Asha Rao', email: a.email });
      expect(JSON.stringify(body)).not.toContain(a.password);
      const cookie = setCookie(res, 'hm_session') ?? '';
      expect(cookie).toMatch(
        /^hm_session=[\w-]+\.[\w-]+; HttpOnly; SameSite=Lax; Path=\/; Max-Age=2592000; Secure$/,
      );
      expect(cookie).not.toContain(`=${body.token};`);
    });

    it('refuses an email already registered, in any case or spacing, with 409', async () => {
      const a = await registered();
      const res = await handleRegister(
        post('/user/register', { ...a, email: ` ${a.email.toUpperCase()}` }),
        context(database),
      );
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({
        error: 'email_taken',
        message: 'An account with this email already exists',
      });
    });

    it('answers missing, over-long and mistyped fields with 400 and the fields named', async () => {
      const res = await handleRegister(
        post('/user/register', { name: '', email: 'x'.repeat(300), password: 12345678 }),
        context(database),
      );
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: string; fields: Record<string, string> };
      expect(body.error).toBe('invalid_request');
      expect(Object.keys(body.fields).sort()).toEqual(['email', 'name', 'password']);
      const short = await handleRegister(
        post('/user/register', { name: 'A', email: 'a@b.co', password: 'short' }),
        context(database),
      );
      expect(((await short.json()) as { fields: Record<string, string> }).fields['password']).toBe(
        'Use at least 8 characters',
      );
    });

    it('refuses bodies over 16 KB with 413 and non-JSON with 400', async () => {
      const huge = await handleRegister(
        post('/user/register', {
          name: 'x'.repeat(17_000),
          email: 'a@b.co',
          password: 'long enough',
        }),
        context(database),
      );
      expect(huge.status).toBe(413);
      const bad = await handleRegister(post('/user/register', '{"name":'), context(database));
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ error: 'invalid_request' });
    });
  });

  describe('login, me and logout', () => {
    it('signs in with a case-insensitive email and the session authenticates /user/me', async () => {
      const a = await registered();
      const res = await handleLogin(
        post('/user/login', { email: a.email.toUpperCase(), password: a.password }),
        context(database),
      );
      expect(res.status).toBe(200);
      const body = (await res.json()) as {
        token: string;
        user: { email: string; createdAt: string };
      };
      expect(body.user.email).toBe(a.email);
      const me = await handleMe(get('/user/me', cookieOf(res)), context(database));
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ user: { email: a.email } });
    });

    it('gives the same 401 for an unknown email and a wrong password', async () => {
      const a = await registered();
      const wrong = await handleLogin(
        post('/user/login', { email: a.email, password: 'not the password' }),
        context(database),
      );
      const unknown = await handleLogin(
        post('/user/login', { email: 'nobody@example.com', password: 'whatever1' }),
        context(database),
      );
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(await wrong.json()).toEqual(await unknown.json());
    });

    it('does not accept the handle alone, in a header or as a cookie', async () => {
      const a = await registered();
      const res = await signIn(a);
      const { token } = (await res.json()) as { token: string };
      expect(
        (
          await handleMe(
            get('/user/me', undefined, { authorization: `Bearer ${token}` }),
            context(database),
          )
        ).status,
      ).toBe(401);
      expect(
        (await handleMe(get('/user/me', `hm_session=${token}`), context(database))).status,
      ).toBe(401);
      const forged = `${cookieOf(res).split('.')[0]}.${'A'.repeat(43)}`;
      expect((await handleMe(get('/user/me', forged), context(database))).status).toBe(401);
    });

    it('expires after 30 days without use and extends when used', async () => {
      const clock = fakeClock();
      const a = await registered(clock);
      const cookie = cookieOf(await signIn(a, clock));
      clock.advance(29 * DAY);
      expect((await handleMe(get('/user/me', cookie), context(database, clock))).status).toBe(200);
      clock.advance(29 * DAY);
      expect((await handleMe(get('/user/me', cookie), context(database, clock))).status).toBe(200);
      clock.advance(31 * DAY);
      expect((await handleMe(get('/user/me', cookie), context(database, clock))).status).toBe(401);
    });

    it('logout revokes the session and clears the cookie', async () => {
      const a = await registered();
      const cookie = cookieOf(await signIn(a));
      const out = await handleLogout(post('/user/logout', {}, cookie), context(database));
      expect(out.status).toBe(204);
      expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
      expect((await handleMe(get('/user/me', cookie), context(database))).status).toBe(401);
      expect((await handleLogout(post('/user/logout', {}), context(database))).status).toBe(204);
    });
  });

  describe('remember me and cookie lifetime', () => {
    it('without Remember me the cookie ends with the browser and the session 12 hours after last use', async () => {
      const clock = fakeClock();
      const a = await registered(clock);
      const res = await signIn(a, clock, undefined, false);
      expect(setCookie(res, 'hm_session')).not.toContain('Max-Age');
      const cookie = cookieOf(res);
      clock.advance(11 * HOUR);
      expect((await handleMe(get('/user/me', cookie), context(database, clock))).status).toBe(200);
      clock.advance(11 * HOUR);
      expect((await handleMe(get('/user/me', cookie), context(database, clock))).status).toBe(200);
      clock.advance(12 * HOUR + 1000);
      expect((await handleMe(get('/user/me', cookie), context(database, clock))).status).toBe(401);
    });

    it('with Remember me the cookie lasts 30 days and its Max-Age is renewed when the server extends the session', async () => {
      const clock = fakeClock();
      const a = await registered(clock);
      const res = await signIn(a, clock);
      expect(setCookie(res, 'hm_session')).toContain('Max-Age=2592000');
      const cookie = cookieOf(res);
      const soon = await handleMe(get('/user/me', cookie), context(database, clock));
      expect(setCookie(soon, 'hm_session')).toBeUndefined();
      clock.advance(2 * DAY);
      const later = await handleMe(get('/user/me', cookie), context(database, clock));
      expect(setCookie(later, 'hm_session')).toBe(
        `${cookie}; HttpOnly; SameSite=Lax; Path=/; Max-Age=2592000; Secure`,
      );
    });

    it('marks cookies Secure on plain-http localhost too when PUBLIC_URL is https', async () => {
      const a = await registered();
      const local = new Request('http://localhost:4321/user/login', {
        method: 'POST',
        body: JSON.stringify({ email: a.email, password: a.password }),
      });
      const plain = await handleLogin(
        local.clone(),
        context(database, fakeClock(), addresses.get(a.email)),
      );
      expect(setCookie(plain, 'hm_session')).not.toContain('Secure');
      const behindTls = await handleLogin(
        local,
        context(database, fakeClock(), addresses.get(a.email), new URL('https://hourmark.example')),
      );
      expect(setCookie(behindTls, 'hm_session')).toContain('; Secure');
      expect(setCookie(behindTls, 'hm_device')).toContain('; Secure');
    });

    it('deletes expired sessions when someone signs in, so the table does not grow forever', async () => {
      const clock = fakeClock();
      const a = await registered(clock);
      await signIn(a, clock, undefined, false);
      const count = async () =>
        Number(
          (
            await database.transaction((q) =>
              q('SELECT count(*) AS n FROM sessions WHERE expires_at < $1', [clock.now()]),
            )
          )[0]?.['n'],
        );
      clock.advance(40 * DAY);
      expect(await count()).toBeGreaterThan(0);
      await signIn(a, clock);
      expect(await count()).toBe(0);
    });
  });

  describe('account settings', () => {
    it('changing the password needs the current one and signs out the other devices', async () => {
      const a = await registered();
      const here = cookieOf(await signIn(a));
      const there = cookieOf(await signIn(a));
      const refused = await handlePassword(
        post(
          '/user/password',
          { currentPassword: 'wrong one', newPassword: 'a new password' },
          here,
        ),
        context(database),
      );
      expect(refused.status).toBe(400);
      const changed = await handlePassword(
        post(
          '/user/password',
          { currentPassword: a.password, newPassword: 'a new password' },
          here,
        ),
        context(database),
      );
      expect(changed.status).toBe(204);
      expect((await handleMe(get('/user/me', here), context(database))).status).toBe(200);
      expect((await handleMe(get('/user/me', there), context(database))).status).toBe(401);
      expect((await signIn({ ...a, password: 'a new password' })).status).toBe(200);
    });

    it('sign out of all devices revokes every session', async () => {
      const a = await registered();
      const one = cookieOf(await signIn(a));
      const two = cookieOf(await signIn(a));
      expect(
        (await handleLogoutAll(post('/user/logout-all', {}, one), context(database))).status,
      ).toBe(204);
      expect((await handleMe(get('/user/me', one), context(database))).status).toBe(401);
      expect((await handleMe(get('/user/me', two), context(database))).status).toBe(401);
    });

    it('deleting the account needs the password and removes it', async () => {
      const a = await registered();
      const cookie = cookieOf(await signIn(a));
      expect(
        (
          await handleDelete(
            post('/user/delete', { password: 'wrong one' }, cookie),
            context(database),
          )
        ).status,
      ).toBe(400);
      expect(
        (
          await handleDelete(
            post('/user/delete', { password: a.password }, cookie),
            context(database),
          )
        ).status,
      ).toBe(204);
      expect((await signIn(a)).status).toBe(401);
      expect(
        (await handleDelete(post('/user/delete', { password: a.password }), context(database)))
          .status,
      ).toBe(401);
    });
  });
});
