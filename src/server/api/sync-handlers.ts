import type { Answer } from '../../lib/contracts/shape';
import type { pushResponse } from '../../lib/contracts/sync';
import type { createdWorkspaceResponse, workspacesResponse } from '../../lib/contracts/workspace';
import { isValidDay } from '../../lib/day';
import { pushBody } from '../../lib/sync/mutations';
import { parseBody } from '../http/body';
import { apiError, json, jsonWithRawArray } from '../http/responses';
import { decodeCursor, pull, pullPageSize } from '../sync/pull';
import { pullGate } from '../sync/pull-gate';
import { push } from '../sync/push';
import { openStream, STREAM_LIMITS } from '../sync/poke';
import {
  createWorkspace,
  MAX_OWN_WORKSPACES,
  membershipOf,
  workspacesOf,
  workspaceVersion,
} from '../sync/workspaces';
import { newWorkspaceBody } from './schemas';
import type { HandlerContext } from './context';
import { refreshed, signedIn, unauthenticated } from './signed-in';

/** A push of up to 500 mutations with long descriptions fits; anything bigger is refused. */
const MAX_PUSH_BYTES = 1024 * 1024;

const notMember = () => apiError(403, 'not_member', 'You are not a member of this workspace.');

/** GET /sync/workspaces: the workspaces the signed-in person belongs to. */
export async function handleWorkspaces(request: Request, ctx: HandlerContext): Promise<Response> {
  const session = await signedIn(request, ctx);
  if (!session) return unauthenticated();
  return json(
    200,
    {
      workspaces: await workspacesOf(ctx.database.db, session.user.id),
    } satisfies Answer<typeof workspacesResponse>,
    refreshed(session, request, ctx),
  );
}

/** POST /sync/workspaces { name }: a new workspace with the caller as its Admin. */
export async function handleCreateWorkspace(
  request: Request,
  ctx: HandlerContext,
): Promise<Response> {
  const session = await signedIn(request, ctx);
  if (!session) return unauthenticated();
  const body = await parseBody(request, newWorkspaceBody);
  if (!body.ok) return body.response;
  const created = await createWorkspace(
    ctx.database.db,
    session.user,
    body.value.name,
    ctx.now(),
    body.value.timeZone,
  );
  if (!created)
    return apiError(
      409,
      'too_many_workspaces',
      `You belong to ${MAX_OWN_WORKSPACES} workspaces, the most one person can. Leave or delete one first.`,
    );
  return json(
    201,
    { workspace: created } satisfies Answer<typeof createdWorkspaceResponse>,
    refreshed(session, request, ctx),
  );
}

