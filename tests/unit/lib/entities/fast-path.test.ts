import { describe, expect, it, vi } from 'vitest';
import { z, type ZodTypeAny } from 'zod';
import { clientSchema } from '../../../../src/lib/entities/client';
import { memberSchema } from '../../../../src/lib/entities/member';
import { projectSchema } from '../../../../src/lib/entities/project';
import { taskSchema } from '../../../../src/lib/entities/task';
import { timeLogSchema } from '../../../../src/lib/entities/time-log';
import { fastClient } from '../../../../src/lib/entities/fast-client';
import { ISO_TIMESTAMP } from '../../../../src/lib/entities/fast-fields';
import { fastMember } from '../../../../src/lib/entities/fast-member';
import { fastProject } from '../../../../src/lib/entities/fast-project';
import { fastTaskObject } from '../../../../src/lib/entities/fast-task';
import { fastTimeLog } from '../../../../src/lib/entities/fast-time-log';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The read schemas try a fast decoder before zod (src/lib/entities/fast-path.ts). Whatever the
// input, the result must be zod's own: the same success, and the same keys in the same order
// with the same values.

const zodOnly = (schema: ZodTypeAny, value: unknown) =>
  z.ZodType.prototype.safeParse.call(schema, value) as z.SafeParseReturnType<unknown, unknown>;

/** A comparable picture of a value: key order, -0, NaN, undefined and holes included. */
function picture(value: unknown): unknown {
  if (typeof value === 'number') return `number:${Object.is(value, -0) ? '-0' : String(value)}`;
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return { array: Array.from(value, picture) };
  if (value instanceof Date) return `date:${value.getTime()}`;
  if (typeof value === 'object' && value !== null)
    return { keys: Object.entries(value).map(([k, v]) => [k, picture(v)]) };
  return value;
}

function expectSame(schema: ZodTypeAny, value: unknown) {
  const fast = schema.safeParse(value);
  const slow = zodOnly(schema, value);
  expect(fast.success, JSON.stringify(picture(value))).toBe(slow.success);
  if (fast.success && slow.success) expect(picture(fast.data)).toEqual(picture(slow.data));
}

const timestamps = [
  '2026-03-10T12:00:00.000Z',
  '2026-03-10T12:00:00+05:30',
  '2026-03-10T12:00:00+0530',
  '2026-03-10T12:00Z',
  '2026-02-30T12:00:00Z',
  '2026-03-10T12:00:00',
  '2026-03-10',
];
const palette: unknown[] = [
  undefined,
  null,
  '',
  ' ',
  'x',
  'Active',
  'Archived',
  'approved',
  'pending',
  'Admin',
  'Normal',
  'member',
  'Task-based rate',
  'round up',
  'nearest',
  'false',
  'true',
  '12',
  '-3',
  '1e3',
  'abc',
  '2026-03-10',
  '2026-3-10',
  '09:00',
  '9:00',
  ...timestamps,
  0,
  -0,
  1,
  2,
  3,
  4,
  15,
  1.5,
  60,
  61,
  100,
  101,
  -1,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  true,
  false,
  [],
  ['a', 'b'],
  [1],
  // eslint-disable-next-line no-sparse-arrays -- a hole, as an old array may hold.
  [, 'a'],
  {},
  { a: 1 },
  new Date(0),
];

