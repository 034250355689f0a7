import type { oas31 } from 'zod-openapi';

// What the /api/docs page shows (issue 50), read from the OpenAPI document at build time: each
// operation with its parameters, body fields and answers, and each named schema's fields. The
// page is plain HTML (no Swagger UI or Redoc: they need inline scripts the site's CSP forbids).

/** One field of a body, an answer or a schema, as a row of a table. */
export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  /** Constraints and meaning: the pattern, the limits, the default, the description. */
  notes: string;
  /** The named schema it is, for a link (TimeEntry, Error …). */
  ref?: string;
}

export interface ParameterRow extends FieldRow {
  where: 'path' | 'query' | 'header';
}

export interface AnswerRow {
  status: string;
  description: string;
  headers: string[];
  /** The body's fields, or the named schema it is. */
  fields: FieldRow[];
  ref?: string;
}

export interface OperationView {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  needsToken: boolean;
  parameters: ParameterRow[];
  body: { required: boolean; fields: FieldRow[] } | null;
  answers: AnswerRow[];
}

export interface ReferenceView {
  title: string;
  description: string;
  groups: { tag: string; description: string; operations: OperationView[] }[];
  schemas: { name: string; fields: FieldRow[] }[];
}

type Schema = oas31.SchemaObject | oas31.ReferenceObject;

const refName = (schema: Schema): string | undefined =>
  '$ref' in schema ? schema.$ref.split('/').pop() : undefined;

/** A schema's type as a reader says it: `string or null`, `TimeEntry[]`, `"read" | "write"`. */
function typeOf(schema: Schema): string {
  const named = refName(schema);
  if (named) return named;
  const s = schema as oas31.SchemaObject;
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (s.anyOf ?? s.oneOf) return (s.anyOf ?? s.oneOf ?? []).map(typeOf).join(' or ');
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  return (
    types
      .map((type) =>
        type === 'array' && s.items
          ? `${typeOf(s.items)}[]`
          : type === 'integer'
            ? 'integer'
            : type,
      )
      .join(' or ') || 'any'
  );
}

/** What a schema asks beyond its type. */
function notesOf(schema: Schema): string {
  if ('$ref' in schema) return '';
  const notes: string[] = [];
  if (schema.description) notes.push(schema.description);
  if (schema.format) notes.push(schema.format === 'date-time' ? 'RFC 3339 instant' : schema.format);
  if (schema.pattern) notes.push(`matches ${schema.pattern}`);
  if (schema.minLength !== undefined && schema.minLength > 0)
    notes.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) notes.push(`at most ${schema.maxLength} characters`);
  if (schema.minimum !== undefined) notes.push(`from ${schema.minimum}`);
  if (schema.maximum !== undefined) notes.push(`up to ${schema.maximum}`);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  for (const option of schema.anyOf ?? []) {
    const inner = notesOf(option);
    if (inner) notes.push(inner);
  }
  return notes.join('; ');
}

/** The fields of an object schema, required ones first as the document lists them. */
export function fieldsOf(schema: Schema | undefined): FieldRow[] {
  if (!schema || '$ref' in schema || !schema.properties) return [];
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, field]) => {
    const ref = refName(field) ?? itemsRef(field);
    return {
      name,
      type: typeOf(field),
      required: required.has(name),
      notes: notesOf(field),
      ...(ref ? { ref } : {}),
    };
  });
}

/** The named schema a list holds (`TimeEntry` of `TimeEntry[]`). */
function itemsRef(field: Schema): string | undefined {
  return '$ref' in field || !field.items ? undefined : refName(field.items);
}

function answersOf(operation: oas31.OperationObject): AnswerRow[] {
  return Object.entries(operation.responses ?? {}).map(([status, answer]) => {
    const response = answer as oas31.ResponseObject;
    const schema = response.content?.['application/json']?.schema;
    const ref = schema ? refName(schema) : undefined;
    return {
      status,
      description: response.description,
      headers: Object.keys(response.headers ?? {}),
      fields: fieldsOf(schema),
      ...(ref ? { ref } : {}),
    };
  });
}

function parametersOf(operation: oas31.OperationObject): ParameterRow[] {
  return (operation.parameters ?? []).map((given) => {
    const parameter = given as oas31.ParameterObject;
    const schema = parameter.schema ?? {};
    return {
      name: parameter.name,
      where: parameter.in as ParameterRow['where'],
      type: typeOf(schema),
      required: parameter.required === true,
      notes: [parameter.description, notesOf(schema)].filter(Boolean).join('; '),
    };
  });
}

/** The reference page's content, from the document. */
export function referenceOf(document: oas31.OpenAPIObject): ReferenceView {
  const operations: (OperationView & { tag: string })[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {}))
    for (const method of ['get', 'post', 'patch', 'delete'] as const) {
      const operation = item[method];
      if (!operation) continue;
      const body = operation.requestBody as oas31.RequestBodyObject | undefined;
      operations.push({
        tag: operation.tags?.[0] ?? 'Other',
        id: operation.operationId ?? `${method}-${path}`,
        method: method.toUpperCase(),
        path,
        summary: operation.summary ?? '',
        description: operation.description ?? '',
        needsToken: operation.security === undefined || operation.security.length > 0,
        parameters: parametersOf(operation),
        body: body
          ? {
              required: body.required === true,
              fields: fieldsOf(body.content['application/json']?.schema),
            }
          : null,
        answers: answersOf(operation),
      });
    }
  return {
    title: document.info.title,
    description: document.info.description ?? '',
    groups: (document.tags ?? []).map((tag) => ({
      tag: tag.name,
      description: tag.description ?? '',
      operations: operations.filter((operation) => operation.tag === tag.name),
    })),
    schemas: Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => ({
      name,
      fields: fieldsOf(schema),
    })),
  };
}
