/**
 * The Agent Pay TypeScript client (docs/agent-pay.md, "The TypeScript client"): an agent
 * identity that signs every request, and the spending contracts a human authorizes. Depends on
 * the platform alone (fetch and WebCrypto: Node 20+ and browsers); the types come from the
 * service's contract and are erased when built.
 */
import type { z } from 'zod';
import type {
  Agent,
  AgentPage,
  CollectChargeBody,
  Contract,
  ContractCreateBody,
  ContractListFilters,
  ContractPage,
  ContractPayment,
  ContractPaymentListQuery,
  ContractPaymentPage,
  ContractUpdateBody,
  ReceiptClaims,
  ReceiptJwks,
  SendPaymentBody,
} from '../shared/contract/agent';
import type { ErrorEnvelope } from '../shared/contract/errors';
import type { AccessSecret, CreatedAccessSecret } from '../shared/contract/secrets';
import type { Merchant, MerchantUpdateBody } from '../shared/contract/merchants';
import type { Store, StoreCreateBody, StoreUpdateBody } from '../shared/contract/terminals';
import {
  AGENT_HEADERS,
  TIMESTAMP_WINDOW_SECONDS,
  canonicalSubject,
  utf8,
} from '../shared/agent-signing';
import {
  bodyDigest,
  importPrivateKey,
  keySigner,
  newNonce,
  publicKeyPemOf,
  type Signer,
} from './keys';
import { checkReceipt, clientReceipts, type ReceiptExpectations } from './receipts';

export type { Signer } from './keys';
export type { ReceiptExpectations } from './receipts';
export type AgentIdentity = z.infer<typeof Agent>;
export type AgentList = z.infer<typeof AgentPage>;
export type ContractRecord = z.infer<typeof Contract>;
export type ContractList = z.infer<typeof ContractPage>;
export type ContractInput = z.input<typeof ContractCreateBody>;
export type ApproverInput = ContractInput['approver'];
export type ContractUpdateInput = z.input<typeof ContractUpdateBody>;
export type ContractFilters = Partial<
  Pick<z.infer<typeof ContractListFilters>, 'type' | 'status' | 'page' | 'size'>
>;
export type PaymentRecord = z.infer<typeof ContractPayment>;
export type PaymentList = z.infer<typeof ContractPaymentPage>;
export type SendPaymentInput = z.input<typeof SendPaymentBody>;
export type CollectChargeInput = z.input<typeof CollectChargeBody>;
export type MerchantRecord = z.infer<typeof Merchant>;
export type MerchantUpdateInput = z.input<typeof MerchantUpdateBody>;
export type PaymentFilters = Partial<z.infer<typeof ContractPaymentListQuery>>;
export type AccessSecretRecord = z.infer<typeof AccessSecret>;
export type CreatedAccessSecretRecord = z.infer<typeof CreatedAccessSecret>;
export type StoreRecord = z.infer<typeof Store>;
export type StoreInput = z.input<typeof StoreCreateBody>;
export type StoreUpdateInput = z.input<typeof StoreUpdateBody>;
/** What a verified receipt says. */
export type Receipt = z.infer<typeof ReceiptClaims>;
/** The service's receipt keys, a JWKS (AgentPay.receiptKeys). */
export type ReceiptKeys = z.infer<typeof ReceiptJwks>;

export type AgentPayErrorCode =
  | 'AUTHORIZATION_TIMEOUT'
  | 'AUTHORIZATION_FAILED'
  | 'NOT_REGISTERED'
  | 'NO_API_KEY'
  | 'NO_KEY'
  /**
   * verifyReceipt: the receipt is malformed, names no key of the JWKS, was changed, has expired,
   * or is not of the service, business or environment expected.
   */
  | 'RECEIPT_INVALID'
  | z.infer<typeof ErrorEnvelope>['name'];

/** Every failure: `code` is the envelope's name for HTTP errors, or the client's own code. */
export class AgentPayError extends Error {
  constructor(
    readonly code: AgentPayErrorCode,
    message: string,
    readonly status?: number,
    readonly errors: { field: string; message: string }[] = [],
    /** The contract, for AUTHORIZATION_FAILED and AUTHORIZATION_TIMEOUT. */
    readonly contract?: ContractRecord,
  ) {
    super(message);
    this.name = 'AgentPayError';
  }
}

