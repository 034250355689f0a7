import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../src/lib/public-api/openapi-document';
import { referenceOf } from '../../../src/lib/public-api/reference';

// Issue 50: what the /api/docs page shows is read from the OpenAPI document: each group's
// operations with their parameters, bodies and answers, and the named schemas.

const reference = referenceOf(openApiDocument());
const operation = (id: string) => {
  const found = reference.groups.flatMap((group) => group.operations).find((op) => op.id === id);
  if (!found) throw new Error(`${id} is not on the page`);
  return found;
};

describe('the API reference page', () => {
  it('groups the operations as the document tags them', () => {
    expect(reference.groups.map((group) => group.tag)).toEqual([
      'Account',
      'Time entries',
      'Timer',
      'Workspace',
      'Reference',
    ]);
    expect(reference.groups[2]?.operations.map((op) => `${op.method} ${op.path}`)).toEqual([
      'GET /api/v1/timer',
      'POST /api/v1/timer/start',
      'POST /api/v1/timer/stop',
    ]);
  });

  it('lists a body’s fields with what each asks', () => {
    const body = operation('createTimeEntry').body;
    expect(body?.required).toBe(true);
    expect(body?.fields.find((field) => field.name === 'durationSeconds')).toEqual({
      name: 'durationSeconds',
      type: 'integer',
      required: true,
      notes: 'from 0; up to 31622400',
    });
    expect(body?.fields.find((field) => field.name === 'projectId')).toMatchObject({
      type: 'string or null',
      required: false,
    });
    expect(operation('startTimer').body?.required).toBe(false);
  });

  it('names the headers and the answers, linking the named schemas', () => {
    const change = operation('updateTimeEntry');
    expect(change.parameters.map((p) => [p.name, p.where, p.required])).toEqual([
      ['id', 'path', true],
      ['If-Match', 'header', true],
    ]);
    expect(change.answers.map((answer) => answer.status)).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '412',
      '413',
      '428',
      '429',
    ]);
    expect(change.answers[0]?.fields).toEqual([
      { name: 'data', type: 'TimeEntry', required: true, notes: '', ref: 'TimeEntry' },
    ]);
    expect(change.answers[5]).toMatchObject({
      ref: 'Error',
      headers: [
        'ETag',
        'RateLimit-Limit',
        'RateLimit-Remaining',
        'RateLimit-Reset',
        'RateLimit-Policy',
      ],
    });
    const list = operation('listTimeEntries').answers[0]?.fields;
    expect(list?.[0]).toMatchObject({ name: 'data', type: 'TimeEntry[]', ref: 'TimeEntry' });
  });

  it('says which operation needs no token', () => {
    expect(operation('getOpenApiDocument').needsToken).toBe(false);
    expect(operation('getMe').needsToken).toBe(true);
  });

  it('shows the named schemas’ fields', () => {
    expect(reference.schemas.map((schema) => schema.name)).toEqual([
      'Error',
      'TimeEntry',
      'Timer',
      'Client',
      'Project',
      'Task',
      'Member',
      'Tag',
      'Team',
    ]);
    const entry = reference.schemas[1]?.fields ?? [];
    expect(entry.find((field) => field.name === 'costMinor')).toMatchObject({
      type: 'integer',
      required: false,
    });
    expect(entry.find((field) => field.name === 'createdAt')?.notes).toBe('RFC 3339 instant');
    // A project's rate is shown as the API gives it: whole minor units, never a decimal.
    const project = reference.schemas.find((schema) => schema.name === 'Project')?.fields ?? [];
    expect(project.find((field) => field.name === 'billableRateMinor')).toMatchObject({
      type: 'integer',
    });
    expect(project.find((field) => field.name === 'billableRate')).toBeUndefined();
  });
});
