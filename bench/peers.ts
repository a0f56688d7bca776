/**
 * Counter side by side with a peer serving the same interface: Prism (`@stoplight/prism-cli`)
 * mocking docs/openapi.json, the usual stand-in for an API described by OpenAPI. Prism keeps no
 * state (it answers each request from the document's examples); Counter stores every payment
 * request (20,000 stored, as in service-http) and answers from its database. In one run, each
 * Counter case in rotating slices with Prism answering the very same requests:
 *   status reads, warm (1,000 ids) and cold (all 20,000), against Prism's status read;
 *   process-payment creates against Prism's.
 * The ratios are Counter's advantage: Prism's server CPU per request over Counter's (target
 * ≥ 10), and Counter's requests/s over Prism's.
 * Env: BENCH_SECONDS, BENCH_WARMUP_SECONDS (see run.ts).
 */
import { fileURLToPath } from 'node:url';
import type { RawRequest, RequestSpec } from 'autocannon';
import { startChildServer, type ChildServer } from './lib/child-server';
import { startExternalServer } from './lib/external-server';
import { measureGroup, rotating } from './lib/load';
import type { Result } from './lib/result';
import { SEED_COUNT, WARM_COUNT, seed } from './service-http';

const SECRET = 'sk_sandbox_bench';
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS || 2);
const CONNECTIONS = 32;
const STATUS_PATH = '/api/payments/v1/payment-status/';
const PRISM_PORT = 4199;
/** How many times cheaper than Prism (server CPU per request) each Counter case must be. */
export const TARGETS = { timesFaster: 10 } as const;

const headers = { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' };
const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

let orderSeq = 0;
const creation: RequestSpec = {
  method: 'POST',
  path: '/api/payments/process-payment',
  headers,
  setupRequest: (request: RawRequest) => ({
    ...request,
    body: JSON.stringify({
      customerId: 'bench-customer',
      orderId: `peers-${process.pid}-${++orderSeq}`,
      amount: 12.5,
      expiresIn: 7 * 24 * 3600 * 1000,
    }),
  }),
};
const reads = (ids: string[]) =>
  rotating(
    'GET',
    ids.map((id) => STATUS_PATH + id),
    headers,
  );

export async function run(): Promise<Result[]> {
  const servers: ChildServer[] = [];
  const common = { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS };
  try {
    const prism = await startExternalServer(
      'prism',
      process.execPath,
      [
        root('node_modules/@stoplight/prism-cli/dist/index.js'),
        'mock',
        '--host',
        '127.0.0.1',
        '--port',
        String(PRISM_PORT),
        root('docs/openapi.json'),
      ],
      `http://127.0.0.1:${PRISM_PORT}`,
      '/api/merchant',
    );
    servers.push(prism);
    const service = await startChildServer('service', [SECRET]);
    servers.push(service);
    const ids = await seed(service.url);
    const fakeIds = Array.from(
      { length: SEED_COUNT },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const status = await measureGroup(
      { ...common, name: 'Prism: payment-status read', server: prism, requests: [reads(fakeIds)] },
      [
        {
          ...common,
          name: `Counter: payment-status read, warm (${WARM_COUNT} ids)`,
          server: service,
          requests: [reads(ids.slice(0, WARM_COUNT))],
          prime: WARM_COUNT,
        },
        {
          ...common,
          name: `Counter: payment-status read, cold (${SEED_COUNT} ids)`,
          server: service,
          requests: [reads(ids)],
        },
      ],
    );
    const creates = await measureGroup(
      { ...common, name: 'Prism: process-payment create', server: prism, requests: [creation] },
      [
        {
          ...common,
          name: 'Counter: process-payment create',
          server: service,
          requests: [creation],
        },
      ],
    );
    const target = { targetRatio: TARGETS.timesFaster, targetBy: 'cpu' as const };
    return [
      status.reference,
      ...status.subjects.map((r) => ({ ...r, ...target })),
      creates.reference,
      ...creates.subjects.map((r) => ({ ...r, ...target })),
    ];
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}
