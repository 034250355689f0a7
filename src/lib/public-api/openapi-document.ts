import { z } from 'zod';
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiResponseObject,
} from 'zod-openapi';
import type { oas31 } from 'zod-openapi';
import { commands } from '../commands/catalog';
import { publicFieldsOf } from '../commands/public-fields';
import { kindDescriptions } from '../records/kinds';
import * as requests from '../contracts/public-api-requests';
import * as publicApi from '../contracts/public-api';
import { notJson, routes, type RouteKey } from '../contracts/routes';
import { errorBody } from '../contracts/shape';
import { RATE_LIMIT } from './rate-limit-figures';

// The public API's OpenAPI 3.1 document (issue 50), written by zod-openapi from the schemas the
// server itself parses and answers with: the bodies from the catalog's commands
// (../contracts/public-api-requests.ts), the answers from routes.ts. No schema is copied here;
// what this file adds is what a schema cannot say: a summary, the headers, which errors an
// operation can answer and why. Served at GET /api/v1/openapi.json and read by /api/docs at
// build time; tests/server/openapi-check.ts checks every /api/v1 answer of the server tests
// against it, so an answer that drifts from the document fails a test.

/** The public routes, as routes.ts names them. */
type PublicRoute = Extract<RouteKey, `${string} /api/v1/${string}`>;

/** Errors an operation may answer, with what each means there. */
type Errors = Partial<Record<400 | 401 | 403 | 404 | 409 | 412 | 413 | 422 | 428 | 429, string>>;

interface Operation {
  /** operationId: a stable name for generated clients. */
  id: string;
  summary: string;
  description?: string;
  /** Tag grouping the reference page's sections. */
  tag: 'Account' | 'Time entries' | 'Timer' | 'Workspace' | 'Reference';
  /** No token needed (the document itself). */
  open?: true;
  query?: z.AnyZodObject;
  body?: z.ZodTypeAny;
  /** The body may be left out altogether. */
  bodyOptional?: true;
  idempotent?: true;
  ifMatch?: true;
  /** Headers the success answer carries. */
  etag?: true;
  location?: true;
  errors: Errors;
}

const tokenErrors = {
  401: 'No token, or one that is unknown, revoked, expired or whose person left the workspace (WWW-Authenticate: Bearer).',
} as const;
const writeErrors = {
  ...tokenErrors,
  403: 'A read-only token (insufficient_scope), or what the role may not do (forbidden).',
} as const;
const gone = 'The workspace no longer exists.';
const tooLarge = 'The body is larger than 16 KB.';
const reused = 'The Idempotency-Key was used with another request in the last 24 hours.';
const badRequest =
  'A field, query parameter or header is missing or malformed (fields names each), or the request carries both a token and a session cookie (two_credentials).';

/** List and read of a kind of the workspace (clients, projects, tasks, members). */
function kindOperations<P extends string>(
  plural: P,
  label: string,
  name: string,
  hides: string,
): Record<`GET /api/v1/${P}` | `GET /api/v1/${P}/{id}`, Operation> {
  const list = `GET /api/v1/${plural}` as const;
  const one = `GET /api/v1/${plural}/{id}` as const;
  const ops: Record<string, Operation> = {
    [list]: {
      id: `list${name}s`,
      summary: `List ${label}s`,
      description: `The ${label}s the role may see, oldest made first, one page at a time (as time entries page). ${hides}`,
      tag: 'Workspace',
      query: requests.recordsQuery,
      errors: { 400: badRequest, ...tokenErrors },
    },
    [one]: {
      id: `get${name}`,
      summary: `Read a ${label}`,
      tag: 'Workspace',
      etag: true,
      errors: {
        400: badRequest,
        ...tokenErrors,
        404: `No such ${label}, or not one the person may see.`,
      },
    },
  };
  return ops;
}

