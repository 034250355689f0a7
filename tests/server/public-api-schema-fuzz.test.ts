import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { oas31 } from 'zod-openapi';
import * as handlers from '../../src/server/api/public-api-handlers';
import * as records from '../../src/server/api/public-record-handlers';
import * as teams from '../../src/server/api/public-team-handlers';
import * as timer from '../../src/server/api/public-timer-handlers';
import type { Database } from '../../src/server/db/connect';
import { makeToken } from './api-token-support';
import { handleSaveTeam } from '../../src/server/api/team-handlers';
import { context, drivers, fakeClock, post } from './support';
import {
  clientFields,
  joinWorkspace,
  projectFields,
  pusher,
  signUp,
  teamMember,
  timeLogFields,
  type SignedUp,
} from './workspace-support';

// Issue 50: a fuzzer driven by the OpenAPI document a script reads (GET /api/v1/openapi.json):
// for every operation it lists, requests are made from the operation's own parameters and body
// schema (mostly plausible values, some junk), with a read-write token of each role. None may
// answer 5xx, and every answer is checked against the document by the contract check every
// server test runs (tests/server/openapi-check.ts): a status it does not declare, a missing
// header or a body off its schema fails here.

type Handler = (request: Request, ctx: ReturnType<typeof context>) => Promise<Response>;

/** The handler of each operation, by the document's operationId. */
const byOperation: Record<string, Handler> = {
  getOpenApiDocument: records.handleOpenApiDocument,
  getMe: handlers.handlePublicMe,
  listTimeEntries: handlers.handlePublicTimeEntries,
  createTimeEntry: handlers.handlePublicCreateEntry,
  getTimeEntry: handlers.handlePublicTimeEntry,
  updateTimeEntry: handlers.handlePublicUpdateEntry,
  deleteTimeEntry: handlers.handlePublicDeleteEntry,
  submitTimeEntries: handlers.handlePublicSubmitEntries,
  reviewTimeEntries: handlers.handlePublicReviewEntries,
  getTimer: timer.handlePublicTimer,
  startTimer: timer.handlePublicStartTimer,
  stopTimer: timer.handlePublicStopTimer,
  listClients: records.handlePublicClients,
  createClient: records.handlePublicCreateClient,
  updateClient: records.handlePublicUpdateClient,
  createProject: records.handlePublicCreateProject,
  updateProject: records.handlePublicUpdateProject,
  createTask: records.handlePublicCreateTask,
  createMember: records.handlePublicCreateMember,
  updateMember: records.handlePublicUpdateMember,
  updateTask: records.handlePublicUpdateTask,
  getClient: records.handlePublicClient,
  listProjects: records.handlePublicProjects,
  getProject: records.handlePublicProject,
  listTasks: records.handlePublicTasks,
  getTask: records.handlePublicTask,
  listMembers: records.handlePublicMembers,
  getMember: records.handlePublicMember,
  listTags: teams.handlePublicTags,
  listTeams: teams.handlePublicTeams,
  getTeam: teams.handlePublicTeam,
};

/** Requests per operation and role. */
const PER_OPERATION = 40;

function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

type Schema = oas31.SchemaObject | oas31.ReferenceObject;

/** Values a pattern may accept: the first few that match it are the plausible ones. */
const candidates = [
  '2026-11-20',
  '2026-11-21',
  '09:30',
  '17:45',
  '+05:30',
  '"1"',
  '5',
  'p1',
  '',
  // A currency (the workspace's) and a country, which a client's or project's body may name.
  'INR',
  'IN',
];