/**
 * A payment receipt's claims, once its ES256 signature verifies with the key of `jwks` its
 * header names (docs/agent-pay.md, "Receipts"); offline, WebCrypto only. Throws AgentPayError
 * RECEIPT_INVALID when it is malformed, names no key of `jwks`, is not ES256, has a high-S
 * signature, any byte of it changed, its `exp` has passed, or it is not of the issuer, business
 * or environment that `expected` names. AgentPay.verifyReceipt fills `expected` from the client.
 */
export async function verifyReceipt(
  receipt: string,
  jwks: ReceiptKeys,
  expected: ReceiptExpectations = {},
): Promise<Receipt> {
  const checked = await checkReceipt(receipt, jwks, expected);
  if (!checked.ok) throw new AgentPayError('RECEIPT_INVALID', `The receipt ${checked.why}`);
  return checked.claims as Receipt;
}

export interface AgentPayOptions {
  /** The service, e.g. http://127.0.0.1:4010 */
  baseUrl: string;
  /** Tier 1: the merchant's API key; defaults to the SERVICE_API_KEY environment variable. */
  apiKey?: string;
  /** Tier 2, supply (a)/(b): the agent's P-256 private key (PKCS#8 or SEC1 PEM). */
  privateKeyPem?: string;
  /** Tier 2, supply (c): a custom signer (a KMS, say); register with its publicKeyPem. */
  signer?: Signer;
  /** The agent to sign as; set by agent.register, or give it to skip registering again. */
  agentId?: string;
  /** Passed to the signer and put in the JWS header; informational for the service. */
  kid?: string;
  /** Another fetch (tests, proxies); defaults to globalThis.fetch. */
  fetch?: typeof fetch;
}

interface RequestOptions {
  body?: unknown;
  query?: Record<string, unknown>;
  /** false: the API key alone (agent.list). */
  signed?: boolean;
  /** Sent as Idempotency-Key (not signed); every attempt is still signed afresh. */
  idempotencyKey?: string;
}

/**
 * Options of the calls that create or move money. `idempotencyKey`: the same key on a retry
 * (each retry is signed afresh, with a new nonce) replays the first answer instead of paying
 * twice; a UUID per intended payment is ideal (docs/agent-pay.md, "Retries").
 */
export interface WriteOptions {
  idempotencyKey?: string;
}

const TERMINAL_FAILURES = new Set(['DECLINED', 'EXPIRED', 'REVOKED']);

const envApiKey = (): string | undefined =>
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env
    ?.SERVICE_API_KEY;

export class AgentPay {
  readonly baseUrl: string;
  private readonly apiKey: string | undefined;
  private readonly fetchImpl: typeof fetch;
  private signerPromise: Promise<{ sign: Signer; publicKeyPem?: string }> | undefined;
  private agentIdValue: string | undefined;
  /** The service's clock minus ours, in seconds: the sandbox may move its clock. */
  private skewSeconds = 0;

  constructor(private readonly options: AgentPayOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.apiKey = options.apiKey ?? envApiKey();
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.agentIdValue = options.agentId;
  }

  /** The id this client signs as, once registered (or given). */
  get agentId(): string | undefined {
    return this.agentIdValue;
  }

  private signerOf(): Promise<{ sign: Signer; publicKeyPem?: string }> {
    this.signerPromise ??= (async () => {
      if (this.options.signer) return { sign: this.options.signer };
      if (!this.options.privateKeyPem)
        throw new AgentPayError('NO_KEY', 'Give privateKeyPem or a signer to sign requests');
      const key = await importPrivateKey(this.options.privateKeyPem);
      return { sign: keySigner(key), publicKeyPem: await publicKeyPemOf(key) };
    })();
    return this.signerPromise;
  }

