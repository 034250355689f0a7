import { contractBreach, routeOf } from '../../src/lib/contracts/routes';
import { errorBody } from '../../src/lib/contracts/shape';
import { checkAgainstDocument } from './openapi-check';

// Issue 48: every answer a server test gets from a handler is checked against its route's
// schema in src/lib/contracts/routes.ts. The handler modules are wrapped in tests/setup-server.ts;
// a request to an address no route declares, or an answer off its schema, throws, failing the
// test that made it: a new endpoint must declare its answers before its tests pass.

type Handler = (request: Request, ...rest: unknown[]) => Promise<Response>;

/** Throws when `response` to `request` breaks its route's contract. */
export async function checkAnswer(request: Request, response: Response): Promise<void> {
  await checkAgainstDocument(request, response);
  const url = new URL(request.url);
  const route = routeOf(request.method, url.pathname);
  const type = response.headers.get('content-type') ?? '';
  const isJson = type.startsWith('application/json');
  if (!route) {
    // A request no route takes (a fuzz test's wrong method) may be refused, in the error shape.
    if (response.status >= 400 && isJson) {
      const refused = errorBody.safeParse(await response.clone().json());
      if (refused.success) return;
    }
    throw new Error(`No contract for ${request.method} ${url.pathname}: add it to routes.ts`);
  }
  if (!isJson) {
    // Not read: a file's or a stream's body (the poke stream never ends). A JSON route
    // answering something else is a breach.
    const breach =
      response.status === 204 ? null : contractBreach(route, response.status, undefined);
    if (breach !== null) throw new Error(`${breach} (sent ${type})`);
    return;
  }
  const text = await response.clone().text();
  const body: unknown = text ? JSON.parse(text) : null;
  const breach = contractBreach(route, response.status, body);
  if (breach) throw new Error(`Answer off its contract: ${breach}`);
}

/** The module with each `handle…` export checking its answers. */
export function withContractChecks<M extends Record<string, unknown>>(module: M): M {
  const wrapped: Record<string, unknown> = { ...module };
  for (const [name, value] of Object.entries(module)) {
    if (!name.startsWith('handle') || typeof value !== 'function') continue;
    const handler = value as Handler;
    wrapped[name] = async (request: Request, ...rest: unknown[]) => {
      const response = await handler(request, ...rest);
      await checkAnswer(request, response);
      return response;
    };
  }
  return wrapped as M;
}
