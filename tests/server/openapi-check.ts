import { Validator, type Schema } from '@cfworker/json-schema';
import type { oas31 } from 'zod-openapi';
import { openApiDocument } from '../../src/lib/public-api/openapi-document';

// Issue 50: every answer a server test gets from the public API is checked against the OpenAPI
// document a script reads (GET /api/v1/openapi.json), as well as against routes.ts
// (contract-check.ts calls this). The status must be one the operation declares, the headers
// it requires must be there, and the body must keep the document's schema: an answer that
// drifts from the document fails the test that got it.

const document = openApiDocument();
const components = document.components ?? {};

const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
  (['get', 'post', 'patch', 'delete'] as const).flatMap((method) => {
    const operation = item[method];
    if (!operation) return [];
    const pattern = new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+').replace(/\./g, '\\.')}$`);
    return [{ method: method.toUpperCase(), path, pattern, operation }];
  }),
);

const validators = new Map<string, Validator>();

/** The body's validator, made once per schema: it resolves #/components/… as the document does. */
function validatorFor(key: string, schema: oas31.SchemaObject | oas31.ReferenceObject) {
  let validator = validators.get(key);
  if (!validator) {
    validator = new Validator({ ...schema, components } satisfies Schema, '2020-12', false);
    validators.set(key, validator);
  }
  return validator;
}

/** Throws when `response` to `request` is not what the document says that operation answers. */
export async function checkAgainstDocument(request: Request, response: Response): Promise<void> {
  const url = new URL(request.url);
  if (!url.pathname.startsWith('/api/v1/')) return;
  const found = operations.find(
    (op) => op.method === request.method && op.pattern.test(url.pathname),
  );
  // A request no operation takes (a fuzz test's wrong method) is contract-check.ts's to judge.
  if (!found) return;
  const where = `${found.method} ${found.path} ${response.status}`;
  const declared = found.operation.responses?.[String(response.status)] as
    oas31.ResponseObject | undefined;
  if (!declared) throw new Error(`${where}: a status the OpenAPI document does not declare`);
  for (const [name, header] of Object.entries(declared.headers ?? {}))
    if ((header as oas31.HeaderObject).required && !response.headers.has(name))
      throw new Error(
        `${where}: the document requires the ${name} header, which is missing${
          name.startsWith('RateLimit-')
            ? ' (export the handler wrapped in withRateHeaders, src/server/public-api/rate-limits.ts)'
            : ''
        }`,
      );
  const text = await response.clone().text();
  const schema = declared.content?.['application/json']?.schema;
  if (!schema) {
    if (text !== '') throw new Error(`${where}: the document declares no body, but one came`);
    return;
  }
  if (!(response.headers.get('content-type') ?? '').startsWith('application/json'))
    throw new Error(`${where}: the document declares JSON`);
  const result = validatorFor(where, schema).validate(JSON.parse(text));
  if (!result.valid)
    throw new Error(
      `${where}: the answer drifts from the OpenAPI document: ${result.errors
        .map((error) => `${error.instanceLocation} ${error.error}`)
        .slice(-3)
        .join('; ')}`,
    );
}
