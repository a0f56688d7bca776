/**
 * The OpenAPI 3.1 document, generated from `routes` (never written by hand). JSON Schema comes
 * from zod's own converter; OpenAPI 3.1 uses JSON Schema draft 2020-12.
 */
import { z } from 'zod';
import { ErrorEnvelope } from './errors';
import { WebhookEvent } from './webhooks';
import { routes, type RouteDef } from './routes';

type Json = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): Json => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as Json;
  return rest;
};

const ERROR_TEXT: Record<number, string> = {
  400: 'Bad request: validation failed or a precondition is unmet',
  401: 'Missing or invalid access secret',
  403: 'The secret may not call this endpoint (a terminal secret outside its scope)',
  404: 'Not found',
  409: 'Conflict',
  410: 'Gone: the cursor is stale, tampered or reused',
  413: 'The body is larger than 64 KiB',
  415: 'The body is not application/json',
  429: 'Too many failed attempts from this address (see the Retry-After header)',
  500: 'Internal error',
};

function parameters(def: RouteDef): Json[] {
  const out: Json[] = [];
  if (def.idempotent)
    out.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Makes a retry safe: the same key with the same request replays the first answer for ' +
        '24 hours; with a different request it is a 409. 1-255 printable ASCII characters.',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    });
  for (const [name, schema] of Object.entries(def.params?.shape ?? {}))
    out.push({ name, in: 'path', required: true, schema: toSchema(schema as z.ZodType, 'input') });
  const query = def.query ? toSchema(def.query, 'input') : undefined;
  const props = (query?.properties ?? {}) as Record<string, Json>;
  const required = new Set((query?.required as string[] | undefined) ?? []);
  for (const [name, schema] of Object.entries(props)) {
    const deep = schema.type === 'object';
    out.push({
      name,
      in: 'query',
      required: required.has(name) && schema.default === undefined,
      schema,
      ...(deep ? { style: 'deepObject', explode: true } : {}),
    });
  }
  return out;
}

function operation(operationId: string, def: RouteDef): Json {
  const responses: Json = {
    [def.status]: def.response
      ? {
          description: 'Success',
          content: { 'application/json': { schema: toSchema(def.response, 'output') } },
        }
      : {
          description: `Success (${def.contentType ?? 'binary'})`,
          content: Object.fromEntries(
            (def.contentType ?? 'application/octet-stream')
              .split(' or ')
              .map((type) => [type, { schema: { type: 'string' } }]),
          ),
        },
  };
  const errors = new Set(def.errors);
  if (def.auth !== 'public') errors.add(401);
  // Every route with a body reads it under the same limits (service/http/body.ts).
  if (def.body || def.lines) for (const status of [400, 413, 415]) errors.add(status);
  // Wrong secrets and wrong guesses are rate-limited per address (service/http/rate-limit.ts).
  if (def.auth !== 'public' || def.guessable) errors.add(429);
  if (def.idempotent) for (const status of [400, 409]) errors.add(status);
  for (const status of [...errors].sort())
    responses[status] = {
      description: ERROR_TEXT[status] ?? 'Error',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
    };
  return {
    operationId,
    summary: def.summary,
    ...(def.description ? { description: def.description } : {}),
    tags: [def.tag],
    ...(def.auth === 'public' ? { security: [] } : {}),
    'x-auth': def.auth,
    ...(def.extension ? { 'x-extension': true } : {}),
    parameters: parameters(def),
    ...(def.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: toSchema(def.body, 'input') } },
          },
        }
      : {}),
    ...(def.lines
      ? {
          requestBody: {
            required: true,
            description: 'Newline-delimited JSON: one value of this schema per line',
            content: { 'application/x-ndjson': { schema: toSchema(def.lines, 'input') } },
          },
        }
      : {}),
    responses,
  };
}

export function buildOpenApiDocument(serverUrl = 'http://127.0.0.1:4010'): Json {
  const paths: Record<string, Json> = {};
  for (const [operationId, def] of Object.entries(routes) as [string, RouteDef][]) {
    paths[def.path] ??= {};
    paths[def.path]![def.method] = operation(operationId, def);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Counter payments service',
      version: '0.1.0',
      description:
        'Payment requests with QR codes, remote (terminal) payments, card on file, customers, ' +
        'refunds, bank feed, signed webhooks and Agent Pay. Operations marked x-extension ' +
        "are this service's own additions to the payments interface. Amounts are decimal pounds.",
    },
    servers: [{ url: serverUrl }],
    security: [{ bearer: [] }],
    paths,
    webhooks: {
      event: {
        post: {
          summary: 'Every event (Standard Webhooks signature headers)',
          requestBody: {
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/WebhookEvent' } },
            },
          },
          responses: { '200': { description: 'Any 2xx acknowledges the delivery' } },
        },
      },
    },
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'Access secret (merchant or terminal)',
        },
      },
      schemas: {
        ErrorEnvelope: toSchema(ErrorEnvelope, 'output'),
        WebhookEvent: toSchema(WebhookEvent, 'output'),
      },
    },
  };
}
