/**
 * Agent Pay request signing: the shared test vectors, interoperability with jose in both
 * directions, and every refusal of tier 2 over real HTTP (docs/agent-pay.md).
 */
import { createHash, createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { FlattenedSign, flattenedVerify, importPKCS8, importSPKI } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPrivateKey, keySigner } from '../../agent/keys';
import {
  base64url,
  canonicalSubject,
  fromBase64url,
  signingInput,
  utf8,
} from '../../shared/agent-signing';
import { ErrorEnvelope } from '../../shared/contract/errors';
import { newKey, rawSigned, registeredClient } from '../../../test/helpers/agent';
import { PRODUCTION, startService, type Harness } from '../../../test/helpers/service';

interface VectorCase {
  method: string;
  pathWithQuery: string;
  body: string;
  timestamp: number;
  nonce: string;
  agentId: string;
  kid?: string;
  bodyDigest: string;
  subject: string;
  protectedHeader: string;
  signingInput: string;
  jws: string;
}
const vectors = JSON.parse(
  readFileSync(new URL('../../../test/vectors/agent-subjects.json', import.meta.url), 'utf8'),
) as { privateKeyPem: string; publicKeyPem: string; emptyBodyDigest: string; cases: VectorCase[] };

describe('the test vectors', () => {
  it.each(vectors.cases.map((c) => [c.pathWithQuery, c] as const))(
    '%s: digest, subject, signing input and JWS',
    async (_name, c) => {
      const digest = createHash('sha256').update(c.body, 'utf8').digest('base64url');
      expect(digest).toBe(c.bodyDigest);
      expect(canonicalSubject({ ...c, bodyDigest: digest })).toBe(c.subject);
      expect(JSON.parse(Buffer.from(c.protectedHeader, 'base64url').toString())).toEqual(
        c.kid ? { alg: 'ES256', kid: c.kid } : { alg: 'ES256' },
      );
      expect(signingInput(c.protectedHeader, c.subject)).toBe(c.signingInput);
      const [h, payload, s] = c.jws.split('.');
      expect(h).toBe(c.protectedHeader);
      expect(payload).toBe('');
      expect(Buffer.from(s!, 'base64url')).toHaveLength(64);
      const key = createPublicKey(vectors.publicKeyPem);
      expect(
        verify(
          'sha256',
          Buffer.from(c.signingInput),
          { key, dsaEncoding: 'ieee-p1363' },
          Buffer.from(s!, 'base64url'),
        ),
      ).toBe(true);
    },
  );

  it('the empty body digest is SHA-256 of zero bytes', () => {
    expect(vectors.emptyBodyDigest).toBe(createHash('sha256').update('').digest('base64url'));
  });

  it('base64url round-trips every length and refuses other alphabets', () => {
    for (let n = 0; n < 40; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n) & 0xff);
      expect(base64url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
      expect(Buffer.from(fromBase64url(base64url(bytes))!)).toEqual(Buffer.from(bytes));
    }
    expect(fromBase64url('ab+/')).toBeNull();
    expect(fromBase64url('a')).toBeNull();
  });
});

describe('jose interoperability', () => {
  it("the client's signatures verify with jose's flattenedVerify (detached payload)", async () => {
    const sign = keySigner(await importPrivateKey(vectors.privateKeyPem));
    const publicKey = await importSPKI(vectors.publicKeyPem, 'ES256');
    for (const c of vectors.cases) {
      const jws = await sign(c.subject, c.kid);
      const [protectedHeader, payload, signature] = jws.split('.');
      expect(payload).toBe('');
      const result = await flattenedVerify(
        { protected: protectedHeader!, payload: base64url(utf8(c.subject)), signature: signature! },
        publicKey,
      );
      expect(new TextDecoder().decode(result.payload)).toBe(c.subject);
      expect(result.protectedHeader?.alg).toBe('ES256');
      expect(result.protectedHeader?.kid).toBe(c.kid);
    }
  });

  it('a SEC1 ("EC PRIVATE KEY") PEM signs like its PKCS#8 form', async () => {
    const key = newKey();
    const sec1 = key.privateKey.export({ format: 'pem', type: 'sec1' }).toString();
    const sign = keySigner(await importPrivateKey(sec1));
    const jws = await sign('subject');
    const [h, , s] = jws.split('.');
    const ok = verify(
      'sha256',
      Buffer.from(`${h}.${base64url(utf8('subject'))}`),
      { key: createPublicKey(key.publicKeyPem), dsaEncoding: 'ieee-p1363' },
      Buffer.from(s!, 'base64url'),
    );
    expect(ok).toBe(true);
  });
});

