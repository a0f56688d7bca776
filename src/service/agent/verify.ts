/**
 * Tier 2 of Agent Pay authentication (docs/agent-pay.md): every request under /api/agents
 * (except listing agents and revoking a contract, which take the API key alone) carries a detached ES256 JWS over the
 * canonical subject. This middleware runs before the route's own validation, so a forged or
 * replayed request learns nothing but 401, and records the request's nonce only once the
 * signature has verified (a forger cannot burn an agent's nonces).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { createHash, verify, type KeyObject } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  AGENT_HEADERS,
  NONCE_PATTERN,
  TIMESTAMP_WINDOW_SECONDS,
  canonicalSubject,
  fromBase64url,
  signingInput,
} from '../../shared/agent-signing';
import { AgentRegisterBody } from '../../shared/contract/agent';
import type { AgentContext } from './context';
import type { Caller, Environment } from '../kernel/caller';
import { ApiError, badField } from '../kernel/errors';
import { setIdempotencyOwner } from '../http/idempotency';
import { parseOrThrow } from '../http/mount';
import type { AgentRow, AgentStore } from './agents';
import { canonicalPem, parsePublicKey, thumbprint } from './keys';
import { nonceStatements } from './repo/agents';

type MerchantCaller = Extract<Caller, { kind: 'merchant' }>;

/** What the middleware proved about a request, for its handler. */
export type Verified =
  | { kind: 'agent'; caller: MerchantCaller; agent: AgentRow }
  | {
      kind: 'registration';
      caller: MerchantCaller;
      /** The X-Agent-Id the registration names, or '' for a key registering itself afresh. */
      claimedAgentId: string;
      publicKeyPem: string;
      keyThumbprint: string;
    };

const verified = new WeakMap<Request, Verified>();

/** The verified signer of this request; only reachable through the middleware. */
export function verifiedOf(c: Context): Verified {
  const v = verified.get(c.req.raw);
  if (!v) throw new ApiError(401, 'This request is not signed');
  return v;
}

const refuse = (message: string) => new ApiError(401, message);

/** The JWS's header and raw signature, or a 401 saying what is wrong with it. */
export function parseDetachedJws(jws: string): {
  encodedHeader: string;
  kid?: string;
  signature: Uint8Array;
} {
  const parts = jws.trim().split('.');
  if (parts.length !== 3)
    throw refuse('X-Agent-Signature is malformed: a compact JWS has three dot-separated parts');
  const [encodedHeader = '', payload, encodedSignature = ''] = parts;
  if (payload !== '')
    throw refuse(
      'X-Agent-Signature is malformed: the payload must be detached (header..signature)',
    );
  const headerBytes = fromBase64url(encodedHeader);
  let header: unknown;
  try {
    header =
      headerBytes && JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(headerBytes));
  } catch {
    header = undefined;
  }
  if (!header || typeof header !== 'object' || Array.isArray(header))
    throw refuse('X-Agent-Signature is malformed: the header is not base64url JSON');
  const { alg, kid, ...rest } = header as Record<string, unknown>;
  if (alg !== 'ES256') throw refuse('X-Agent-Signature is malformed: alg must be ES256');
  if (kid !== undefined && typeof kid !== 'string')
    throw refuse('X-Agent-Signature is malformed: kid must be a string');
  const extra = Object.keys(rest).filter((k) => k !== 'typ');
  if (extra.length > 0)
    throw refuse(`X-Agent-Signature is malformed: unsupported header field ${extra.join(', ')}`);
  const signature = fromBase64url(encodedSignature);
  if (!signature) throw refuse('X-Agent-Signature is malformed: the signature is not base64url');
  if (signature.length !== 64)
    throw refuse(
      signature[0] === 0x30
        ? 'X-Agent-Signature is DER-encoded: ES256 in JWS is the 64-byte r||s (IEEE P1363) form'
        : `X-Agent-Signature is malformed: an ES256 signature is 64 bytes, not ${signature.length}`,
    );
  return { encodedHeader, signature, ...(kid === undefined ? {} : { kid: kid as string }) };
}

/** The request target as the client sent it (path and query), which the subject binds. */
function requestTarget(c: Context): string {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming?.url) return incoming.url;
  const url = new URL(c.req.url);
  return url.pathname + url.search;
}

/** Routes that take the API key alone: listing agents, and the business revoking a contract. */
const unsigned = (method: string, path: string) =>
  (method === 'GET' && (path === '/api/agents' || path === '/api/agents/')) ||
  (method === 'POST' && /^\/api\/agents\/contracts\/[^/]+\/revoke\/?$/.test(path));

/**
 * The durable record of nonces, in the service's group commit (store/group-commit.ts): a request
 * goes on only once its nonce is committed, so it is never accepted on a nonce that a crash could
 * forget, and a busy service pays for one commit per batch instead of one per request.
 */
function createNonceLog(ctx: AgentContext) {
  const { insert } = nonceStatements(ctx.store);
  /** Resolves true once the nonce is stored, false when it was already there (a replay). */
  return async (scope: string, nonce: string, expiresAt: number) =>
    await ctx.commit(async () => (await insert.run(scope, nonce, expiresAt)).changes === 1);
}

/** Methods whose requests carry no body, so the digest needs no read of one. */
const BODYLESS = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS']);
const EMPTY_DIGEST = createHash('sha256').update('').digest('base64url');