describe.each(drivers)('fuzzing the public API from its OpenAPI document on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock();
  let ada: SignedUp;
  let document: oas31.OpenAPIObject;
  const ids = ['p1', 'p2', 'c1', 't1', 'm-man', 'm-norm', 'l1', 'l2', 'l3'];
  /** The ids of each collection (/api/v1/{collection}/{id}): what a path's id is mostly taken from. */
  const idsOf: Record<string, string[]> = {
    projects: ['p1', 'p2'],
    clients: ['c1'],
    tasks: ['t1'],
    members: ['m-man', 'm-norm'],
    'time-entries': ['l1', 'l2', 'l3'],
    teams: [],
    // Entries sent for approval, which only submissions and reviews name (so no fuzzed DELETE
    // takes them away before a review can find them).
    reviewable: ['l4', 'l5'],
  };
  const collectionOf = (path: string) => path.split('/')[3] ?? '';
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    ada = await signUp(database, { name: 'Ada', email: 'ada.schema-fuzz@example.com' }, clock);
    const push = pusher(
      () => database,
      () => ada.workspace.id,
      clock,
    );
    await push.ok(ada, 'createMember', { id: 'm-man', fields: teamMember('Mira', 'Manager') });
    await push.ok(ada, 'createMember', { id: 'm-norm', fields: teamMember('Nik', 'Normal') });
    await push.ok(ada, 'createClient', { id: 'c1', fields: clientFields('Acme') });
    await push.ok(ada, 'createProject', {
      id: 'p1',
      fields: { ...projectFields('Website', 'c1'), memberIds: ['m-man', 'm-norm'] },
    });
    await push.ok(ada, 'createProject', { id: 'p2', fields: projectFields('Audit', null) });
    await push.ok(ada, 'createTask', {
      id: 't1',
      fields: { projectId: 'p1', task: 'Design', assigneeIds: [], billableRate: 1200 },
    });
    for (const [id, memberId] of [
      ['l1', 'm-norm'],
      ['l2', 'm-man'],
      ['l3', null],
    ] as const)
      await push.ok(ada, 'addTimeLog', {
        id,
        fields: { ...timeLogFields('2026-11-20', 'p1', 1800), memberId },
      });
    for (const id of ['l4', 'l5'])
      await push.ok(ada, 'addTimeLog', {
        id,
        fields: {
          ...timeLogFields('2026-11-19', 'p1', 900),
          memberId: 'm-norm',
          status: 'submitted',
        },
      });
    const join = (name: string, role: 'Manager' | 'Normal', memberId: string) =>
      joinWorkspace(
        database,
        ada.workspace.id,
        { name, email: `${name.toLowerCase()}.schema-fuzz@agency.test` },
        role,
        memberId,
        clock,
      );
    const mira = await join('Mira', 'Manager', 'm-man');
    const nik = await join('Nik', 'Normal', 'm-norm');
    tokens['Admin'] = (await makeToken(database, ada, 'write', clock)).token;
    tokens['Manager'] = (
      await makeToken(database, { ...mira, workspace: ada.workspace }, 'write', clock)
    ).token;
    tokens['Normal'] = (
      await makeToken(database, { ...nik, workspace: ada.workspace }, 'write', clock)
    ).token;
    const saved = await handleSaveTeam(
      post(
        '/api/teams',
        { workspaceId: ada.workspace.id, name: 'Design', memberIds: ['m-man'], leadIds: [] },
        ada.cookie,
      ),
      context(database, clock),
    );
    idsOf['teams']?.push(((await saved.json()) as { team: { id: string } }).team.id);
    const res = await records.handleOpenApiDocument(
      new Request('https://hourmark.test/api/v1/openapi.json'),
      context(database, clock),
    );
    document = (await res.json()) as oas31.OpenAPIObject;
  });
  afterAll(async () => drop());

  const resolve = (schema: Schema): oas31.SchemaObject => {
    if (!('$ref' in schema)) return schema;
    const name = schema.$ref.split('/').pop() ?? '';
    return (document.components?.schemas?.[name] ?? {}) as oas31.SchemaObject;
  };

  /** Something of no particular type: what a careless or hostile client sends. */
  const junk = (rand: () => number): unknown =>
    [null, -1, 1e12, 'x'.repeat(300), '\u0000', {}, [], true, '💥', ' '][Math.floor(rand() * 10)];

  /** A value for `schema`: mostly one it takes, sometimes junk. */
  function sample(given: Schema, rand: () => number, depth = 0): unknown {
    const schema = resolve(given);
    if (rand() < 0.1 || depth > 3) return junk(rand);
    if (schema.const !== undefined) return schema.const;
    if (schema.enum) return schema.enum[Math.floor(rand() * schema.enum.length)];
    const options = schema.anyOf ?? schema.oneOf;
    if (options) return sample(options[Math.floor(rand() * options.length)] ?? {}, rand, depth);
    const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'string'];
    const type = types[Math.floor(rand() * types.length)];
    const min = schema.minimum ?? 0;
    const max = Math.min(schema.maximum ?? 100_000, min + 100_000);
    switch (type) {
      case 'null':
        return null;
      case 'boolean':
        return rand() < 0.5;
      case 'integer':
        return Math.floor(min + rand() * (max - min));
      case 'number':
        return Math.round((min + rand() * (max - min)) * 100) / 100;
      case 'array':
        return Array.from({ length: Math.floor(rand() * 3) }, () =>
          sample(schema.items ?? {}, rand, depth + 1),
        );
      case 'object':
        return objectOf(schema, rand, depth + 1);
      default: {
        if (schema.format === 'date-time') return clock.now().toISOString();
        const pattern = schema.pattern ? new RegExp(schema.pattern) : null;
        const fits = candidates.filter((value) => pattern?.test(value) ?? true);
        if (fits.length > 0 && rand() < 0.8) return fits[Math.floor(rand() * fits.length)];
        return ids[Math.floor(rand() * ids.length)];
      }
    }
  }

  /** Where a field naming records (`projectId`, `logIds`, `assigneeIds`) takes its ids from. */
  const referenced: Record<string, string> = {
    log: 'reviewable',
    project: 'projects',
    client: 'clients',
    task: 'tasks',
    member: 'members',
    assignee: 'members',
    lead: 'members',
  };

  /** A plausible value of field `name`: ids of the records it names, mostly; else as its schema says. */
  function fieldOf(name: string, field: Schema, rand: () => number, depth: number): unknown {
    const [, what = '', many] = /^([a-z]+)Id(s?)$/.exec(name) ?? [];
    const from = idsOf[referenced[what] ?? ''];
    if (!from || from.length === 0 || rand() < 0.2) return sample(field, rand, depth);
    return many
      ? Array.from({ length: 1 + Math.floor(rand() * 2) }, () => pick(from, rand))
      : pick(from, rand);
  }

  function objectOf(schema: oas31.SchemaObject, rand: () => number, depth: number) {
    const required = new Set(schema.required ?? []);
    const out: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(schema.properties ?? {}))
      if (required.has(name) ? rand() < 0.95 : rand() < 0.4)
        out[name] = fieldOf(name, field, rand, depth);
    if (rand() < 0.05) out['unexpected'] = junk(rand);
    return out;
  }

  /** One of `from`; any id while a collection has none yet. */
  const pick = (from: string[], rand: () => number): string => {
    const list = from.length > 0 ? from : ids;
    return list[Math.floor(rand() * list.length)] ?? 'x';
  };

  /** A request for `operation` at `path` by `method`, with `token`. */
  function requestFor(
    path: string,
    method: string,
    operation: oas31.OperationObject,
    token: string,
    rand: () => number,
  ): Request {
    const url = new URL(
      `https://hourmark.test${path.replace('{id}', () =>
        pick(
          rand() < 0.8 ? (idsOf[collectionOf(path)] ?? ids) : rand() < 0.5 ? ids : ['no-such-id'],
          rand,
        ),
      )}`,
    );
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    for (const given of operation.parameters ?? []) {
      const parameter = given as oas31.ParameterObject;
      if (parameter.in === 'path' || (!parameter.required && rand() < 0.5)) continue;
      const value =
        parameter.name === 'If-Match'
          ? ['*', '*', '"1"', '"999999"'][Math.floor(rand() * 4)]
          : sample(parameter.schema ?? {}, rand);
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      if (parameter.in === 'query') url.searchParams.set(parameter.name, text);
      else headers[parameter.name] = text.replace(/[^\x20-\x7e]/g, '?');
    }
    const body = (operation.requestBody as oas31.RequestBodyObject | undefined)?.content[
      'application/json'
    ]?.schema;
    const sendBody =
      body &&
      (!(operation.requestBody as oas31.RequestBodyObject).required ? rand() < 0.7 : rand() < 0.97);
    return new Request(url, {
      method,
      headers: sendBody ? { ...headers, 'content-type': 'application/json' } : headers,
      ...(sendBody ? { body: JSON.stringify(sample(body, rand)) } : {}),
    });
  }

  it('has a handler for every operation the document lists', () => {
    const listed = Object.values(document.paths ?? {}).flatMap((item) =>
      (['get', 'post', 'patch', 'delete'] as const).flatMap((method) =>
        item[method]?.operationId ? [item[method].operationId] : [],
      ),
    );
    expect(listed.sort()).toEqual(Object.keys(byOperation).sort());
  });

  it(`answers ${PER_OPERATION} requests per operation and role made from the document, never 5xx and always as documented`, async () => {
    const rand = random(5020261129);
    const seen = new Map<string, Set<number>>();
    for (const [path, item] of Object.entries(document.paths ?? {}))
      for (const method of ['get', 'post', 'patch', 'delete'] as const) {
        const operation = item[method];
        if (!operation?.operationId) continue;
        const handler = byOperation[operation.operationId];
        if (!handler) throw new Error(`No handler for ${operation.operationId}`);
        for (const role of ['Admin', 'Manager', 'Normal'])
          for (let i = 0; i < PER_OPERATION; i += 1) {
            clock.advance(61_000);
            const request = requestFor(
              path,
              method.toUpperCase(),
              operation,
              tokens[role] ?? '',
              rand,
            );
            const res = await handler(request, context(database, clock));
            expect(res.status, `${role}: ${method} ${path} #${i}`).toBeLessThan(500);
            const statuses = seen.get(operation.operationId) ?? new Set<number>();
            seen.set(operation.operationId, statuses.add(res.status));
            // What a create made is worth reading, changing and deleting next.
            if (res.status === 201)
              idsOf[collectionOf(path)]?.push(
                ((await res.json()) as { data: { id: string } }).data.id,
              );
          }
      }
    // Plausible values reach past the schema checks: each operation succeeds at least once.
    const neverWorked = [...seen].filter(([, statuses]) => ![...statuses].some((s) => s < 300));
    expect(neverWorked.map(([id]) => id)).toEqual([]);
  }, 300_000);
});