/** The service and agent of 'over HTTP': that block starts, registers and closes them. */
let h: Harness;
let agentId: string;
let key: ReturnType<typeof newKey>;

const me = (over: Partial<Parameters<typeof rawSigned>[1]> = {}) =>
  rawSigned(h, { method: 'GET', path: '/api/agents/me', key: key.privateKey, agentId, ...over });

function expect401(res: { status: number; body: unknown }, text: RegExp) {
  expect(res.status).toBe(401);
  const envelope = ErrorEnvelope.parse(res.body);
  expect(envelope.name).toBe('UNAUTHORIZED');
  expect(envelope.status).toBe(401);
  expect(envelope.message).toMatch(text);
}

/** What the service accepts: a request signed by the client, or by jose. */
function acceptedRequests() {
  it('accepts a correctly signed request and says the server time', async () => {
    // The sandbox clock runs in real time, so the request may cross a second boundary.
    const before = Math.floor(
      h.service.ctx.clock.now('sandbox', h.service.bootstrap.merchantId) / 1000,
    );
    const res = await me();
    const after = Math.floor(
      h.service.ctx.clock.now('sandbox', h.service.bootstrap.merchantId) / 1000,
    );
    expect(res.status).toBe(200);
    expect(res.body.agentId).toBe(agentId);
    const serverTime = Number(res.headers.get('x-agent-server-time'));
    expect(serverTime).toBeGreaterThanOrEqual(before);
    expect(serverTime).toBeLessThanOrEqual(after);
  });

  it('accepts a JWS made by jose (FlattenedSign, detached)', async () => {
    const joseKey = await importPKCS8(key.privateKeyPem, 'ES256');
    const timestamp = Math.floor(
      h.service.ctx.clock.now('sandbox', h.service.bootstrap.merchantId) / 1000,
    );
    const nonce = `jose-nonce-${Date.now()}-0123456789`;
    const path = '/api/agents/contracts?type=SEND&page=0&size=5';
    const subject = canonicalSubject({
      method: 'GET',
      pathWithQuery: path,
      bodyDigest: createHash('sha256').update('').digest('base64url'),
      timestamp,
      nonce,
      agentId,
    });
    const flat = await new FlattenedSign(utf8(subject))
      .setProtectedHeader({ alg: 'ES256', kid: 'kms-key-7' })
      .sign(joseKey);
    const res = await rawSigned(h, {
      method: 'GET',
      path,
      key: key.privateKey,
      agentId,
      timestamp,
      nonce,
      jws: `${flat.protected}..${flat.signature}`,
    });
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(0);
  });
}

