// A small stand-in for the server's push and pull, for the sync engine's unit tests (the real
// ones are tested in tests/server/sync.test.ts): it records what reaches "the server", can
// refuse a mutation by name and can hold pulls. Like the real one, it answers a re-sent mutation
// from what it stored and refuses a push that reuses ids (409 mutation_ids_reused).
export interface Row {
  kind: string;
  id: string;
  version: number;
  deleted: boolean;
  data: Record<string, unknown> | null;
  createdAt: string;
  updatedAt: string;
}

export const server = {
  version: 0,
  rows: new Map<string, Row>(),
  lastMutationIds: {} as Record<string, number>,
  /** Per client id, what each applied id asked and was answered. */
  answered: new Map<string, Map<number, { sent: string; result: unknown }>>(),
  pushed: [] as { name: string; args: Record<string, unknown> }[],
  refuse: new Set<string>(),
  /** While set, pulls wait for it. */
  holdPulls: null as Promise<void> | null,
  /** While set, pushes wait for it before anything is applied. */
  holdPushes: null as Promise<void> | null,
  /** Rows per pull page (all in one page when 0), pinned to the first page's version. */
  pageSize: 0,
  /** Runs before a pull's second or later page is answered. */
  betweenPages: null as (() => Promise<void>) | null,
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

/** A client's fields as a command names them (everything but its id and when it was made). */
function fieldsOf(args: Record<string, unknown>): Record<string, unknown> {
  if ('fields' in args) return args['fields'] as Record<string, unknown>;
  const { id: _id, createdAt: _createdAt, ...fields } = args;
  return fields;
}

/** Applies a client's create or edit, sent as a command (or, from an old outbox, stored). */
function apply(name: string, args: Record<string, unknown>) {
  const id = String(args['id']);
  const key = `client:${id}`;
  const at = '2026-11-23T09:00:00.000Z';
  server.version += 1;
  if (name === 'createClient')
    server.rows.set(key, {
      kind: 'client',
      id,
      version: server.version,
      deleted: false,
      data: fieldsOf(args),
      createdAt: at,
      updatedAt: at,
    });
  const row = server.rows.get(key);
  if ((name === 'updateClient' || name === 'editClient') && row)
    server.rows.set(key, {
      ...row,
      version: server.version,
      data: { ...row.data, ...('changes' in args ? (args['changes'] as object) : fieldsOf(args)) },
    });
}

/** Applies one new mutation, or refuses it when its name is in `server.refuse`. */
function answer(m: { id: number; name: string; args: Record<string, unknown> }) {
  if (server.refuse.has(m.name))
    return {
      id: m.id,
      outcome: 'refused',
      reason: 'forbidden',
      message: 'You may not do that.',
    };
  server.pushed.push({ name: m.name, args: m.args });
  apply(m.name, m.args);
  return { id: m.id, outcome: 'ok' };
}

export async function fakeFetch(input: string, init?: { body?: string }): Promise<Response> {
  const url = new URL(input, 'http://hourmark.test');
  if (url.pathname === '/sync/workspaces')
    return json({ workspaces: [{ id: 'w1', name: 'Asha’s workspace', role: 'Admin' }] });
  if (url.pathname === '/sync/push') {
    const body = JSON.parse(init?.body ?? '{}') as {
      clientId: string;
      mutations: { id: number; name: string; args: Record<string, unknown> }[];
    };
    await server.holdPushes;
    const last = server.lastMutationIds[body.clientId] ?? 0;
    const seen =
      server.answered.get(body.clientId) ?? new Map<number, { sent: string; result: unknown }>();
    server.answered.set(body.clientId, seen);
    const sent = (m: { name: string; args: unknown }) => JSON.stringify([m.name, m.args]);
    const reused = body.mutations.some(
      (m, i) =>
        m.id <= (body.mutations[i - 1]?.id ?? 0) ||
        (m.id <= last && seen.get(m.id)?.sent !== sent(m)),
    );
    if (reused)
      return new Response(
        JSON.stringify({ error: 'mutation_ids_reused', message: 'Ids used before.' }),
        { status: 409, headers: { 'Content-Type': 'application/json' } },
      );
    const results = body.mutations.map((m) => {
      const stored = seen.get(m.id);
      if (stored) return stored.result;
      server.lastMutationIds[body.clientId] = m.id;
      const result = answer(m);
      seen.set(m.id, { sent: sent(m), result });
      return result;
    });
    return json({ results, lastMutationId: 0, version: server.version });
  }
  if (url.pathname === '/sync/pull') {
    await server.holdPulls;
    const cookie = Number(url.searchParams.get('cookie') ?? 0);
    const offset = Number(url.searchParams.get('cursor') ?? 0);
    if (offset > 0) await server.betweenPages?.();
    // Like the real server: later pages keep the first page's version, and rows changed since
    // are left for the next pull (they are overwritten in place, so their older values are gone).
    const upTo = Number(url.searchParams.get('upTo') ?? server.version);
    const changed = [...server.rows.values()]
      .filter((r) => r.version > cookie && r.version <= upTo)
      .sort((a, b) => a.version - b.version);
    const size = server.pageSize || changed.length || 1;
    const end = offset + size;
    return json({
      cookie: String(upTo),
      reset: cookie === 0,
      changes: changed.slice(offset, end),
      next: end < changed.length ? String(end) : null,
      // Read when each page is answered, as the real server does on later pages.
      lastMutationIds: { ...server.lastMutationIds },
      // The workspace's owner, as the real server says on every pull.
      access: {
        role: 'Admin',
        memberId: null,
        seesAmounts: true,
        rules: {
          timeZone: 'UTC',
          weekStart: 1,
          lockedUpTo: null,
          autoLock: null,
          managersSeeAmounts: false,
          requireProjectAndTask: false,
          durationFormat: 'clock',
        },
        currency: 'INR',
        teamMembers: null,
      },
    });
  }
  return new Response('{}', { status: 404 });
}

export const form = {
  name: 'Acme Ltd',
  contactPerson: '',
  email: 'hello@acme.test',
  phone: '',
  address: '',
  taxName: '',
  taxPercentage: '',
  taxNumber: '',
  vatNumber: '',
  country: '',
};

export const user = {
  id: 'u1',
  name: 'Asha',
  email: 'asha@example.com',
  createdAt: '2026-11-01T00:00:00Z',
};

/** Empties the stand-in server. */
export function resetServer(): void {
  Object.assign(server, {
    version: 0,
    rows: new Map(),
    lastMutationIds: {},
    answered: new Map(),
    pushed: [],
    refuse: new Set(),
    holdPulls: null,
    holdPushes: null,
    pageSize: 0,
    betweenPages: null,
  });
}