/** Create and change of a kind (clients, projects, tasks, members), as the catalog's commands for it. */
function kindWrites<P extends string>(
  plural: P,
  kind: 'client' | 'project' | 'task' | 'member',
  name: string,
  who: string,
): Record<`POST /api/v1/${P}` | `PATCH /api/v1/${P}/{id}`, Operation> {
  const { label, commands: named } = kindDescriptions[kind];
  const catalog: Record<string, { summary: string }> = commands;
  const archive = 'status' in (publicFieldsOf(kind).shape as object);
  const ops: Record<string, Operation> = {
    [`POST /api/v1/${plural}`]: {
      id: `create${name}`,
      summary: `Add a ${label}`,
      description: `${catalog[named.create]?.summary ?? ''} Fields left out take the Add form’s starting values. ${who} Rates are whole minor units of the workspace’s currency.`,
      tag: 'Workspace',
      body: requests.createRecordBody(kind),
      idempotent: true,
      etag: true,
      location: true,
      errors: { 400: badRequest, ...writeErrors, 404: gone, 413: tooLarge, 422: reused },
    },
    [`PATCH /api/v1/${plural}/{id}`]: {
      id: `update${name}`,
      summary: `Change ${archive ? 'or archive ' : ''}a ${label}`,
      description: `${catalog[named.edit]?.summary ?? ''}${archive ? ' Archive it with { "status": "Archived" } and restore it with "Active", as the app’s Archive does.' : ''} ${who} A 204 means the change took it out of what the person may see.`,
      tag: 'Workspace',
      body: requests.changeRecordBody(kind),
      ifMatch: true,
      etag: true,
      errors: {
        400: badRequest,
        ...writeErrors,
        404: `No such ${label}, or not one the person may see.`,
        412: `The ${label} changed since it was read: the answer carries its current ETag.`,
        413: tooLarge,
        428: 'If-Match is missing.',
      },
    },
  };
  return ops;
}

