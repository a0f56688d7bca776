/**
 * Agent Pay under load (docs/benchmarks.md), against the service in a child process:
 *   contract read, API key alone   GET /api/agent-contracts/{id}: the business's read
 *   contract.get, signed           GET /api/agents/contracts/{id}: the same read, plus tier 2
 *                                  (a fresh nonce and ES256 signature per request, verified and
 *                                  the nonce stored); target ≥ 50 % of the unsigned read
 *   contract payment, signed       POST /api/agents/contracts/{id}/payments: every limit checked
 *                                  and the amount reserved in one IMMEDIATE transaction
 * Both reads compute the contract's live usage, so the difference is the signature's cost.
 */
import type { RawRequest, RequestSpec } from 'autocannon';
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { AgentPay } from '../src/agent/index';
import {
  AGENT_HEADERS,
  canonicalSubject,
  detachedJws,
  jwsHeader,
  signingInput,
} from '../src/shared/agent-signing';
import { startChildServer, type ChildServer } from './lib/child-server';
import { measure, measurePaired } from './lib/load';
import type { Result } from './lib/result';

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS || 2);
const SECRET = 'sk_sandbox_bench';
const CONTRACTS = 100;

export const TARGETS = { signedRead: 0.5 } as const;

const EMPTY_DIGEST = createHash('sha256').update('').digest('base64url');
const header = jwsHeader();
let nonceSeq = 0;

/** The tier-2 headers of one request, made as any client makes them: fresh nonce, fresh signature. */
function signedHeaders(
  key: KeyObject,
  agentId: string,
  method: string,
  path: string,
  body: string,
) {
  const timestamp = Math.floor(Date.now() / 1000);
  const nonce = `bench-${process.pid}-${++nonceSeq}-nonce`;
  const subject = canonicalSubject({
    method,
    pathWithQuery: path,
    bodyDigest: body === '' ? EMPTY_DIGEST : createHash('sha256').update(body).digest('base64url'),
    timestamp,
    nonce,
    agentId,
  });
  const signature = sign('sha256', Buffer.from(signingInput(header, subject)), {
    key,
    dsaEncoding: 'ieee-p1363',
  });
  return {
    authorization: `Bearer ${SECRET}`,
    [AGENT_HEADERS.agentId]: agentId,
    [AGENT_HEADERS.timestamp]: String(timestamp),
    [AGENT_HEADERS.nonce]: nonce,
    [AGENT_HEADERS.signature]: detachedJws(header, signature),
  };
}

async function seed(base: string) {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const client = new AgentPay({
    baseUrl: base,
    apiKey: SECRET,
    privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  });
  const agent = await client.agent.register({ name: 'Bench agent' });
  const ids: string[] = [];
  for (let i = 0; i < CONTRACTS; i++) {
    const contract = await client.contract.create({
      name: `Bench ${i}`,
      limits: {
        maxPerPayment: 100,
        // Caps no benchmark run reaches: every payment passes every check and is reserved.
        periodLimits: [
          { amount: 1_000_000, period: 'DAY' },
          { amount: 2_000_000, period: 'WEEK', alignment: 'ANCHORED' },
          { amount: 5_000_000, period: 'MONTH' },
        ],
        validTo: '2099-01-01T00:00:00Z',
      },
    });
    const res = await fetch(`${base}/api/sandbox/contracts/${contract.contractId}/authorize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
      body: JSON.stringify({ decision: 'APPROVE' }),
    });
    if (!res.ok) throw new Error(`authorize answered ${res.status}`);
    ids.push(contract.contractId);
  }
  return { key: privateKey, agentId: agent.agentId, ids };
}

export async function run(): Promise<Result[]> {
  const common = { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS };
  let service: ChildServer | undefined;
  try {
    service = await startChildServer('service', [SECRET]);
    const { key, agentId, ids } = await seed(service.url);
    let next = 0;
    const keyOnly: RequestSpec = {
      method: 'GET',
      headers: { authorization: `Bearer ${SECRET}` },
      setupRequest: (request: RawRequest) => ({
        ...request,
        path: `/api/agent-contracts/${ids[next++ % ids.length]}`,
      }),
    };
    const signedRead: RequestSpec = {
      method: 'GET',
      setupRequest: (request: RawRequest) => {
        const path = `/api/agents/contracts/${ids[next++ % ids.length]}`;
        return { ...request, path, headers: signedHeaders(key, agentId, 'GET', path, '') };
      },
    };
    const body = JSON.stringify({
      amount: 1.25,
      payee: { name: 'Bench payee', sortCode: '12-34-56', accountNumber: '12345678' },
      reference: 'BENCH',
    });
    const payment: RequestSpec = {
      method: 'POST',
      setupRequest: (request: RawRequest) => {
        const path = `/api/agents/contracts/${ids[next++ % ids.length]}/payments`;
        return {
          ...request,
          path,
          body,
          headers: {
            ...signedHeaders(key, agentId, 'POST', path, body),
            'content-type': 'application/json',
          },
        };
      },
    };
    // The target's pair in alternating slices (lib/load.ts, measurePaired): the machine drifts.
    const { reference: unsigned, subject: signed } = await measurePaired(
      { ...common, name: 'contract read, API key alone', server: service, requests: [keyOnly] },
      { ...common, name: 'contract.get, signed', server: service, requests: [signedRead] },
    );
    const payments = await measure({
      ...common,
      name: 'contract payment, signed, limits checked',
      server: service,
      requests: [payment],
    });
    return [
      unsigned,
      { ...signed, targetRatio: TARGETS.signedRead },
      {
        ...payments,
        ratioToCeiling: payments.requestsPerSec / unsigned.requestsPerSec,
        cpuRatioToCeiling:
          unsigned.serverCpuMicrosPerRequest! / payments.serverCpuMicrosPerRequest!,
      },
    ];
  } finally {
    await service?.stop();
  }
}
