import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import type { oas31 } from 'zod-openapi';
import { commands } from '../../../src/lib/commands/catalog';
import { routes } from '../../../src/lib/contracts/routes';
import { openApiDocument } from '../../../src/lib/public-api/openapi-document';

// Issue 50: the public API's OpenAPI document is a valid OpenAPI 3.1 document, names every
// /api/v1 route routes.ts declares, and takes its bodies from the catalog's commands.

const document = openApiDocument('https://hourmark.example/');
const operation = (path: string, method: 'get' | 'post' | 'patch' | 'delete') => {
  const found = document.paths?.[path]?.[method];
  if (!found) throw new Error(`${method} ${path} is not in the document`);
  return found;
};
const bodySchema = (op: oas31.OperationObject) =>
  (op.requestBody as oas31.RequestBodyObject).content['application/json']?.schema as
    oas31.SchemaObject | undefined;
const headerNames = (op: oas31.OperationObject) =>
  (op.parameters ?? [])
    .map((p) => p as oas31.ParameterObject)
    .filter((p) => p.in === 'header')
    .map((p) => `${p.name}${p.required ? ' (required)' : ''}`);

const rateLimitHeaders = [
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'RateLimit-Policy',
];

describe('the OpenAPI document', () => {
  it('passes an OpenAPI 3.1 validator', async () => {
    const validator = new Validator();
    // The validator takes a plain object as its own input type names it.
    const result = await validator.validate(
      structuredClone(document) as unknown as Parameters<Validator['validate']>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes every /api/v1 route routes.ts declares, and no other', () => {
    const declared = Object.keys(routes).filter((key) => key.includes(' /api/v1/'));
    const documented = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      ['get', 'post', 'patch', 'delete']
        .filter((method) => method in item)
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(declared.sort());
    expect(documented).toContain('POST /api/v1/timer/stop');
  });

  it('asks for a bearer token everywhere but on the document itself', () => {
    expect(document.components?.securitySchemes?.['token']).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(document.security).toEqual([{ token: [] }]);
    expect(operation('/api/v1/openapi.json', 'get').security).toEqual([]);
    expect(operation('/api/v1/me', 'get').security).toBeUndefined();
  });

  it('takes a new entry as addLog does, less what the server chooses', () => {
    const body = bodySchema(operation('/api/v1/time-entries', 'post'));
    const args = Object.keys((commands.addLog.args as unknown as { shape: object }).shape);
    expect(Object.keys(body?.properties ?? {}).sort()).toEqual(
      args.filter((name) => name !== 'id' && name !== 'createdAt').sort(),
    );
    expect(body?.required).toEqual(['date', 'durationSeconds']);
    expect(body?.additionalProperties).toBe(false);
  });

  it('says which headers a write takes and gives, and the error body of each refusal', () => {
    const create = operation('/api/v1/time-entries', 'post');
    expect(headerNames(create)).toEqual(['Idempotency-Key']);
    const change = operation('/api/v1/time-entries/{id}', 'patch');
    expect(headerNames(change)).toEqual(['If-Match (required)']);
    expect(Object.keys(change.responses ?? {}).sort()).toEqual(
      ['200', '400', '401', '403', '404', '412', '413', '428', '429'].sort(),
    );
    const stale = change.responses?.['412'] as oas31.ResponseObject;
    expect(stale.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
    expect(Object.keys(stale.headers ?? {})).toEqual(['ETag', ...rateLimitHeaders]);
    const read = operation('/api/v1/time-entries/{id}', 'get').responses?.['200'] as
      oas31.ResponseObject | undefined;
    expect(read?.headers?.['ETag']).toMatchObject({ required: true });
    expect(headerNames(operation('/api/v1/timer/start', 'post'))).toEqual(['Idempotency-Key']);
  });

  it('declares the rate limit: its headers on each answer to a token, and the 429', () => {
    const required = (answer: unknown) =>
      Object.entries((answer as oas31.ResponseObject).headers ?? {})
        .filter(([, header]) => (header as oas31.HeaderObject).required)
        .map(([name]) => name);
    const list = operation('/api/v1/time-entries', 'get').responses ?? {};
    expect(required(list['200'])).toEqual(rateLimitHeaders);
    expect(required(list['429'])).toEqual(['Retry-After', ...rateLimitHeaders]);
    // No valid token, nothing counted: the headers may be missing.
    expect(required(list['401'])).toEqual([]);
    expect(Object.keys(operation('/api/v1/openapi.json', 'get').responses ?? {})).toEqual([
      '200',
      '400',
    ]);
  });

  it('pages entries by cursor and limit', () => {
    const query = (operation('/api/v1/time-entries', 'get').parameters ?? [])
      .map((p) => p as oas31.ParameterObject)
      .filter((p) => p.in === 'query')
      .map((p) => p.name);
    expect(query).toEqual(['from', 'to', 'projectId', 'memberId', 'cursor', 'limit']);
    const page = (
      operation('/api/v1/time-entries', 'get').responses?.['200'] as oas31.ResponseObject
    ).content?.['application/json']?.schema as oas31.SchemaObject;
    expect(page.required).toEqual(['data', 'nextCursor']);
  });

  it('names the server it is served from', () => {
    expect(document.servers).toEqual([{ url: 'https://hourmark.example/' }]);
    expect(document.openapi).toBe('3.1.0');
  });
});