/** What it refuses, with a 401 that says why, and what a refusal leaves as it was. */
function refusedRequests() {
  it('refuses a request without a signature', async () => {
    expect401(await me({ jws: null }), /X-Agent-Signature is required/);
  });

  it('refuses malformed signatures', async () => {
    const good = await me();
    expect(good.status).toBe(200);
    for (const jws of [
      'not-a-jws',
      'eyJhbGciOiJFUzI1NiJ9.cGF5bG9hZA.c2ln', // attached payload
      '!!!..AAAA',
      `${base64url(utf8('{"alg":"HS256"}'))}..${base64url(new Uint8Array(64))}`,
      `${base64url(utf8('{"alg":"ES256","crit":["b64"]}'))}..${base64url(new Uint8Array(64))}`,
      `${base64url(utf8('{"alg":"ES256"}'))}..${base64url(new Uint8Array(63))}`,
    ])
      expect401(await me({ jws }), /malformed/);
  });

  it('refuses a DER-encoded signature, saying so', async () => {
    expect401(await me({ der: true }), /DER-encoded/);
  });

  it('refuses a signature by another key', async () => {
    expect401(await me({ key: newKey().privateKey }), /does not verify/);
  });

  it('refuses a changed method, path, query or body', async () => {
    expect401(await me({ signed: { method: 'POST' } }), /does not verify/);
    expect401(await me({ signed: { path: '/api/agents/contracts' } }), /does not verify/);
    const list = (over: Partial<Parameters<typeof rawSigned>[1]>) =>
      rawSigned(h, {
        method: 'GET',
        path: '/api/agents/contracts?type=SEND',
        key: key.privateKey,
        agentId,
        ...over,
      });
    expect((await list({})).status).toBe(200);
    expect401(
      await list({ signed: { path: '/api/agents/contracts?type=COLLECT' } }),
      /does not verify/,
    );
    const body = JSON.stringify({
      name: 'Supplies',
      limits: {
        maxPerPayment: 5,
        periodLimits: [{ amount: 10, period: 'DAY' }],
        validTo: '2099-01-01T00:00:00Z',
      },
    });
    const create = (over: Partial<Parameters<typeof rawSigned>[1]>) =>
      rawSigned(h, {
        method: 'POST',
        path: '/api/agents/contracts',
        body,
        key: key.privateKey,
        agentId,
        ...over,
      });
    expect401(
      await create({ signed: { body: body.replace('"maxPerPayment":5', '"maxPerPayment":9') } }),
      /does not verify/,
    );
    expect(await h.service.store.prepare('SELECT count(*) AS n FROM contracts').get()).toEqual({
      n: 0,
    });
    expect((await create({})).status).toBe(201);
  });

  it('refuses a timestamp outside ±300 s of the sandbox clock, which moves', async () => {
    const now = Math.floor(
      h.service.ctx.clock.now('sandbox', h.service.bootstrap.merchantId) / 1000,
    );
    // 330, not 301: the clock goes on between reading it and the request on a busy machine.
    expect401(await me({ timestamp: now - 330 }), /outside ±300 s/);
    expect401(await me({ timestamp: now + 330 }), /outside ±300 s/);
    expect((await me({ timestamp: now - 290 })).status).toBe(200);
    // The sandbox moves its clock a day on: a request stamped with real time is now stale.
    const advanced = await h.call('POST', '/api/sandbox/clock/advance', { ms: 86_400_000 });
    expect(advanced.status).toBe(200);
    const real = Math.floor(Date.now() / 1000);
    const stale = await me({ timestamp: real });
    expect401(stale, /outside ±300 s/);
    expect(Number(stale.headers.get('x-agent-server-time'))).toBeGreaterThanOrEqual(real + 86_399);
    expect((await me({ timestamp: real + 86_400 })).status).toBe(200);
  });

  it('refuses a nonce already seen (a replay), even after a restart of the cache', async () => {
    const first = await me();
    expect(first.status).toBe(200);
    expect401(await me({ nonce: first.nonce, timestamp: first.timestamp }), /already used/);
    const stored = (await h.service.store
      .prepare('SELECT expires_at FROM agent_nonces WHERE nonce = ?')
      .get(first.nonce)) as { expires_at: number };
    expect(stored.expires_at).toBe((first.timestamp + 301) * 1000);
    expect401(await me({ nonce: 'short' }), /X-Agent-Nonce/);
  });

  it('the same request sent many times at once is accepted exactly once', async () => {
    const timestamp = Math.floor(
      h.service.ctx.clock.now('sandbox', h.service.bootstrap.merchantId) / 1000,
    );
    const nonce = `concurrent-${Date.now()}-abcdefgh`;
    const results = await Promise.all(Array.from({ length: 10 }, () => me({ nonce, timestamp })));
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(401)]);
  });

  it('a refused request does not burn its nonce', async () => {
    const nonce = `unburnt-${Date.now()}-abcdefgh`;
    expect401(await me({ nonce, key: newKey().privateKey }), /does not verify/);
    expect((await me({ nonce })).status).toBe(200);
  });

  it('refuses an unknown agent, a bad API key and the other environment', async () => {
    expect401(await me({ agentId: 'agt_nobody' }), /names no agent/);
    expect401(await me({ agentId: '' }), /X-Agent-Id is required/);
    expect401(await me({ apiKey: 'sk_sandbox_wrong' }), /access secret/);
    expect401(await me({ apiKey: PRODUCTION }), /names no agent/);
  });
}

describe('over HTTP', () => {
  beforeAll(async () => {
    h = await startService();
    const registered = await registeredClient(h);
    agentId = registered.agent.agentId;
    key = registered.key;
  });
  afterAll(() => h.close());

  acceptedRequests();
  refusedRequests();

  it('lists agents with the API key alone', async () => {
    const res = await h.call('GET', '/api/agents');
    expect(res.status).toBe(200);
    expect(res.body.data.map((a: { agentId: string }) => a.agentId)).toContain(agentId);
    expect((await h.call('GET', '/api/agents', undefined, null)).status).toBe(401);
  });
});