/** What the document says of each public route beyond its schemas. */
const operations: Record<PublicRoute, Operation> = {
  ...kindOperations(
    'clients',
    'client',
    'Client',
    'Contact and billing details are there only for Admins.',
  ),
  ...kindWrites('clients', 'client', 'Client', 'Admins only.'),
  ...kindWrites(
    'projects',
    'project',
    'Project',
    'Admins add projects; a project’s Managers change it, but not its rate nor whether it asks for approval.',
  ),
  ...kindWrites(
    'tasks',
    'task',
    'Task',
    'Admins, and Managers on the task’s project; only Admins set a rate.',
  ),
  ...kindWrites(
    'members',
    'member',
    'Member',
    'Admins only. A new member has no role unless the body names one, so `role` is required. A rate change applies to every entry not yet invoiced unless `rateHistory` keeps the earlier rates for earlier days.',
  ),
  ...kindOperations(
    'projects',
    'project',
    'Project',
    'A team member sees the projects they are on; the rate and budget are there only for those who may see amounts.',
  ),
  ...kindOperations(
    'tasks',
    'task',
    'Task',
    'Tasks of the projects the person sees; the rate is there only for those who may see amounts.',
  ),
  ...kindOperations(
    'members',
    'team member',
    'Member',
    'A team member sees themselves; rates only for those who may see amounts, notes only for Admins.',
  ),
  'GET /api/v1/tags': {
    id: 'listTags',
    summary: 'List tags',
    description:
      'The tags on the time entries the role may see (a tag is a word in an entry’s tags, so it has no id), in the app’s order, one page at a time.',
    tag: 'Workspace',
    query: requests.recordsQuery,
    errors: { 400: badRequest, ...tokenErrors },
  },
  'GET /api/v1/teams': {
    id: 'listTeams',
    summary: 'List teams',
    description:
      'The workspace’s teams with their members and leads, oldest made first, one page at a time. Only those who may manage teams (Admins) may read them.',
    tag: 'Workspace',
    query: requests.recordsQuery,
    errors: { 400: badRequest, ...tokenErrors, 403: 'The role may not read teams (forbidden).' },
  },
  'GET /api/v1/teams/{id}': {
    id: 'getTeam',
    summary: 'Read a team',
    tag: 'Workspace',
    errors: {
      400: badRequest,
      ...tokenErrors,
      403: 'The role may not read teams (forbidden).',
      404: 'No such team.',
    },
  },
  'GET /api/v1/openapi.json': {
    id: 'getOpenApiDocument',
    summary: 'This document',
    description: 'The OpenAPI 3.1 document of the API. Needs no token.',
    tag: 'Reference',
    open: true,
    errors: { 400: 'A query parameter was given: the document takes none.' },
  },
  'GET /api/v1/me': {
    id: 'getMe',
    summary: 'Who the token acts as',
    description: 'The person, their role in the workspace today, and the workspace.',
    tag: 'Account',
    errors: { 400: badRequest, ...tokenErrors, 404: gone },
  },
  'GET /api/v1/time-entries': {
    id: 'listTimeEntries',
    summary: 'List time entries',
    description:
      'The entries the role may see, oldest made first, one page at a time: pass nextCursor back as cursor (with the same filters) until it is null. An entry edited or deleted between pages is never repeated nor skipped.',
    tag: 'Time entries',
    query: requests.entriesQuery,
    errors: { 400: badRequest, ...tokenErrors },
  },
  'POST /api/v1/time-entries': {
    id: 'createTimeEntry',
    summary: 'Add a time entry',
    description: commands.addLog.summary,
    tag: 'Time entries',
    body: requests.createEntryBody,
    idempotent: true,
    etag: true,
    location: true,
    errors: {
      400: badRequest,
      ...writeErrors,
      404: gone,
      413: tooLarge,
      422: reused,
    },
  },
  'GET /api/v1/time-entries/{id}': {
    id: 'getTimeEntry',
    summary: 'Read a time entry',
    tag: 'Time entries',
    etag: true,
    errors: {
      400: badRequest,
      ...tokenErrors,
      404: 'No such entry, or not one the person may see.',
    },
  },
  'PATCH /api/v1/time-entries/{id}': {
    id: 'updateTimeEntry',
    summary: 'Change a time entry',
    description: commands.editLog.summary,
    tag: 'Time entries',
    body: requests.changeEntryBody,
    ifMatch: true,
    etag: true,
    errors: {
      400: badRequest,
      ...writeErrors,
      404: 'No such entry, or not one the person may see.',
      412: 'The entry changed since it was read: the answer carries its current ETag.',
      413: tooLarge,
      428: 'If-Match is missing.',
    },
  },
  'DELETE /api/v1/time-entries/{id}': {
    id: 'deleteTimeEntry',
    summary: 'Delete a time entry',
    tag: 'Time entries',
    ifMatch: true,
    errors: {
      400: badRequest,
      ...writeErrors,
      404: 'No such entry, or not one the person may see.',
      412: 'The entry changed since it was read: the answer carries its current ETag.',
      428: 'If-Match is missing.',
    },
  },
  'POST /api/v1/time-entries/submit': {
    id: 'submitTimeEntries',
    summary: 'Send entries for approval',
    description: `${commands.submitWeek.summary} As Submit week does on Track: pending or rejected entries on projects that ask for approval, the person’s own (or, for a Manager or an Admin, those they may change). One entry the person may not submit refuses them all. The answer is the entries as the change left them.`,
    tag: 'Time entries',
    body: requests.submitEntriesBody,
    idempotent: true,
    errors: { 400: badRequest, ...writeErrors, 404: gone, 413: tooLarge, 422: reused },
  },
  'POST /api/v1/time-entries/review': {
    id: 'reviewTimeEntries',
    summary: 'Approve or reject entries',
    description: `${commands.reviewLogs.summary} An Admin reviews any submitted entry; a Manager those of the projects they are on, never their own; nobody else. A rejection needs a note. One entry the person may not decide on refuses them all. The answer is the entries as the change left them.`,
    tag: 'Time entries',
    body: requests.reviewEntriesBody,
    idempotent: true,
    errors: { 400: badRequest, ...writeErrors, 404: gone, 413: tooLarge, 422: reused },
  },
  'GET /api/v1/timer': {
    id: 'getTimer',
    summary: 'Read the timer',
    description: 'The stopwatch of the token’s person: whether it runs, since when, and what for.',
    tag: 'Timer',
    errors: { 400: badRequest, ...tokenErrors },
  },
  'POST /api/v1/timer/start': {
    id: 'startTimer',
    summary: 'Start the timer',
    description: `${commands.startTimer.summary} It starts when the request arrives, on that day in the workspace’s time zone. The body may be left out to run for nothing in particular.`,
    tag: 'Timer',
    body: requests.startTimerBody,
    bodyOptional: true,
    idempotent: true,
    errors: { 400: badRequest, ...writeErrors, 404: gone, 413: tooLarge, 422: reused },
  },
  'POST /api/v1/timer/stop': {
    id: 'stopTimer',
    summary: 'Stop the timer',
    description: `${commands.stopTimer.summary} It stops when the request arrives.`,
    tag: 'Timer',
    idempotent: true,
    errors: {
      400: badRequest,
      ...writeErrors,
      404: gone,
      409: 'The timer is not running (not_running).',
      422: reused,
    },
  },
};