  private async request<T>(
    method: string,
    path: string,
    opts: RequestOptions = {},
    agentId = this.agentIdValue,
    retried = false,
  ): Promise<T> {
    if (!this.apiKey)
      throw new AgentPayError(
        'NO_API_KEY',
        'Give apiKey or set the SERVICE_API_KEY environment variable',
      );
    const query = Object.entries(opts.query ?? {}).filter(([, v]) => v !== undefined);
    const target =
      path +
      (query.length
        ? `?${new URLSearchParams(query.map(([k, v]): [string, string] => [k, String(v)]))}`
        : '');
    const text = opts.body === undefined ? '' : JSON.stringify(opts.body);
    const headers: Record<string, string> = { authorization: `Bearer ${this.apiKey}` };
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (opts.idempotencyKey !== undefined) headers['idempotency-key'] = opts.idempotencyKey;
    let timestamp = 0;
    if (opts.signed !== false) {
      const { sign } = await this.signerOf();
      timestamp = Math.floor(Date.now() / 1000) + this.skewSeconds;
      const nonce = newNonce();
      const subject = canonicalSubject({
        method,
        pathWithQuery: target,
        bodyDigest: await bodyDigest(utf8(text)),
        timestamp,
        nonce,
        agentId: agentId ?? '',
      });
      headers[AGENT_HEADERS.signature] = await sign(subject, this.options.kid ?? agentId);
      headers[AGENT_HEADERS.timestamp] = String(timestamp);
      headers[AGENT_HEADERS.nonce] = nonce;
      if (agentId) headers[AGENT_HEADERS.agentId] = agentId;
    }
    const res = await this.fetchImpl(this.baseUrl + target, {
      method,
      headers,
      ...(opts.body !== undefined ? { body: text } : {}),
    });
    const serverTime = Number(res.headers.get(AGENT_HEADERS.serverTime));
    if (Number.isFinite(serverTime) && serverTime > 0)
      this.skewSeconds = serverTime - Math.floor(Date.now() / 1000);
    const raw = await res.text();
    const json: unknown = raw === '' ? undefined : JSON.parse(raw);
    if (res.ok) return json as T;
    // The sandbox moved its clock past our window: sign again on its time, once.
    if (
      res.status === 401 &&
      !retried &&
      opts.signed !== false &&
      Math.abs(serverTime - timestamp) > TIMESTAMP_WINDOW_SECONDS
    )
      return this.request<T>(method, path, opts, agentId, true);
    const envelope = (json ?? {}) as Partial<z.infer<typeof ErrorEnvelope>>;
    throw new AgentPayError(
      envelope.name ?? 'INTERNAL_SERVER_ERROR',
      envelope.message ?? `HTTP ${res.status}`,
      res.status,
      Array.isArray(envelope.errors) ? envelope.errors : [],
    );
  }

  private requireAgent(): string {
    if (!this.agentIdValue)
      throw new AgentPayError(
        'NOT_REGISTERED',
        'Call agent.register first, or give agentId to the AgentPay constructor',
      );
    return this.agentIdValue;
  }

