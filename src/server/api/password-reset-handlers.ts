import type { Answer } from '../../lib/contracts/shape';
import type { forgotPasswordResponse, resetCheckResponse } from '../../lib/contracts/auth';
import { resetPassword } from '../auth/accounts';
import { checkResetLink, createResetLink, resetProblemMessage } from '../auth/password-reset';
import { parseBody } from '../http/body';
import { throttleUnit } from '../http/client-address';
import { rateLimited } from '../http/rate-limited';
import { apiError, json } from '../http/responses';
import { reserve, type ThrottleKey } from '../throttle/throttle';
import { appBaseUrl, type HandlerContext } from './context';
import { refused } from './handlers';
import { forgotBody, resetBody, resetCheckBody } from './schemas';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

// Reset mails: a few at once per network and per address, then a wait doubling to an hour, so
// nobody can flood a mailbox, and the owner asking twice is never stopped.
const forgotKeys = (address: string, email: string): ThrottleKey[] => [
  {
    key: `forgot:address:${address}`,
    policy: { free: 5, baseDelayMs: MINUTE, maxDelayMs: HOUR, quietMs: HOUR },
  },
  {
    key: `forgot:email:${email}`,
    policy: { free: 3, baseDelayMs: 5 * MINUTE, maxDelayMs: HOUR, quietMs: HOUR },
  },
];
const resetKey = (address: string): ThrottleKey => ({
  key: `reset:address:${address}`,
  policy: { free: 10, baseDelayMs: MINUTE, maxDelayMs: HOUR, quietMs: HOUR },
});

/**
 * POST /user/forgot-password: mails a one-hour, single-use link when an account uses the email.
 * The answer is the same whether it does or not, and comes before the mail is sent, so neither
 * its words nor its timing say which emails have accounts.
 */
export async function handleForgotPassword(
  request: Request,
  ctx: HandlerContext,
): Promise<Response> {
  const body = await parseBody(request, forgotBody);
  if (!body.ok) return body.response;
  const email = body.value.email.toLowerCase();
  if (!ctx.mail.enabled)
    return json(200, {
      mailed: false,
      message:
        'This Hourmark server cannot send mail, so it cannot email you a reset link. Ask the person who runs it to set up mail.',
    } satisfies Answer<typeof forgotPasswordResponse>);
  const now = ctx.now();
  const reservation = await reserve(ctx.database.db, forgotKeys(throttleUnit(ctx.ip), email), now);
  if (!reservation.ok) return rateLimited(reservation.retryAfterMs, 'reset requests');
  const link = await createResetLink(ctx.database.db, email, now);
  if (link) {
    const url = new URL(`/reset-password#${link.token}`, appBaseUrl(ctx)).toString();
    void ctx.mail.send({
      to: link.user.email,
      subject: 'Reset your Hourmark password',
      text: [
        `Hello ${link.user.name},`,
        '',
        'Someone (we hope you) asked to reset the password of your Hourmark account.',
        'Open this link within one hour to choose a new password:',
        '',
        url,
        '',
        'The link works once. Setting a new password signs you out on every device.',
        'If you did not ask for this, ignore this mail: your password stays as it is.',
      ].join('\n'),
    });
  }
  return json(200, {
    mailed: true,
    message: `If an account uses ${email}, a link to reset its password is on its way. It works for one hour.`,
  } satisfies Answer<typeof forgotPasswordResponse>);
}

/** POST /user/reset-check: whether a link still works, and for which email. */
export async function handleResetCheck(request: Request, ctx: HandlerContext): Promise<Response> {
  const body = await parseBody(request, resetCheckBody);
  if (!body.ok) return body.response;
  const checked = await checkResetLink(ctx.database.db, body.value.token, ctx.now());
  if (!checked.ok) return apiError(400, 'invalid_token', resetProblemMessage[checked.problem]);
  return json(200, { email: checked.email } satisfies Answer<typeof resetCheckResponse>);
}

/** POST /user/reset-password: sets the new password once and signs the account out everywhere. */
export async function handleResetPassword(
  request: Request,
  ctx: HandlerContext,
): Promise<Response> {
  const body = await parseBody(request, resetBody);
  if (!body.ok) return body.response;
  const now = ctx.now();
  const reservation = await reserve(ctx.database.db, [resetKey(throttleUnit(ctx.ip))], now);
  if (!reservation.ok) return rateLimited(reservation.retryAfterMs, 'reset attempts');
  const outcome = await resetPassword(ctx.database.db, body.value.token, body.value.password, now);
  if (outcome.kind === 'invalid')
    return apiError(400, 'invalid_token', resetProblemMessage[outcome.problem]);
  if (outcome.kind !== 'done') return refused(outcome, 'reset attempts');
  return json(204, null);
}