const etagHeader: oas31.HeaderObject = {
  description: 'The version of what was read: send it back as If-Match to change it',
  schema: { type: 'string', pattern: '^"\\d+"$' },
};
const idempotencyKey = z
  .string()
  .regex(requests.idempotencyKeyPattern)
  .optional()
  .describe(
    'A key of your choosing (a UUID): a retry with the same key and body within 24 hours gets the first answer, and makes nothing again',
  );
const ifMatch = z
  .string()
  .describe('The ETag read last (or *): the change is made only if the entry still has it');

// The rate limit's headers (src/server/public-api/rate-limits.ts). Every answer to a request with
// a valid token carries them; a 401 (no valid token, so nothing to count against) and a 400 or
// 413 refused before the token is read may not, so there they are declared but not required.
const rateLimitHeaders = (required: boolean): Record<string, oas31.HeaderObject> => ({
  'RateLimit-Limit': {
    description: `Requests the token may make per minute: ${RATE_LIMIT.limit}, refilled evenly (${RATE_LIMIT.limit / (RATE_LIMIT.windowMs / 1000)} a second)`,
    required,
    schema: { type: 'string', pattern: '^\\d+$' },
  },
  'RateLimit-Remaining': {
    description: 'Requests the token may still make at once',
    required,
    schema: { type: 'string', pattern: '^\\d+$' },
  },
  'RateLimit-Reset': {
    description: 'Seconds until the whole allowance is back',
    required,
    schema: { type: 'string', pattern: '^\\d+$' },
  },
  'RateLimit-Policy': {
    description: `The allowance and its window in seconds: ${RATE_LIMIT.limit};w=${RATE_LIMIT.windowMs / 1000}`,
    required,
    schema: { type: 'string' },
  },
});
const unrequiredRateHeaders = new Set(['400', '401', '413']);
const overLimit = `Too many requests with this token: more than ${RATE_LIMIT.limit} a minute (rate_limited). Wait Retry-After seconds.`;

const statusText: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  400: 'Bad request',
  401: 'Unauthenticated',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  412: 'Precondition failed',
  413: 'Payload too large',
  422: 'Unprocessable',
  428: 'Precondition required',
  429: 'Too many requests',
};