  private async signed<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    return this.request<T>(method, path, opts, this.requireAgent());
  }

  readonly agent = {
    /**
     * Registers this key as an agent of the API key's business and environment (idempotent;
     * a changed name or description is saved). With a custom signer, give publicKeyPem.
     */
    register: async (input: {
      name: string;
      description?: string;
      publicKeyPem?: string;
    }): Promise<AgentIdentity> => {
      const { publicKeyPem: derived } = await this.signerOf();
      const publicKeyPem = input.publicKeyPem ?? derived;
      if (!publicKeyPem)
        throw new AgentPayError('NO_KEY', 'With a custom signer, register with publicKeyPem');
      const agent = await this.request<AgentIdentity>(
        'POST',
        '/api/agents',
        {
          body: {
            name: input.name,
            ...(input.description !== undefined ? { description: input.description } : {}),
            publicKeyPem,
          },
        },
        this.agentIdValue,
      );
      this.agentIdValue = agent.agentId;
      return agent;
    },
    /** The signing agent, with its status. */
    me: () => this.signed<AgentIdentity>('GET', '/api/agents/me'),
    /** The business's agents in this environment (the API key alone). */
    list: (opts: { page?: number; size?: number } = {}) =>
      this.request<AgentList>('GET', '/api/agents', { query: opts, signed: false }),
  };

  /**
   * The service's receipt keys (its JWKS, public: no API key needed), for verifyReceipt. Fetch
   * them once and keep them: a receipt verifies offline.
   */
  async receiptKeys(): Promise<ReceiptKeys> {
    const res = await this.fetchImpl(`${this.baseUrl}/.well-known/counter-receipts.json`);
    if (!res.ok)
      throw new AgentPayError(
        'INTERNAL_SERVER_ERROR',
        `The receipt keys could not be read: HTTP ${res.status}`,
        res.status,
      );
    return (await res.json()) as ReceiptKeys;
  }
  private readonly receipts = clientReceipts({
    issuer: () => this.baseUrl,
    keys: () => this.receiptKeys(),
    agent: () => (this.agentIdValue ? this.agent.me() : undefined),
    merchant: () => this.merchant.get(),
    apiKey: () => this.apiKey,
  });
  /**
   * A receipt this client's service issued to this client's business: verifyReceipt with the
   * service's keys (read again when the receipt names one not yet seen: the key rotated), and
   * `expected` filled from the client (issuer: baseUrl; businessId and environment: its
   * agent's, or its API key's). Give any of them to check against another.
   */
  async verifyReceipt(receipt: string, expected: ReceiptExpectations = {}): Promise<Receipt> {
    const checked = await this.receipts(receipt, expected);
    if (!checked.ok) throw new AgentPayError('RECEIPT_INVALID', `The receipt ${checked.why}`);
    return checked.claims as Receipt;
  }
  /** The business's own profile and settings (the API key alone, unsigned; docs/merchant-profile.md). */
  readonly merchant = {
    /** Name, address, company and VAT numbers, support contact, logo URL and settings. */
    get: () => this.request<MerchantRecord>('GET', '/api/merchant', { signed: false }),
    /**
     * Changes only the fields given; null clears one. `logo` is a data URL of a PNG or an SVG
     * (at most 256 KiB); settings apply to payments created from now on.
     */
    update: (input: MerchantUpdateInput) =>
      this.request<MerchantRecord>('PATCH', '/api/merchant', { body: input, signed: false }),
  };

  readonly contract = {
    /**
     * A new contract, PENDING_AUTHORIZATION, with the authorizationUrl for the human. Who
     * approves is the service's choice: one of the business's approvers (SEND) or the customer
     * (COLLECT), picked on the page, where approving needs the code sent to them. `approver`
     * ({email} or {phone}) is optional: a suggestion among those, which the page preselects.
     */
    create: (input: ContractInput, opts: WriteOptions = {}) =>
      this.signed<ContractRecord>('POST', '/api/agents/contracts', { body: input, ...opts }),
    /** The contract with its live usage. */
    get: (contractId: string) =>
      this.signed<ContractRecord>('GET', `/api/agents/contracts/${encodeURIComponent(contractId)}`),
    list: (opts: ContractFilters = {}) =>
      this.signed<ContractList>('GET', '/api/agents/contracts', { query: opts }),
    /** Every contract matching the filters, across pages. */
    listAll: async (opts: Omit<ContractFilters, 'page' | 'size'> = {}) => {
      const all: ContractRecord[] = [];
      for (let page = 0; ; page++) {
        const batch = await this.contract.list({ ...opts, page, size: 100 });
        all.push(...batch.data);
        if (batch.data.length === 0 || all.length >= batch.totalCount) return all;
      }
    },
    /** Stages new limits as pendingUpdate; returns the authorizationUrl for the human. */
    update: (contractId: string, input: ContractUpdateInput) =>
      this.signed<ContractRecord>(
        'PUT',
        `/api/agents/contracts/${encodeURIComponent(contractId)}`,
        {
          body: input,
        },
      ),
    /**
     * Polls until the contract is ACTIVE. Throws AUTHORIZATION_FAILED when it was declined or
     * its link expired, AUTHORIZATION_TIMEOUT after timeoutMs (default 5 minutes).
     */
    awaitActive: async (
      contractId: string,
      opts: { timeoutMs?: number; intervalMs?: number } = {},
    ): Promise<ContractRecord> => {
      const deadline = Date.now() + (opts.timeoutMs ?? 300_000);
      for (;;) {
        const contract = await this.contract.get(contractId);
        if (contract.status === 'ACTIVE') return contract;
        if (TERMINAL_FAILURES.has(contract.status))
          throw new AgentPayError(
            'AUTHORIZATION_FAILED',
            `The contract was not authorized: it is ${contract.status}`,
            undefined,
            [],
            contract,
          );
        const left = deadline - Date.now();
        if (left <= 0)
          throw new AgentPayError(
            'AUTHORIZATION_TIMEOUT',
            `The contract is still ${contract.status} after ${opts.timeoutMs ?? 300_000} ms`,
            undefined,
            [],
            contract,
          );
        await new Promise((r) => setTimeout(r, Math.min(opts.intervalMs ?? 1000, left)));
      }
    },
    /**
     * Revokes the contract at once (the API key alone, as the business): REVOKED, and every later
     * send or collect is refused with CONTRACT_REVOKED; payments already made stay. Revoking it
     * again answers it unchanged.
     */
    revoke: (contractId: string) =>
      this.request<ContractRecord>(
        'POST',
        `/api/agents/contracts/${encodeURIComponent(contractId)}/revoke`,
        { signed: false },
      ),
    /** SEND: pays a payee's bank account under the contract's limits. */
    send: (contractId: string, input: SendPaymentInput, opts: WriteOptions = {}) =>
      this.signed<PaymentRecord>(
        'POST',
        `/api/agents/contracts/${encodeURIComponent(contractId)}/payments`,
        { body: input, ...opts },
      ),
    /** COLLECT: charges the customer's linked card under the contract's limits. */
    collect: (contractId: string, input: CollectChargeInput, opts: WriteOptions = {}) =>
      this.signed<PaymentRecord>(
        'POST',
        `/api/agents/contracts/${encodeURIComponent(contractId)}/charges`,
        { body: input, ...opts },
      ),
    /** The payments and charges made under a contract, newest first. */
    payments: (contractId: string, opts: PaymentFilters = {}) =>
      this.signed<PaymentList>(
        'GET',
        `/api/agents/contracts/${encodeURIComponent(contractId)}/payments`,
        { query: opts },
      ),
    /** One payment or charge. */
    payment: (paymentId: string) =>
      this.signed<PaymentRecord>('GET', `/api/agents/payments/${encodeURIComponent(paymentId)}`),
  };

  /**
   * The merchant's access secrets (the API key alone, unsigned). Rotation without downtime:
   * `create` a new one, move the integration to it, then `revoke` the old (docs/security.md).
   */
  readonly secrets = {
    /** The secrets in use: a sandbox key sees the sandbox ones, a production key both. */
    list: () =>
      this.request<AccessSecretRecord[]>('GET', '/api/merchant/secrets', { signed: false }),
    /** A new secret; its `secret` is shown only in this answer (production needs a production key). */
    create: (environment: 'sandbox' | 'production') =>
      this.request<CreatedAccessSecretRecord>('POST', '/api/merchant/secrets', {
        body: { environment },
        signed: false,
      }),
    /** Refused from its next request on; the key making the call cannot revoke itself (409). */
    revoke: async (secretId: string): Promise<void> => {
      await this.request('DELETE', `/api/merchant/secrets/${encodeURIComponent(secretId)}`, {
        signed: false,
      });
    },
  };

  /**
   * The merchant's stores (the API key alone, unsigned; docs/merchant-profile.md#stores). An archived
   * store's terminals take no new payments (STORE_ARCHIVED); the primary store cannot be archived.
   */
  readonly stores = {
    /** Every store, the primary first, archived ones included. */
    list: () => this.request<StoreRecord[]>('GET', '/api/stores', { signed: false }),
    /** A new store: a name and, optionally, an address. */
    create: (input: StoreInput) =>
      this.request<StoreRecord>('POST', '/api/stores', { body: input, signed: false }),
    /** Renames, re-addresses (null removes it), archives (`archived: true`) or opens it again. */
    update: (storeId: string, input: StoreUpdateInput) =>
      this.request<StoreRecord>('PATCH', `/api/stores/${encodeURIComponent(storeId)}`, {
        body: input,
        signed: false,
      }),
  };
}