export function agentAuth(ctx: AgentContext, agents: AgentStore): MiddlewareHandler {
  const recordNonce = createNonceLog(ctx);

  async function checkSignature(
    c: Context,
    opts: {
      key: KeyObject;
      agentIdLine: string;
      scope: string;
      environment: Environment;
      merchantId: string;
    },
  ): Promise<void> {
    const jws = c.req.header(AGENT_HEADERS.signature);
    if (!jws) throw refuse('X-Agent-Signature is required: sign the request (docs/agent-pay.md)');
    const stamp = c.req.header(AGENT_HEADERS.timestamp) ?? '';
    if (!/^\d{1,12}$/.test(stamp))
      throw refuse('X-Agent-Timestamp is required: Unix seconds as a decimal integer');
    const nonce = c.req.header(AGENT_HEADERS.nonce) ?? '';
    if (!NONCE_PATTERN.test(nonce))
      throw refuse('X-Agent-Nonce is required: 16-128 characters of A-Z a-z 0-9 _ -');
    // kid is the signer's own label (a KMS key id, say): X-Agent-Id names the agent.
    const { encodedHeader, signature } = parseDetachedJws(jws);
    const nowSeconds = Math.floor(ctx.clock.now(opts.environment, opts.merchantId) / 1000);
    const timestamp = Number(stamp);
    if (Math.abs(timestamp - nowSeconds) > TIMESTAMP_WINDOW_SECONDS)
      throw refuse(
        `X-Agent-Timestamp ${timestamp} is outside ±${TIMESTAMP_WINDOW_SECONDS} s of the service's clock (${nowSeconds}, also in X-Agent-Server-Time)`,
      );
    const bodyless =
      BODYLESS.has(c.req.method) &&
      !c.req.header('content-length') &&
      !c.req.header('transfer-encoding');
    const bodyDigest = bodyless
      ? EMPTY_DIGEST
      : createHash('sha256')
          .update(new Uint8Array(await c.req.arrayBuffer()))
          .digest('base64url');
    const subject = canonicalSubject({
      method: c.req.method,
      pathWithQuery: requestTarget(c),
      bodyDigest,
      timestamp,
      nonce,
      agentId: opts.agentIdLine,
    });
    const ok = verify(
      'sha256',
      Buffer.from(signingInput(encodedHeader, subject)),
      { key: opts.key, dsaEncoding: 'ieee-p1363' },
      signature,
    );
    if (!ok)
      throw refuse(
        "The signature does not verify against the agent's registered key for this method, path, query, body, timestamp and nonce",
      );
    // Kept until the timestamp could no longer pass the window check.
    const expiresAt = (timestamp + TIMESTAMP_WINDOW_SECONDS + 1) * 1000;
    if (!(await recordNonce(opts.scope, nonce, expiresAt)))
      throw refuse('X-Agent-Nonce was already used: a replayed request is refused');
  }

  return async (c, next) => {
    // Every agent response tells the client the clock of its key's environment (its merchant's
    // sandbox clock may be moved; production's is real time), which is what its timestamps are
    // checked against.
    const serverTime = (environment: Environment, merchantId?: string) =>
      c.header(
        AGENT_HEADERS.serverTime,
        String(Math.floor(ctx.clock.now(environment, merchantId) / 1000)),
      );
    serverTime('production'); // until the key says which environment
    if (unsigned(c.req.method, c.req.path)) {
      try {
        const known = await ctx.auth.authorize(c.req.header('authorization'), 'agent');
        if (known) serverTime(known.environment, known.merchantId);
      } catch {
        // The route itself answers a key it refuses.
      }
      return next();
    }
    const caller = (await ctx.auth.authorize(
      c.req.header('authorization'),
      'agent',
    )) as MerchantCaller;
    serverTime(caller.environment, caller.merchantId);
    const claimed = c.req.header(AGENT_HEADERS.agentId) ?? '';

    if (
      c.req.method === 'POST' &&
      (c.req.path === '/api/agents' || c.req.path === '/api/agents/')
    ) {
      // Registration proves possession: it is signed by the very key it registers.
      let json: unknown;
      try {
        json = JSON.parse((await c.req.text()) || '{}');
      } catch {
        throw badField('(body)', 'is not valid JSON');
      }
      const body = parseOrThrow(AgentRegisterBody, json, 'body');
      if (!body.publicKeyPem)
        throw badField('publicKeyPem', 'is required: the public key this request is signed with');
      const key = parsePublicKey(body.publicKeyPem);
      const keyThumbprint = thumbprint(key);
      await checkSignature(c, {
        key,
        agentIdLine: claimed,
        scope: `key:${caller.merchantId}:${caller.environment}:${keyThumbprint}`,
        environment: caller.environment,
        merchantId: caller.merchantId,
      });
      verified.set(c.req.raw, {
        kind: 'registration',
        caller,
        claimedAgentId: claimed,
        publicKeyPem: canonicalPem(key),
        keyThumbprint,
      });
      return next();
    }

    if (!claimed) throw refuse('X-Agent-Id is required: the id of the signing agent');
    const agent = await agents.get(caller, claimed);
    if (!agent)
      throw refuse('X-Agent-Id names no agent of this API key’s business and environment');
    await checkSignature(c, {
      key: agents.keyOf(agent),
      agentIdLine: agent.id,
      scope: agent.id,
      environment: caller.environment,
      merchantId: caller.merchantId,
    });
    verified.set(c.req.raw, { kind: 'agent', caller, agent });
    // Idempotency keys are the agent's own (a retry is signed afresh: docs/agent-pay.md).
    setIdempotencyOwner(c.req.raw, `agent:${agent.id}`);
    return next();
  };
}
