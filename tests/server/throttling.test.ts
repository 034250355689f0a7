import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleLogin, handlePassword, handleRegister } from '../../src/server/api/handlers';
import { PAIR_FAILURES } from '../../src/server/auth/sign-in-limits';
import type { Database } from '../../src/server/db/connect';
import { reserve } from '../../src/server/throttle/throttle';
import { context, cookieOf, deviceOf, drivers, fakeClock, freshAddress, post } from './support';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe.each(drivers)('sign-in throttling on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  let counter = 0;

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
  });
  afterAll(async () => drop());

  /** Registers a fresh account; returns it with the device cookie its registration set. */
  async function owner(clock = fakeClock()) {
    counter += 1;
    const a = {
      name: 'Meera Iyer',
      email: `owner${counter}@example.com`,
      password: 'owner pass 1',
    };
    const res = await handleRegister(
      post('/user/register', a),
      context(database, clock, freshAddress()),
    );
    expect(res.status).toBe(201);
    return { ...a, device: deviceOf(res) };
  }

  function attempt(
    email: string,
    password: string,
    clock: ReturnType<typeof fakeClock>,
    ip: string,
    cookie?: string,
  ) {
    return handleLogin(
      post('/user/login', { email, password }, cookie),
      context(database, clock, ip),
    );
  }

  it('slows one address down after 5 wrong passwords for an account, doubling the wait', async () => {
    const clock = fakeClock();
    const a = await owner(clock);
    const ip = freshAddress();
    for (let i = 0; i < 5; i += 1)
      expect((await attempt(a.email, 'wrong', clock, ip)).status).toBe(401);
    const sixth = await attempt(a.email, a.password, clock, ip);
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).toBe('1');
    expect(await sixth.json()).toMatchObject({
      error: 'rate_limited',
      message: 'Too many sign-in attempts. Try again in 1 second.',
    });
    clock.advance(SECOND);
    expect((await attempt(a.email, 'wrong', clock, ip)).status).toBe(401);
    // The 6th wrong password waits 1 s, the 7th 2 s.
    const next = await attempt(a.email, a.password, clock, ip);
    expect(next.headers.get('retry-after')).toBe('2');
    clock.advance(2 * SECOND);
    expect((await attempt(a.email, a.password, clock, ip)).status).toBe(200);
  });

  it('never locks the owner out: attackers on many addresses slow the account down, 5 minutes at most', async () => {
    const clock = fakeClock();
    const a = await owner(clock);
    // An attacker guessing from a new address each time, as fast as the account lets them, for
    // two hours: 10 at once, then waits of 1, 2, 4 … seconds up to the 5-minute cap.
    let guesses = 0;
    for (let elapsed = 0; elapsed < 120 * MINUTE;) {
      const res = await attempt(a.email, `guess ${guesses}`, clock, freshAddress());
      if (res.status === 401) guesses += 1;
      else {
        const wait = Number(res.headers.get('retry-after')) * SECOND;
        clock.advance(wait);
        elapsed += wait;
      }
    }
    // 10 at 0 s; 9 more at 1, 3, 7 … 511 s; then one every 300 s from 811 s to 7,111 s (22).
    expect(guesses).toBe(10 + 9 + 22);
    // The attacker takes the slot that has just opened; a correct password from a new browser
    // now waits the 5-minute cap, never longer.
    expect((await attempt(a.email, 'one more', clock, freshAddress())).status).toBe(401);
    const fromNewBrowser = await attempt(a.email, a.password, clock, freshAddress());
    expect(fromNewBrowser.status).toBe(429);
    expect(fromNewBrowser.headers.get('retry-after')).toBe('300');
    // The browser the owner signed up in carries a device cookie: it is not held back at all.
    const fromOwnBrowser = await attempt(a.email, a.password, clock, freshAddress(), a.device);
    expect(fromOwnBrowser.status).toBe(200);
    // And a new browser gets through once the wait it was told has passed.
    clock.advance(Number(fromNewBrowser.headers.get('retry-after')) * SECOND);
    expect((await attempt(a.email, a.password, clock, freshAddress())).status).toBe(200);
  }, 60_000);

  it('a device cookie only vouches for its own account, and a stolen handle alone does nothing', async () => {
    const clock = fakeClock();
    const a = await owner(clock);
    const b = await owner(clock);
    for (let i = 0; i < 10; i += 1) await attempt(b.email, 'wrong', clock, freshAddress());
    expect((await attempt(b.email, b.password, clock, freshAddress(), a.device)).status).toBe(429);
    const forged = a.device.replace(/\.[\w-]+$/, `.${'A'.repeat(43)}`);
    for (let i = 0; i < 10; i += 1) await attempt(a.email, 'wrong', clock, freshAddress());
    expect((await attempt(a.email, a.password, clock, freshAddress(), forged)).status).toBe(429);
    expect((await attempt(a.email, a.password, clock, freshAddress(), a.device)).status).toBe(200);
  });

  it('a known browser still gets its own limit on wrong passwords', async () => {
    const clock = fakeClock();
    const a = await owner(clock);
    for (let i = 0; i < 10; i += 1)
      expect((await attempt(a.email, 'wrong', clock, freshAddress(), a.device)).status).toBe(401);
    expect((await attempt(a.email, a.password, clock, freshAddress(), a.device)).status).toBe(429);
  });

  /** Sends all attempts at once; those turned away as busy (not counted) go again, like an attacker's. */
  async function storm(attempts: (() => Promise<Response>)[]) {
    const answered: Response[] = [];
    let pending = attempts;
    while (pending.length > 0) {
      const round = await Promise.all(pending.map((send) => send()));
      const busy = round.filter((r) => r.status === 503);
      for (const r of busy) {
        expect(r.headers.get('retry-after')).toBe('1');
        expect(await r.json()).toMatchObject({ error: 'server_busy' });
      }
      answered.push(...round.filter((r) => r.status !== 503));
      pending = pending.filter((_, i) => round[i]?.status === 503);
    }
    return answered;
  }

  it('100 concurrent wrong passwords from one address get 5 checks; from 100 addresses, 10', async () => {
    const clock = fakeClock();
    const a = await owner(clock);
    const ip = freshAddress();
    const one = await storm(
      Array.from({ length: 100 }, (_, i) => () => attempt(a.email, `wrong ${i}`, clock, ip)),
    );
    expect(one.filter((r) => r.status === 401)).toHaveLength(5);
    expect(one.filter((r) => r.status === 429)).toHaveLength(95);

    const b = await owner(clock);
    const many = await storm(
      Array.from(
        { length: 100 },
        (_, i) => () => attempt(b.email, `wrong ${i}`, clock, freshAddress()),
      ),
    );
    expect(many.filter((r) => r.status === 401)).toHaveLength(10);
    expect(many.filter((r) => r.status === 429)).toHaveLength(90);
  }, 60_000);

  it('100 reservations of one key at the same moment let exactly the free ones through', async () => {
    const now = new Date('2027-01-01T00:00:00Z');
    const key = { key: `test:concurrent:${counter}`, policy: PAIR_FAILURES };
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, () => reserve(database.db, [key], now)),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(5);
    expect(outcomes.filter((o) => !o.ok)).toHaveLength(95);
  });

  it('limits wrong passwords from one address across accounts to 20 before slowing it', async () => {
    const clock = fakeClock();
    const ip = freshAddress();
    for (let i = 0; i < 20; i += 1)
      expect((await attempt(`ghost${counter}.${i}@example.com`, 'nope', clock, ip)).status).toBe(
        401,
      );
    const a = await owner(clock);
    expect((await attempt(a.email, a.password, clock, ip)).status).toBe(429);
    expect((await attempt(a.email, a.password, clock, freshAddress())).status).toBe(200);
  });

  it('limits successful sign-ins from one address to 60, except for browsers that signed in before', async () => {
    const clock = fakeClock();
    const a = await owner(clock);
    const office = freshAddress();
    for (let i = 0; i < 60; i += 1)
      expect((await attempt(a.email, a.password, clock, office)).status).toBe(200);
    expect((await attempt(a.email, a.password, clock, office)).status).toBe(429);
    expect((await attempt(a.email, a.password, clock, office, a.device)).status).toBe(200);
  }, 60_000);

  it('limits new accounts from one address to 10 an hour', async () => {
    const clock = fakeClock();
    const ip = freshAddress();
    const register = (i: number) =>
      handleRegister(
        post('/user/register', {
          name: 'N',
          email: `new${counter}.${i}@example.com`,
          password: 'password 1',
        }),
        context(database, clock, ip),
      );
    for (let i = 0; i < 10; i += 1) expect((await register(i)).status).toBe(201);
    const refused = await register(10);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      message: 'Too many new accounts from this network. Try again in 1 minute.',
    });
    clock.advance(60 * MINUTE);
    expect((await register(11)).status).toBe(201);
  });

  it('throttles wrong current passwords on a signed-in session', async () => {
    const clock = fakeClock();
    const a = await owner(clock);
    const cookie = cookieOf(await attempt(a.email, a.password, clock, freshAddress()));
    const change = (currentPassword: string) =>
      handlePassword(
        post('/user/password', { currentPassword, newPassword: 'brand new pass' }, cookie),
        context(database, clock),
      );
    for (let i = 0; i < 5; i += 1) expect((await change(`wrong ${i}`)).status).toBe(400);
    expect((await change(a.password)).status).toBe(429);
    clock.advance(SECOND);
    expect((await change(a.password)).status).toBe(204);
  });

  it('forgets throttle rows that have been quiet for over an hour when someone signs in', async () => {
    const clock = fakeClock(new Date('2027-06-01T10:00:00Z'));
    const a = await owner(clock);
    const ip = freshAddress();
    await attempt(a.email, 'wrong', clock, ip);
    const rows = () =>
      database.transaction(async (q) =>
        Number(
          (await q('SELECT count(*) AS n FROM throttle WHERE key LIKE $1', [`%${ip}%`]))[0]?.['n'],
        ),
      );
    // fail:pair, fail:address and signin:address for that address.
    expect(await rows()).toBe(3);
    clock.advance(61 * MINUTE);
    const b = await owner(clock);
    expect((await attempt(b.email, b.password, clock, freshAddress())).status).toBe(200);
    expect(await rows()).toBe(0);
  });
});
