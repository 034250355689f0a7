import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleRegister } from '../../src/server/api/handlers';
import {
  handleDraftInvoice,
  handleInvoice,
  handleInvoicePayment,
  handleInvoicePdf,
  handleInvoiceSettings,
  handleInvoiceUbl,
  handleIssueInvoice,
  handleSaveInvoiceSettings,
  handleUpdateDraft,
  handleVoidInvoice,
} from '../../src/server/api/invoice-handlers';
import { handlePush, handleWorkspaces } from '../../src/server/api/sync-handlers';
import type { Database } from '../../src/server/db/connect';
import { context, fakeClock } from './support';

type Handler = (request: Request, ctx: ReturnType<typeof context>) => Promise<Response>;

/** The routes of src/pages these tests call, by method and path, to the same handlers. */
const routes: Record<string, Handler> = {
  'POST /user/register': handleRegister,
  'GET /sync/workspaces': handleWorkspaces,
  'POST /sync/push': handlePush,
  'POST /sync/invoices': handleDraftInvoice,
  'POST /sync/invoices/draft': handleUpdateDraft,
  'POST /sync/invoices/issue': handleIssueInvoice,
  'POST /sync/invoices/void': handleVoidInvoice,
  'POST /sync/invoices/payment': handleInvoicePayment,
  'GET /sync/invoice': handleInvoice,
  'GET /sync/invoice-settings': handleInvoiceSettings,
  'POST /sync/invoice-settings': handleSaveInvoiceSettings,
  'GET /sync/invoice-pdf': handleInvoicePdf,
  'GET /sync/invoice-ubl': handleInvoiceUbl,
};

/**
 * A running HTTP server on a free local port that answers the invoice API as the app does, so
 * tests make invoices over HTTP (requests, cookies, files) rather than by calling the builders.
 * The database is the test's; the clock is fake so dates are fixed.
 */
export async function startApi(database: Database, clock = fakeClock()) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      const handler = routes[`${req.method ?? 'GET'} ${path}`];
      if (!handler) {
        res.writeHead(404).end();
        return;
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === 'string' && name !== 'host') headers.set(name, value);
      // As the app sees requests behind its public address.
      const request = new Request(`https://hourmark.test${req.url ?? '/'}`, {
        method: req.method ?? 'GET',
        headers,
        ...(req.method === 'POST' ? { body: Buffer.concat(chunks) } : {}),
      });
      handler(request, context(database, clock))
        .then(async (response) => {
          const out: Record<string, string | string[]> = {};
          response.headers.forEach((value, name) => {
            if (name !== 'set-cookie') out[name] = value;
          });
          const cookies = response.headers.getSetCookie();
          if (cookies.length) out['set-cookie'] = cookies;
          res.writeHead(response.status, out);
          res.end(Buffer.from(await response.arrayBuffer()));
        })
        .catch((error: unknown) => {
          res.writeHead(500).end(String(error));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A signed-in account talking to the API over HTTP. */
export function apiClient(base: string) {
  let cookie = '';
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const session = response.headers
      .getSetCookie()
      .find((line) => line.startsWith('hm_session='))
      ?.split(';')[0];
    if (session) cookie = session;
    return response;
  };
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body: unknown) => call('POST', path, body),
  };
}