function operationOf(route: PublicRoute, spec: Operation): ZodOpenApiOperationObject {
  const path = route.split(' ')[1] ?? '';
  const answers: Record<number, z.ZodTypeAny | typeof notJson> = routes[route];
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  for (const [status, schema] of Object.entries(answers)) {
    const headers: Record<string, oas31.HeaderObject> = {
      ...(spec.etag && status !== '204'
        ? {
            ETag: {
              ...etagHeader,
              // A replayed create is the first answer's body, without the tag it then had.
              required: !spec.idempotent,
            },
          }
        : {}),
      ...(spec.location && status === '201'
        ? {
            Location: {
              description: 'The address of what was made',
              required: !spec.idempotent,
              schema: { type: 'string' },
            },
          }
        : {}),
      ...(spec.idempotent
        ? {
            'Idempotent-Replayed': {
              description: 'Present when this is the answer kept for an Idempotency-Key',
              schema: { type: 'string', const: 'true' },
            },
          }
        : {}),
    };
    if (!spec.open) Object.assign(headers, rateLimitHeaders(true));
    responses[status] = {
      description: statusText[Number(status)] ?? status,
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      ...(status === '204' || schema === notJson
        ? {}
        : { content: { 'application/json': { schema } } }),
    };
  }
  const errors: Errors = spec.open ? spec.errors : { ...spec.errors, 429: overLimit };
  for (const [status, why] of Object.entries(errors)) {
    const headers: Record<string, oas31.HeaderObject> = {
      ...(status === '412' ? { ETag: { ...etagHeader, required: true } } : {}),
      ...(status === '429'
        ? {
            'Retry-After': {
              description: 'Seconds until the next request will pass',
              required: true,
              schema: { type: 'string', pattern: '^\\d+$' },
            },
          }
        : {}),
      ...(spec.open ? {} : rateLimitHeaders(!unrequiredRateHeaders.has(status))),
    };
    responses[status] = {
      description: `${statusText[Number(status)] ?? status}: ${why}`,
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      content: { 'application/json': { schema: errorBody } },
    };
  }
  const header = {
    ...(spec.idempotent ? { 'Idempotency-Key': idempotencyKey } : {}),
    ...(spec.ifMatch ? { 'If-Match': ifMatch } : {}),
  };
  return {
    operationId: spec.id,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: [spec.tag],
    ...(spec.open ? { security: [] } : {}),
    requestParams: {
      ...(path.includes('{id}') ? { path: z.object({ id: requests.publicId }) } : {}),
      ...(spec.query ? { query: spec.query } : {}),
      ...(Object.keys(header).length > 0 ? { header: z.object(header) } : {}),
    },
    ...(spec.body
      ? {
          requestBody: {
            required: !spec.bodyOptional,
            content: { 'application/json': { schema: spec.body } },
          },
        }
      : {}),
    responses,
  };
}

/** The public routes routes.ts lists, in its order. */
export const publicRoutes = Object.keys(routes).filter((key): key is PublicRoute =>
  key.includes(' /api/v1/'),
);

/** The OpenAPI 3.1 document of /api/v1. */
export function openApiDocument(serverUrl = '/'): oas31.OpenAPIObject {
  const paths: Record<string, Record<string, ZodOpenApiOperationObject>> = {};
  for (const route of publicRoutes) {
    const [method = '', path = ''] = route.split(' ');
    const spec = operations[route];
    (paths[path] ??= {})[method.toLowerCase()] = operationOf(route, spec);
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Hourmark API',
      version: '1',
      description:
        'Time entries and the timer of a Hourmark workspace, for scripts and other apps. Every request carries a personal access token (Account setting → API access tokens) and acts as its person, with the role they hold today. JSON names are camelCase, ids are strings, instants RFC 3339 with an offset, durations integer seconds, money integer minor units with its currency. Errors are { error, message, fields? }.',
    },
    servers: [{ url: serverUrl }],
    security: [{ token: [] }],
    tags: [
      { name: 'Account', description: 'Who a token acts as.' },
      { name: 'Time entries', description: 'Logs of time, read and written as on Track.' },
      { name: 'Timer', description: 'The stopwatch of the token’s person.' },
      {
        name: 'Workspace',
        description:
          'Clients, projects, tasks, team members, tags and teams, as the role may see them.',
      },
      { name: 'Reference', description: 'This document.' },
    ],
    paths,
    components: {
      securitySchemes: {
        token: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'hm_ followed by 43 base64url characters',
          description:
            'A personal access token, made on Account setting: Authorization: Bearer hm_…',
        },
      },
      schemas: {
        // The very instances the answers use, so each is written once and referred to.
        Error: errorBody,
        TimeEntry: publicApi.publicTimeEntry,
        Timer: publicApi.publicTimer,
        Client: publicApi.publicClient,
        Project: publicApi.publicProject,
        Task: publicApi.publicTask,
        Member: publicApi.publicMember,
        Tag: publicApi.publicTag,
        Team: publicApi.publicTeam,
      },
    },
  });
}
