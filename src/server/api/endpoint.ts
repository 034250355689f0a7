import type { APIContext, APIRoute } from 'astro';
import { serverConfig } from '../config';
import { getDatabase } from '../db';
import { isAbandoned, processAbandonedRequests } from '../http/abandoned-requests';
import { clientAddress } from '../http/client-address';
import { apiError, methodNotAllowed } from '../http/responses';
import { processMailer } from '../mail/process-mailer';
import type { HandlerContext } from './context';

type Handler = (request: Request, ctx: HandlerContext) => Promise<Response>;

/**
 * The TCP peer, as the front door (scripts/serve.mjs) saw it. Never Astro's `clientAddress`:
 * that is the first X-Forwarded-For entry, which any client can write.
 */
function peerAddress(context: APIContext): string | undefined {
  return context.locals.peerAddress;
}

/** Turns a handler into Astro routes: the method it serves, 405 for the others, 500 without a stack. */
export function endpoint(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  handler: Handler,
): { handle: APIRoute; others: APIRoute } {
  const route: APIRoute = async (context) => {
    try {
      const config = serverConfig();
      const database = await getDatabase();
      return await handler(context.request, {
        database,
        now: () => new Date(),
        ip: clientAddress(
          peerAddress(context),
          context.request.headers.get('x-forwarded-for'),
          config.trustProxyHops,
        ),
        publicUrl: config.publicUrl,
        appUrl: config.appUrl,
        mail: processMailer(),
        supportEmail: config.supportEmail,
      });
    } catch (error) {
      if (isAbandoned(context.request, error)) {
        processAbandonedRequests().note();
        // Nobody reads this answer; it only closes the request.
        return apiError(400, 'aborted', 'The request was abandoned before its body arrived.');
      }
      console.error('Unexpected API error', error);
      return apiError(500, 'internal', 'Something went wrong on our side. Please try again.');
    }
  };
  return { handle: route, others: () => methodNotAllowed(method) };
}