const records: [string, ZodTypeAny, Record<string, unknown>][] = [
  [
    'client',
    clientSchema,
    {
      id: 'c1',
      name: 'Client 1',
      contactPerson: 'Person',
      email: 'c1@example.com',
      phone: '+91 98 000',
      address: '',
      taxName: 'GST',
      taxPercentage: 18,
      taxNumber: '01',
      status: 'Active',
      createdAt: '2026-03-10T12:00:00.000Z',
      updatedAt: '2026-03-10T12:00:00.000Z',
    },
  ],
  [
    'member',
    memberSchema,
    {
      id: 'm1',
      name: 'Member 1',
      email: 'm1@example.com',
      LoborRate: 300,
      BillableRate: 900,
      Role: 'Manager',
      roleValue: 2,
      notes: '',
      status: 'Active',
      autoAddToProjects: true,
      createdAt: '2026-03-10T12:00:00.000Z',
      updatedAt: '2026-03-10T12:00:00.000Z',
    },
  ],
  [
    'project',
    projectSchema,
    {
      id: 'p1',
      projectName: 'Project 1',
      client: 'Client 1',
      clientId: 'c1',
      hours: 100,
      billamount: 1200,
      task: [],
      description: '',
      billable: 'task',
      rounding: 'up',
      timeInterval: 15,
      approval: false,
      date: 1,
      month: 0,
      year: 2026,
      status: 'Active',
      createdAt: '2026-03-10T12:00:00.000Z',
      updatedAt: '2026-03-10T12:00:00.000Z',
    },
  ],
  [
    'task',
    taskSchema,
    {
      id: 't1',
      project: 'Project 1',
      projectId: 'p1',
      task: 'Task 0',
      assign: ['Member 1'],
      assigneeIds: ['m1'],
      billableRate: 700,
      createdAt: '2026-03-10T12:00:00.000Z',
    },
  ],
  [
    'time log',
    timeLogSchema,
    {
      id: 'l1',
      date: '2026-03-10',
      client: 'Client 1 / Project 1',
      projectId: 'p1',
      task: 'Task 0',
      taskId: 't1',
      tags: 'dev',
      desc: '<p>Worked</p>',
      dur: 900,
      st: '09:00',
      end: '10:00',
      exp: 0,
      memberId: 'm1',
      status: 'pending',
      invoice: '2026-0007',
      billed: { billableSeconds: 900, billableMinor: 25_000, costMinor: 15_000 },
      createdAt: '2026-03-10T12:00:00.000Z',
      updatedAt: '2026-03-10T12:00:00.000Z',
    },
  ],
];

