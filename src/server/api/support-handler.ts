import type { Answer } from '../../lib/contracts/shape';
import type { supportMessageResponse } from '../../lib/contracts/reads';
import { parseBody } from '../http/body';
import { throttleUnit } from '../http/client-address';
import { rateLimited } from '../http/rate-limited';
import { json } from '../http/responses';
import { receiveSupportMessage, supportKey } from '../support/messages';
import { reserve } from '../throttle/throttle';
import type { HandlerContext } from './context';
import { supportBody } from './schemas';

/**
 * POST /support/messages: stores the message, mails it when mail is set up, and says which
 * happened (`mailed`: 'sent' | 'off' | 'failed') so the page can tell the truth.
 */
export async function handleSupportMessage(
  request: Request,
  ctx: HandlerContext,
): Promise<Response> {
  const body = await parseBody(request, supportBody);
  if (!body.ok) return body.response;
  const now = ctx.now();
  const reservation = await reserve(ctx.database.db, [supportKey(throttleUnit(ctx.ip))], now);
  if (!reservation.ok) return rateLimited(reservation.retryAfterMs, 'messages from this network');
  const mailed = await receiveSupportMessage(
    ctx.database.db,
    ctx.mail,
    ctx.supportEmail,
    body.value,
    now,
  );
  return json(201, {
    mailed,
    supportEmail: ctx.supportEmail,
  } satisfies Answer<typeof supportMessageResponse>);
}
