import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { buildOpenApiDocument } from '../src/shared/contract/openapi';
import { routes, type RouteDef } from '../src/shared/contract/routes';

type Json = Record<string, unknown>;

const doc = buildOpenApiDocument();
const entries = Object.entries(routes) as [string, RouteDef][];
const operationOf = (def: RouteDef) =>
  ((doc.paths as Record<string, Record<string, Json>>)[def.path] ?? {})[def.method];

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(
      result.valid,
      `OpenAPI validation errors:\n${JSON.stringify(result.errors, null, 2)}`,
    ).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has one operation per route, under its path and method, named by its operationId', () => {
    const missing = entries
      .filter(([operationId, def]) => operationOf(def)?.operationId !== operationId)
      .map(([operationId, def]) => `${operationId}: ${def.method.toUpperCase()} ${def.path}`);
    expect(missing).toEqual([]);

    const operations = Object.values(doc.paths as Record<string, Json>).flatMap((item) =>
      Object.values(item),
    );
    expect(operations).toHaveLength(entries.length);
    const ids = operations.map((op) => (op as Json).operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('marks extensions with x-extension and seed operations without it', () => {
    for (const [operationId, def] of entries) {
      const op = operationOf(def);
      if (def.extension) expect(op?.['x-extension'], operationId).toBe(true);
      else expect(op, operationId).not.toHaveProperty('x-extension');
    }
    expect(entries.some(([, def]) => def.extension)).toBe(true);
    expect(entries.some(([, def]) => !def.extension)).toBe(true);
  });

  it('documents the error envelope and 401 on every authenticated route', () => {
    for (const [operationId, def] of entries) {
      const responses = operationOf(def)?.responses as Json;
      expect(responses, operationId).toHaveProperty(String(def.status));
      if (def.auth !== 'public') expect(responses, operationId).toHaveProperty('401');
      for (const status of def.errors)
        expect(responses, operationId).toHaveProperty(String(status));
    }
    expect((doc.components as Json).schemas).toHaveProperty('ErrorEnvelope');
  });

  it('carries the interface paths, including the v1 payment-status path', () => {
    const paths = Object.keys(doc.paths as Json);
    for (const path of [
      '/api/customers',
      '/api/customers/{customerId}',
      '/api/customers/{customerId}/cards/authorize',
      '/api/customers/{customerId}/cards',
      '/api/customers/{customerId}/cards/{cardId}',
      '/api/payments/card/process-payment',
      '/api/payments/card/payment-request/{paymentRequestId}/cancel',
      '/api/payments/process-payment',
      '/api/payment-request/cancel/{paymentRequestId}',
      '/api/payments/v1/payment-status/{paymentRequestId}',
      '/api/terminal/process-remote-payment',
      '/api/refund/{paymentRequestId}',
      '/api/bank/{accountAuthId}/accounts',
      '/api/bank/accounts/{accountId}/transactions',
      '/api/webhook/test',
    ])
      expect(paths).toContain(path);
  });

  it('matches docs/openapi.json on disk', () => {
    const onDisk: unknown = JSON.parse(
      readFileSync(new URL('../docs/openapi.json', import.meta.url), 'utf8'),
    );
    expect(
      onDisk,
      'docs/openapi.json is stale: run `npm run openapi` to regenerate it from the contract',
    ).toStrictEqual(JSON.parse(JSON.stringify(doc)));
  });
});

describe('the service', () => {
  it('serves every route of the contract (the document promises nothing it lacks)', async () => {
    const { createService } = await import('../src/service/app');
    const { isMounted } = await import('../src/service/http/mount');
    const service = await createService({ dataDir: null });
    try {
      const unserved = entries
        .filter(([, def]) => !isMounted(service.app, def))
        .map(([operationId, def]) => `${operationId}: ${def.method.toUpperCase()} ${def.path}`);
      expect(unserved).toEqual([]);
    } finally {
      await service.close();
    }
  });
});