/** POST /sync/push: applies a batch of named mutations and answers each with ok or a reason. */
export async function handlePush(request: Request, ctx: HandlerContext): Promise<Response> {
  const session = await signedIn(request, ctx);
  if (!session) return unauthenticated();
  const body = await parseBody(request, pushBody, MAX_PUSH_BYTES);
  if (!body.ok) return body.response;
  const outcome = await push(ctx.database.db, session.user.id, body.value, ctx.now());
  if (outcome.kind === 'forbidden')
    return outcome.reason === 'not_member'
      ? notMember()
      : apiError(403, 'foreign_client', 'This client id belongs to another account or workspace.');
  if (outcome.kind === 'reused')
    return apiError(
      409,
      'mutation_ids_reused',
      'This device numbered new changes like changes already saved, so none of these were saved: send them again under a new client id.',
    );
  const { results, lastMutationId, version } = outcome;
  return json(
    200,
    { results, lastMutationId, version } satisfies Answer<typeof pushResponse>,
    refreshed(session, request, ctx),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const VERSION = /^(0|[1-9]\d{0,15})$/;

/** GET /sync/pull?workspace=…&cookie=…[&upTo=…&cursor=…]: what changed since the cookie. */
export async function handlePull(request: Request, ctx: HandlerContext): Promise<Response> {
  const session = await signedIn(request, ctx);
  if (!session) return unauthenticated();
  const params = new URL(request.url).searchParams;
  const workspaceId = params.get('workspace') ?? '';
  const cookie = params.get('cookie');
  const upTo = params.get('upTo');
  const cursorText = params.get('cursor');
  const cursor = cursorText === null ? null : decodeCursor(cursorText);
  const logsFrom = params.get('logsFrom');
  const fields: Record<string, string> = {};
  if (!UUID.test(workspaceId)) fields['workspace'] = 'Must be a workspace id';
  if (cookie !== null && cookie !== '' && !VERSION.test(cookie))
    fields['cookie'] = 'Must be a cookie from an earlier pull';
  if (upTo !== null && !VERSION.test(upTo)) fields['upTo'] = 'Must be the cookie of the first page';
  if (cursorText !== null && cursor === null)
    fields['cursor'] = 'Must be the next value of an earlier page';
  if (logsFrom !== null && !isValidDay(logsFrom))
    fields['logsFrom'] = 'Must be a day as YYYY-MM-DD';
  if (Object.keys(fields).length > 0)
    return apiError(400, 'invalid_request', 'Some query parameters are missing or invalid.', {
      fields,
    });
  // A device that hung up before its turn wants no answer: nothing is read for it.
  if (request.signal.aborted) return apiError(400, 'aborted', 'The request was abandoned.');
  const done = await pullGate.enter(() => {
    // This pull holds one of the running slots: another in use, or one in line, is another pull.
    const load = pullGate.load();
    const othersPulling = load.running > 1 || load.waiting > 0;
    return pull(
      ctx.database.db,
      session.user.id,
      {
        workspaceId,
        cookie: cookie ? Number(cookie) : null,
        upTo: upTo === null ? null : Number(upTo),
        cursor,
        logsFrom,
      },
      pullPageSize(ctx.database.kind, othersPulling),
      othersPulling,
    );
  }, request.signal);
  if (done === 'abandoned') return apiError(400, 'aborted', 'The request was abandoned.');
  if (done === 'busy') {
    const wait = pullGate.retryAfter();
    return apiError(503, 'server_busy', 'The server is busy. Your device asks again in a moment.', {
      headers: { 'Retry-After': String(wait) },
    });
  }
  const outcome = done.value;
  if (outcome.kind === 'forbidden') return notMember();
  const { kind: _kind, changes, ...answer } = outcome;
  return jsonWithRawArray(200, answer, 'changes', changes, refreshed(session, request, ctx));
}

/** Seconds between keep-alive comments, under the idle timeouts of common proxies (60 s). */
const KEEP_ALIVE_MS = 25_000;

const tooManyStreams: Record<'device' | 'account' | 'process', string> = {
  device: `This browser has ${STREAM_LIMITS.perDevice} live-update streams open, the most one may hold. It keeps checking for changes every 30 seconds.`,
  account: `Your account has ${STREAM_LIMITS.perAccount} live-update streams open, the most one may hold. This browser keeps checking for changes every 30 seconds.`,
  process:
    'The server holds as many live-update streams as it can. This browser keeps checking for changes every 30 seconds.',
};

/**
 * GET /sync/poke?workspace=…: a Server-Sent Events stream that says `event: poke` with the new
 * version whenever the workspace changes, from any server process; the device then pulls. It
 * ends when the person's role or membership changes; past the limits it is refused with 429.
 */
export async function handlePoke(request: Request, ctx: HandlerContext): Promise<Response> {
  const session = await signedIn(request, ctx);
  if (!session) return unauthenticated();
  const workspaceId = new URL(request.url).searchParams.get('workspace') ?? '';
  if (!UUID.test(workspaceId))
    return apiError(400, 'invalid_request', 'Some query parameters are missing or invalid.', {
      fields: { workspace: 'Must be a workspace id' },
    });
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let open = true;
  let keepAlive: ReturnType<typeof setInterval> | undefined;
  let release = () => {};
  const finish = () => {
    if (!open) return;
    open = false;
    clearInterval(keepAlive);
    release();
    try {
      controller?.close();
    } catch {
      // Already closed or cancelled by the browser.
    }
  };
  const send = (text: string) => {
    if (!open) return;
    try {
      controller?.enqueue(encoder.encode(text));
    } catch {
      finish();
    }
  };
  // The slot is taken (and the person's access changes heard) before membership is read, so an
  // archiving committed in between still ends this stream.
  const held = await openStream(
    ctx.database,
    { workspaceId, userId: session.user.id, sessionId: session.sessionId },
    {
      poke: (version) => send(`event: poke\ndata: ${JSON.stringify({ version })}\n\n`),
      changes: (patch) => send(`event: changes\ndata: ${JSON.stringify(patch)}\n\n`),
      notice: () => send('event: notice\ndata: {}\n\n'),
      end: finish,
    },
  );
  if (!held.ok) return apiError(429, 'too_many_streams', tooManyStreams[held.limit]);
  release = held.close;
  if (!open) release();
  const membership = await membershipOf(ctx.database.db, session.user.id, workspaceId);
  if (!membership) {
    finish();
    return notMember();
  }
  // From the version now on, changes come down the stream as rows; the device's pull on `ready`
  // brings it this far. A change of rights committed between these two reads is caught by the
  // next delivery, which compares the membership's `resetVersion` with the database's.
  const version = await workspaceVersion(ctx.database.db, workspaceId);
  held.follow(membership, version);
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      if (!open) return c.close();
      keepAlive = setInterval(() => send(': keep-alive\n\n'), KEEP_ALIVE_MS);
      request.signal.addEventListener('abort', finish);
      if (request.signal.aborted) finish();
      // Tells the browser how long to wait before reconnecting, and that the stream is live.
      // Spread at random, so a team whose streams all dropped at once (a restart, a network
      // blip) does not come back in the same second. The version the rows follow from lets a
      // device whose pull already reached it skip pulling again (every page load used to pull
      // twice: once on opening, once on `ready`).
      send(
        `retry: ${3000 + Math.floor(Math.random() * 5000)}\nevent: ready\ndata: ${JSON.stringify({ version })}\n\n`,
      );
    },
    cancel() {
      finish();
    },
  });
  return new Response(stream, {
    status: 200,
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      // nginx would otherwise buffer the stream and deliver pokes late.
      'X-Accel-Buffering': 'no',
      ...refreshed(session, request, ctx),
    },
  });
}
