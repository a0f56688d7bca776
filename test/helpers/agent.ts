/** Agent Pay test helpers: keys, raw signed requests (to tamper with), a registered client. */
import {
  createHash,
  createPublicKey,
  generateKeyPairSync,
  sign,
  type KeyObject,
} from 'node:crypto';
import {
  canonicalSubject,
  detachedJws,
  jwsHeader,
  signingInput,
} from '../../src/shared/agent-signing';
import { AgentPay } from '../../src/agent/index';
import { SANDBOX, type Harness } from './service';

export interface TestKey {
  privateKey: KeyObject;
  privateKeyPem: string;
  publicKeyPem: string;
}

export function newKey(): TestKey {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    privateKey,
    privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    publicKeyPem: createPublicKey(privateKey).export({ format: 'pem', type: 'spki' }).toString(),
  };
}

export const limits = (over: Record<string, unknown> = {}) => ({
  maxPerPayment: 50,
  periodLimits: [
    { amount: 100, period: 'DAY' },
    { amount: 400, period: 'MONTH' },
  ],
  validTo: '2099-01-01T00:00:00Z',
  ...over,
});

export const payee = { name: 'Acme Supplies', sortCode: '12-34-56', accountNumber: '12345678' };

/** A client with a fresh key, registered as an agent. */
export async function registeredClient(h: Harness, name = 'Test agent') {
  const key = newKey();
  const client = new AgentPay({
    baseUrl: h.url,
    apiKey: SANDBOX,
    privateKeyPem: key.privateKeyPem,
  });
  const agent = await client.agent.register({ name });
  return { client, key, agent };
}

/** An ACTIVE SEND contract of `client`, approved through the sandbox control. */
export async function activeContract(
  h: Harness,
  client: AgentPay,
  over: Record<string, unknown> = {},
) {
  const created = await client.contract.create({ name: 'Supplies', limits: limits(over) } as never);
  const res = await h.call('POST', `/api/sandbox/contracts/${created.contractId}/authorize`, {
    decision: 'APPROVE',
  });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return created.contractId;
}

/**
 * Sets the business's own approvers of the secret's environment (PUT /api/merchant/approvers), as
 * the business does in its dashboard's Settings. Without approvers in effect no code is needed.
 */
export async function setApprovers(
  h: Harness,
  approvers: ({ email: string } | { phone: string })[],
  secret: string = SANDBOX,
) {
  const res = await h.call('PUT', '/api/merchant/approvers', { approvers }, secret);
  if (res.status !== 200) throw new Error(`approvers not set: ${JSON.stringify(res.body)}`);
  return res.body as { confirmers: { id: string; to: string }[] };
}

/** The choices of recipient an authorization page offers: each one's form id and masked address. */
export async function pageRecipients(url: string): Promise<{ id: string; to: string }[]> {
  const html = await (await fetch(url)).text();
  const radios = [
    ...html.matchAll(/name="to" value="([^"]+)"[^>]*\/?>\s*<span>([^<]+)<\/span>/g),
  ].map((m) => ({ id: m[1]!, to: m[2]! }));
  if (radios.length > 0) return radios;
  const only = /type="hidden" name="to" value="([^"]+)"/.exec(html);
  const to = /we send a one-time code to (\S+)\. Only you/.exec(html);
  return only ? [{ id: only[1]!, to: to?.[1] ?? '' }] : [];
}

/** Posts a form to a hosted page as the browser does (no redirect followed). */
export const postForm = (url: string, fields: Record<string, string>): Promise<Response> =>
  fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });

/**
 * Asks the authorization page to send the approver a code, and reads it back from the sandbox
 * outbox (GET /api/sandbox/messages): in the sandbox that is where the approver's message lands.
 */
export async function sandboxCode(h: Harness, authorizationUrl: string): Promise<string> {
  const sent = await postForm(`${authorizationUrl}/code`, {});
  if (sent.status !== 303) throw new Error(`no code sent: ${sent.status} ${await sent.text()}`);
  return codeIn((await h.call('GET', '/api/sandbox/messages?size=100')).body, authorizationUrl);
}

