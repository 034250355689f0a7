import { and, asc, count, eq, gt, lt, min } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { loginFailures } from '../db/schema';

/** Window and limits of SPEC-independent brute-force protection (issue 3). */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 10;
export const MAX_FAILURES_PER_ADDRESS = 100;

/** Seconds until another attempt is allowed, or 0 when one is allowed now. */
export async function loginRetryAfter(
  db: Db,
  email: string,
  ip: string,
  now: Date,
): Promise<number> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const check = async (
    column: typeof loginFailures.email | typeof loginFailures.ip,
    value: string,
    limit: number,
  ) => {
    const [row] = await db
      .select({ failures: count(), oldest: min(loginFailures.at) })
      .from(loginFailures)
      .where(and(eq(column, value), gt(loginFailures.at, since)));
    if (!row || row.failures < limit) return 0;
    // The window frees up when enough of the oldest failures age out; the oldest one is a safe bound.
    const [nth] = await db
      .select({ at: loginFailures.at })
      .from(loginFailures)
      .where(and(eq(column, value), gt(loginFailures.at, since)))
      .orderBy(asc(loginFailures.at))
      .offset(row.failures - limit)
      .limit(1);
    const freeAt = (nth?.at ?? now).getTime() + LOGIN_WINDOW_MS;
    return Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
  };
  return Math.max(
    await check(loginFailures.email, email, MAX_FAILURES_PER_ACCOUNT),
    await check(loginFailures.ip, ip, MAX_FAILURES_PER_ADDRESS),
  );
}

/** Records a failed attempt and forgets ones older than the window. */
export async function recordLoginFailure(
  db: Db,
  email: string,
  ip: string,
  now: Date,
): Promise<void> {
  await db.insert(loginFailures).values({ email, ip, at: now });
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.at, new Date(now.getTime() - LOGIN_WINDOW_MS)));
}

/** Clears an account's failures after a successful sign-in. */
export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}