/** A small seeded generator, so a failure can be run again. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.each(records)('the %s read schema with its fast path', (_name, schema, base) => {
  const keys = [...Object.keys(base), 'legacyExtra'];

  it('decodes a record as the app writes it without going through zod', () => {
    const parse = vi.spyOn(schema, '_parse');
    const input = structuredClone(base);
    const result = schema.safeParse(input);
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
    expect(result.success).toBe(true);
    expect(result.data).not.toBe(input);
    expectSame(schema, input);
  });

  it('agrees with zod when any one field is missing or holds any value', () => {
    for (const key of keys) {
      const { [key]: _dropped, ...without } = base;
      expectSame(schema, without);
      for (const value of palette) expectSame(schema, { ...base, [key]: value });
    }
  });

  it('agrees with zod on fields in another order, extra and prototype keys', () => {
    expectSame(schema, Object.fromEntries(Object.entries(base).reverse()));
    expectSame(schema, { extra: 1, ...base, after: { nested: true }, gone: undefined });
    expectSame(schema, JSON.parse(`{"__proto__": {"polluted": 1}, "id": "x"}`));
    expectSame(schema, { ...JSON.parse('{"__proto__": 1}'), ...base });
    expectSame(schema, Object.assign(Object.create(null), base));
    expectSame(schema, Object.assign(Object.create({ inherited: 'yes' }), base));
  });

  it('agrees with zod on values that are not records', () => {
    const promiseLike = { ...base, then: () => undefined, catch: () => undefined };
    for (const value of [...palette, [base], new Map(), promiseLike]) expectSame(schema, value);
  });

  it('agrees with zod on 3,000 records with several fields changed at once', () => {
    const next = random(base['id'] === 'l1' ? 1 : String(base['id']).charCodeAt(0));
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    for (let i = 0; i < 3000; i += 1) {
      const record: Record<string, unknown> = { ...base };
      const changes = 1 + Math.floor(next() * 4);
      for (let c = 0; c < changes; c += 1) {
        const key = pick(keys);
        if (next() < 0.2) delete record[key];
        else record[key] = pick(palette);
      }
      expectSame(schema, record);
    }
  });

  it('parses through the fast path too, and throws zod’s error for a record it refuses', () => {
    expect(picture(schema.parse(structuredClone(base)))).toEqual(
      picture(zodOnly(schema, structuredClone(base)).data),
    );
    const refused = { ...base, id: '', project: 1, projectName: 1, name: 1, dur: -1 };
    const slow = zodOnly(schema, refused);
    expect(slow.success).toBe(false);
    expect((): unknown => schema.parse(refused)).toThrow(z.ZodError);
    const fast = schema.safeParse(refused);
    expect(fast.success ? [] : fast.error.issues).toEqual(slow.success ? [] : slow.error.issues);
  });
});

describe('a time log’s billed figures', () => {
  const base = records[4]![2];
  const billed = { billableSeconds: 900, billableMinor: 25_000, costMinor: 15_000 };

  it('agrees with zod on figures of every shape, and keeps only the three', () => {
    const variants: unknown[] = [
      billed,
      { ...billed, extra: 1 },
      { ...billed, billableSeconds: -1 },
      { ...billed, billableSeconds: -0 },
      { ...billed, billableMinor: -250 },
      { ...billed, costMinor: 1.5 },
      { ...billed, billableMinor: '25000' },
      { ...billed, costMinor: Number.NaN },
      { billableSeconds: 900 },
      Object.assign(Object.create(null) as object, billed),
    ];
    for (const value of variants) expectSame(timeLogSchema, { ...base, billed: value });
    expect(timeLogSchema.parse({ ...base, billed: { ...billed, extra: 1 } }).billed).toEqual(
      billed,
    );
  });

  it('reads a log cached before figures were sent, and drops figures it cannot read', () => {
    const { billed: _billed, invoice: _invoice, ...older } = base;
    expect(timeLogSchema.parse(older)).not.toHaveProperty('billed');
    expect(timeLogSchema.parse({ ...base, billed: { billableSeconds: 'x' } }).billed).toBe(
      undefined,
    );
  });
});

describe('fast-path copies', () => {
  it('gives each decoded record fresh arrays, as zod does', () => {
    const project = { ...records[2]![2], task: ['x'] };
    const decoded = projectSchema.parse(project);
    expect(decoded.task).toEqual(['x']);
    expect(decoded.task).not.toBe(project.task);
    const task = records[3]![2];
    expect(taskSchema.parse(task).assigneeIds).not.toBe(task['assigneeIds']);
  });

  it('names a task without an id by its project and text', () => {
    const { id: _id, ...task } = records[3]![2];
    expect(taskSchema.parse(task).id).toBe('Project 1::Task 0');
    expectSame(taskSchema, task);
  });
});

describe('the fast decoders without zod (issue 29)', () => {
  it('list the fields of each schema’s shape, in its order', () => {
    const shapes: [readonly string[], ZodTypeAny][] = [
      [fastClient.keys, clientSchema],
      [fastMember.keys, memberSchema],
      [fastProject.keys, projectSchema],
      [fastTaskObject.keys, (taskSchema as unknown as z.ZodEffects<ZodTypeAny>).innerType()],
      [fastTimeLog.keys, timeLogSchema],
    ];
    for (const [keys, schema] of shapes)
      expect(keys).toEqual(Object.keys((schema as z.AnyZodObject).shape as object));
  });

  it('check timestamps with the very pattern zod uses', () => {
    expect(ISO_TIMESTAMP.source).toBe(
      z.datetimeRegex({ precision: null, offset: true, local: false }).source,
    );
  });

  it('are modules that import nothing from zod at run time', () => {
    const dir = fileURLToPath(new URL('../../../../src/lib/entities/', import.meta.url));
    const fastModules = readdirSync(dir).filter((name) => name.startsWith('fast-'));
    expect(fastModules).toHaveLength(7);
    for (const name of fastModules)
      expect(readFileSync(`${dir}${name}`, 'utf8'), name).not.toMatch(
        /^import (?!type)[^;]*'zod'/m,
      );
  });
});