/** The newest approval code for a link in a page of the sandbox outbox (newest first). */
export function codeIn(outbox: { data: { link?: string; body: string }[] }, link: string): string {
  const code = outbox.data.find((m) => m.link === link)?.body.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code message for ${link}`);
  return code;
}

/**
 * A browser on the hosted pages without JavaScript: plain form posts, redirects not followed, and
 * the cookies the service sets kept and sent back (each test's links are its own, so paths are
 * not told apart).
 */
export function pageBrowser() {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return res;
  };
  const cookie = (): Record<string, string> =>
    jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {};
  return {
    get: async (url: string | URL) => keep(await fetch(url, { headers: cookie() })),
    post: async (
      url: string,
      fields: Record<string, string>,
      headers: Record<string, string> = {},
    ) =>
      keep(
        await fetch(url, {
          method: 'POST',
          body: new URLSearchParams(fields),
          redirect: 'manual',
          headers: { ...cookie(), ...headers },
        }),
      ),
  };
}
export type PageBrowser = ReturnType<typeof pageBrowser>;

/**
 * COLLECT: the customer types the code sent to them (read from the sandbox outbox) in `browser`,
 * which opens their session on the page: only then does it show their cards.
 */
export async function verifyOnPage(h: Harness, browser: PageBrowser, authorizationUrl: string) {
  const code = await sandboxCode(h, authorizationUrl);
  const res = await browser.post(`${authorizationUrl}/verify`, { code });
  if (res.status !== 303) throw new Error(`code not accepted: ${res.status} ${await res.text()}`);
}

/** Approves on the authorization page as the approver: sends a code, then types it. */
export async function approveOnPage(
  h: Harness,
  authorizationUrl: string,
  fields: Record<string, string> = {},
) {
  const code = await sandboxCode(h, authorizationUrl);
  return postForm(authorizationUrl, { decision: 'APPROVE', code, ...fields });
}

export interface RawSigned {
  method: string;
  path: string;
  body?: string;
  key: KeyObject;
  agentId: string;
  /** Unix seconds; default the service's clock (h.service.ctx.clock). */
  timestamp?: number;
  nonce?: string;
  kid?: string;
  /** What is signed, when it should differ from what is sent. */
  signed?: Partial<{ method: string; path: string; body: string }>;
  /** Sign DER instead of the JWS r||s form. */
  der?: boolean;
  /** Replace the JWS outright. */
  jws?: string | null;
  apiKey?: string;
  /** More headers to send (not signed), e.g. Idempotency-Key. */
  headers?: Record<string, string>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type RawAnswer = { status: number; body: any; headers: Headers; nonce: string; timestamp: number };

let counter = 0;
export const freshNonce = () => `test-nonce-${Date.now()}-${++counter}-abcdef`;

/** Sends a request signed with node:crypto, with every part open to tampering. */
export async function rawSigned(h: Harness, r: RawSigned): Promise<RawAnswer> {
  const timestamp =
    r.timestamp ??
    Math.floor(h.service.ctx.clock.now('sandbox', h.service.bootstrap.merchantId) / 1000);
  const nonce = r.nonce ?? freshNonce();
  const signedBody = r.signed?.body ?? r.body ?? '';
  const subject = canonicalSubject({
    method: r.signed?.method ?? r.method,
    pathWithQuery: r.signed?.path ?? r.path,
    bodyDigest: createHash('sha256').update(signedBody).digest('base64url'),
    timestamp,
    nonce,
    agentId: r.agentId,
  });
  const header = jwsHeader(r.kid);
  const signature = sign('sha256', Buffer.from(signingInput(header, subject)), {
    key: r.key,
    dsaEncoding: r.der ? 'der' : 'ieee-p1363',
  });
  const jws = r.jws === undefined ? detachedJws(header, signature) : r.jws;
  const res = await fetch(h.url + r.path, {
    method: r.method,
    headers: {
      authorization: `Bearer ${r.apiKey ?? SANDBOX}`,
      ...(r.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(jws !== null ? { 'x-agent-signature': jws } : {}),
      'x-agent-timestamp': String(timestamp),
      'x-agent-nonce': nonce,
      ...(r.agentId ? { 'x-agent-id': r.agentId } : {}),
      ...r.headers,
    },
    ...(r.body !== undefined ? { body: r.body } : {}),
  });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, headers: res.headers, nonce, timestamp };
}
