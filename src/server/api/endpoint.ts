import type { APIContext, APIRoute } from 'astro';
import { serverConfig } from '../config';
import { getDatabase } from '../db';
import { clientAddress } from '../http/client-address';
import { apiError, methodNotAllowed } from '../http/responses';
import { processMailer } from '../mail/process-mailer';
import type { HandlerContext } from './context';

type Handler = (request: Request, ctx: HandlerContext) => Promise<Response>;

function peerAddress(context: APIContext): string | undefined {
  try {
    return context.clientAddress;
  } catch {
    return undefined;
  }
}

/** Turns a handler into Astro routes: the method it serves, 405 for the others, 500 without a stack. */
export function endpoint(
  method: 'GET' | 'POST',
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
        mail: processMailer(),
        supportEmail: config.supportEmail,
      });
    } catch (error) {
      console.error('Unexpected API error', error);
      return apiError(500, 'internal', 'Something went wrong on our side. Please try again.');
    }
  };
  return { handle: route, others: () => methodNotAllowed(method) };
}
