import type { z } from 'zod';
import { clientSchema } from '../../../../src/lib/entities/client';
import { memberSchema } from '../../../../src/lib/entities/member';
import { projectSchema } from '../../../../src/lib/entities/project';
import { taskSchema } from '../../../../src/lib/entities/task';
import { timeLogSchema, type TimeLog } from '../../../../src/lib/entities/time-log';
import type { LocalRecords } from '../../../../src/lib/sync/convert';

/**
 * Data as an earlier version (or the original app) left it in localStorage, read through the
 * same lenient schemas the stores use: names instead of ids, numbers as text, a log without an id
 * or a date, and a log of a project that was deleted.
 */
export function legacyRecords(): LocalRecords {
  const read = <T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, raw: unknown[]) =>
    raw.map((r) => schema.parse(r));
  const logs = read(timeLogSchema as z.ZodType<TimeLog, z.ZodTypeDef, unknown>, [
    {
      id: 'l1',
      date: '2026-11-20',
      client: 'Bolt / Website',
      projectId: 'p1',
      task: 'Design',
      taskId: 'Website::Design',
      tags: 'design',
      desc: '<p>Review</p>',
      dur: 5400,
      st: '09:00',
      end: '10:30',
      exp: '250.50',
      memberId: 'm1',
      status: 'approved',
      createdAt: '2026-11-20T12:00:00.000Z',
    },
    { client: 'Old', task: '', dur: 600, exp: 0, createdAt: '2025-03-02T08:00:00.000Z' },
    { id: 'l3', date: '2026-10-01', projectId: 'p-gone', dur: 60, exp: 0 },
  ]).map((log, index) => ({ ...log, id: log.id ?? `legacy-${index}` }));
  return {
    clients: read(clientSchema, [
      {
        id: 'c1',
        name: 'Bolt',
        contactPerson: 'Ravi',
        email: 'accounts@bolt.in',
        phone: 98450,
        address: '',
        taxName: 'GST',
        taxPercentage: '18',
        taxNumber: '',
        status: 'Active',
        createdAt: '2026-01-05T12:00:00.000Z',
      },
    ]),
    projects: read(projectSchema, [
      {
        id: 'p1',
        projectName: 'Website',
        client: 'Bolt',
        hours: '40',
        billamount: 1500,
        billable: 'Project-based rate',
        rounding: 'Round up',
        timeInterval: 15,
        approval: false,
        description: '',
        task: [],
        date: 5,
        month: 0,
        year: 2026,
        createdAt: '2026-01-05T12:00:00.000Z',
      },
    ]),
    tasks: read(taskSchema, [{ project: 'Website', task: 'Design', assign: ['Asha'] }]),
    members: read(memberSchema, [
      {
        id: 'm1',
        name: 'Asha',
        email: 'asha@bolt.in',
        LoborRate: '400',
        BillableRate: 900,
        Role: 'Manager',
      },
    ]),
    logs,
  };
}
