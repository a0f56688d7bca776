/**
 * The contract-driven fuzz (docs/reliability.md): for every route in routes.ts, requests made
 * from its zod schemas with fast-check, valid and invalid, plus hostile bodies and transports,
 * sent over real HTTP to a real service on loopback. It checks, for every answer:
 * - never a 5xx, never a hang or a dropped connection;
 * - every error is the envelope, with the status it is sent with;
 * - a request the route's own schema refuses is refused (never 2xx), naming at least one field;
 * - a success matches the route's response schema;
 * - a refused request commits no change: triggers count every committed write to every table
 *   (webhook deliveries and their attempts aside: the dispatcher writes them in the background;
 *   and a secret's last use, recorded whatever the answer: BOOKKEEPING_COLUMNS).
 * Used by test/fuzz/contract-fuzz.test.ts (bounded) and scripts/fuzz.ts (`npm run fuzz`).
 */
import fc from 'fast-check';
import type { z } from 'zod';
import { ErrorEnvelope } from '../../src/shared/contract/errors';
import { routes, type RouteDef } from '../../src/shared/contract/routes';
import { MAX_BODY_BYTES, MAX_JSON_DEPTH, isJsonContentType } from '../../src/service/http/body';
import { PRODUCTION, SANDBOX, startService, type Harness } from '../helpers/service';
import { sqliteConnection } from '../helpers/sqlite-connection';
import {
  deepJson,
  fromJsonSchema,
  hostileKey,
  hostileString,
  hostileValue,
  jsonSchemaOf,
  type Arb,
  type Known,
} from './arbitraries';

export interface FuzzOptions {
  requests: number;
  seed?: number;
  log?: (line: string) => void;
}

export interface FuzzFailure {
  route: string;
  problem: string;
  request: string;
  status: number;
  answer: string;
}

export interface FuzzReport {
  seed: number;
  sent: number;
  byStatus: Record<number, number>;
  refusedChecked: number;
  failures: FuzzFailure[];
  ms: number;
}

type Kind = 'valid' | 'mutated' | 'transport' | 'auth';

interface Plan {
  kind: Kind;
  params: Record<string, string>;
  query: Record<string, string>;
  /** The JSON value to send, or raw text/bytes for transport cases. */
  body?: unknown;
  raw?: string | Uint8Array;
  contentType?: string | null;
  auth: 'right' | 'none' | 'wrong' | 'other';
  idempotencyKey?: string;
}

const asStrings = (value: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries((value ?? {}) as Record<string, unknown>).map(([k, v]) => [
      k,
      typeof v === 'string' ? v : JSON.stringify(v),
    ]),
  );

/** A copy of an object with `key` set to `value`, made by JSON so "__proto__" stays a key. */
function withKey(target: unknown, key: string, value: unknown): unknown {
  const base =
    target && typeof target === 'object' && !Array.isArray(target) ? JSON.stringify(target) : '{}';
  const entry = `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`;
  return JSON.parse(base === '{}' ? `{${entry}}` : `${base.slice(0, -1)},${entry}}`);
}

/** Invalid variants of a valid body: a field dropped, retyped, hostile, or a hostile key. */
function mutate(value: unknown, schema: Record<string, unknown>): Arb {
  const keys = Object.keys((schema.properties ?? {}) as object);
  const required = (schema.required as string[] | undefined) ?? [];
  const record =
    value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  const options: Arb[] = [
    hostileValue,
    fc.tuple(hostileKey, hostileValue).map(([k, v]) => withKey(record, k, v)),
  ];
  if (keys.length)
    options.push(
      fc.tuple(fc.constantFrom(...keys), hostileValue).map(([k, v]) => withKey(record, k, v)),
      fc.tuple(fc.constantFrom(...keys), hostileString).map(([k, v]) => withKey(record, k, v)),
    );
  if (required.length)
    options.push(
      fc.constantFrom(...required).map((k) => {
        const copy = { ...record };
        delete copy[k];
        return copy;
      }),
    );
  // Hostile text inside metadata-like records, where keys are free.
  options.push(
    fc
      .tuple(hostileString, hostileString)
      .map(([k, v]) =>
        withKey(record, 'metadata', JSON.parse(`{${JSON.stringify(k)}:${JSON.stringify(v)}}`)),
      ),
  );
  return fc.oneof(...options);
}

const transportCases: fc.Arbitrary<Pick<Plan, 'raw' | 'contentType'>> = fc.oneof(
  fc.constant({ raw: 'x'.repeat(MAX_BODY_BYTES + 1), contentType: 'application/json' }),
  fc.constant({
    raw: JSON.stringify({ pad: 'y'.repeat(MAX_BODY_BYTES) }),
    contentType: 'application/json',
  }),
  fc.constant({ raw: deepJson(5000), contentType: 'application/json' }),
  fc.constant({
    raw: deepJson(MAX_JSON_DEPTH + 1, '{"a":', '}', '1'),
    contentType: 'application/json',
  }),
  fc.constant({ raw: '{"amount": 1,', contentType: 'application/json' }),
  fc.constant({ raw: '{"a":1}', contentType: 'text/plain;charset=UTF-8' }),
  fc.constant({ raw: 'amount=1', contentType: 'application/x-www-form-urlencoded' }),
  fc.constant({ raw: '{"a":1}', contentType: null }),
  fc.constant({ raw: '{"a":1}', contentType: 'application/json; charset=utf-16' }),
  fc.constant({
    raw: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
    contentType: 'application/json',
  }),
  fc.constant({
    raw: new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]),
    contentType: 'application/json',
  }),
  fc.constant({ raw: '{"a":1,"a":2}', contentType: 'application/json' }),
  fc.constant({ raw: '\u0000', contentType: 'application/json' }),
);

/** What the service must refuse about a body before any schema sees it. */
function transportRefused(plan: Plan, def: RouteDef): boolean {
  if (!def.body || plan.raw === undefined) return false;
  const bytes = typeof plan.raw === 'string' ? new TextEncoder().encode(plan.raw) : plan.raw;
  if (bytes.byteLength > MAX_BODY_BYTES) return true;
  if (bytes.byteLength > 0 && !isJsonContentType(plan.contentType ?? undefined)) return true;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    if (text.trim() === '') return false;
    JSON.parse(text);
    let depth = 0;
    let max = 0;
    for (const ch of text) {
      if (ch === '[' || ch === '{') max = Math.max(max, ++depth);
      if (ch === ']' || ch === '}') depth--;
    }
    return max > MAX_JSON_DEPTH;
  } catch {
    return true;
  }
}

/** The JSON the service will see, or undefined when it cannot parse the body at all. */
function sentJson(plan: Plan): unknown {
  if (plan.raw === undefined) return plan.body === undefined ? {} : plan.body;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(
      typeof plan.raw === 'string' ? new TextEncoder().encode(plan.raw) : plan.raw,
    );
    return text.trim() === '' ? {} : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

const failsSchema = (schema: z.ZodType | undefined, value: unknown) =>
  schema !== undefined && !schema.safeParse(value).success;

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const seed = options.seed ?? Date.now() % 2 ** 31;
  const log = options.log ?? (() => {});
  // No scheduler (due work is run before each request instead) and no brute-force limit: the
  // fuzz sends wrong secrets on purpose and must keep reaching the handlers.
  const h: Harness = await startService({
    tickMs: 2 ** 30,
    failureLimit: { burst: 1e9, perMinute: 1e9 },
  });
  const failures: FuzzFailure[] = [];
  const byStatus: Record<number, number> = {};
  let refusedChecked = 0;
  let sent = 0;
  try {
    const known = await seedState(h);
    const writes = await countWrites(h);
    const terminalSecret = known.terminalSecret;
    const entries = (Object.entries(routes) as [string, RouteDef][]).filter(
      ([name]) => options.requests >= 1 && name !== '',
    );
    const perRoute = Math.max(1, Math.ceil(options.requests / entries.length));
    const rng = fc.sample(fc.integer(), { numRuns: 1, seed })[0]!;

    for (const [index, [name, def]] of entries.entries()) {
      const plans = fc.sample(planArb(def, known), {
        numRuns: perRoute,
        seed: (seed + index * 7919 + rng) | 0,
      });
      for (const plan of plans) {
        if (sent >= options.requests) break;
        // The stream never ends for its own terminal: only refusals are sent to it.
        if (def.contentType === 'text/event-stream' && plan.auth === 'right') plan.auth = 'other';
        await h.service.ctx.lifecycle.expireDue();
        await h.service.ctx.lifecycle.settleDue();
        const before = await writes();
        const { request, init } = build(h.url, def, plan, terminalSecret);
        let status = 0;
        let answer = '';
        let contentType = '';
        try {
          const res = await fetch(request, { ...init, signal: AbortSignal.timeout(20_000) });
          status = res.status;
          contentType = res.headers.get('content-type') ?? '';
          answer = contentType.startsWith('image/') ? `(${contentType})` : await res.text();
        } catch (error) {
          answer = `no answer: ${(error as Error).message}`;
        }
        sent++;
        byStatus[status] = (byStatus[status] ?? 0) + 1;
        const fail = (problem: string) => {
          failures.push({
            route: name,
            problem,
            request: describe(def, plan, request),
            status,
            answer: answer.slice(0, 500),
          });
          log(`FAIL ${name}: ${problem} (${status}) ${answer.slice(0, 200)}`);
        };
        check(def, plan, status, answer, contentType, fail);
        if (status >= 400 && status < 600) {
          refusedChecked++;
          const after = await writes();
          if (after !== before) fail(`a refused request committed ${after - before} write(s)`);
        }
      }
      log(`${name}: ${sent} sent, ${failures.length} failures`);
    }
  } finally {
    await h.close();
  }
  return { seed, sent, byStatus, refusedChecked, failures, ms: Date.now() - started };
}

/**
 * A valid sandbox link may ask for up to 3,650 days of 500 transactions; generating that is the
 * bank-feed benchmark's business, not the fuzz's, which checks answers. Such bodies are kept to a
 * week of a few transactions a day (mutations of them still go out as generated).
 */
function keepSmall(def: RouteDef, body: unknown): unknown {
  if (def.path !== '/api/sandbox/bank/consents' || !body || typeof body !== 'object') return body;
  const b = body as { historyDays?: unknown; transactionsPerDay?: unknown };
  const cap = (v: unknown, max: number) => (typeof v === 'number' ? Math.min(v, max) : v);
  return {
    ...b,
    historyDays: cap(b.historyDays, 7),
    transactionsPerDay: cap(b.transactionsPerDay, 5),
  };
}

function planArb(def: RouteDef, known: Known): fc.Arbitrary<Plan> {
  const paramsArb = def.params ? fromJsonSchema(jsonSchemaOf(def.params), known) : fc.constant({});
  const queryArb = def.query ? fromJsonSchema(jsonSchemaOf(def.query), known) : fc.constant({});
  const bodySchema = def.body ? jsonSchemaOf(def.body) : undefined;
  const bodyArb = bodySchema ? fromJsonSchema(bodySchema, known) : fc.constant(undefined);
  const keyArb = fc.option(
    fc.constantFrom('fuzz-key-1', 'fuzz-key-2', 'bad key', 'x'.repeat(300)),
    {
      freq: 3,
      nil: undefined,
    },
  );
  const base = fc.record({
    params: paramsArb.map(asStrings),
    query: queryArb.map(asStrings),
    body: bodyArb.map((body) => keepSmall(def, body)),
    idempotencyKey: keyArb,
  });
  const valid = base.map((b): Plan => ({ ...b, kind: 'valid', auth: 'right' }));
  const mutated = base.chain((b) => {
    const choices: fc.Arbitrary<Plan>[] = [];
    if (bodySchema)
      choices.push(
        mutate(b.body, bodySchema).map((body): Plan => ({
          ...b,
          body,
          kind: 'mutated',
          auth: 'right',
        })),
      );
    const paramKeys = Object.keys(b.params);
    if (paramKeys.length)
      choices.push(
        fc.tuple(fc.constantFrom(...paramKeys), hostileString).map(([k, v]): Plan => ({
          ...b,
          params: { ...b.params, [k]: v },
          kind: 'mutated',
          auth: 'right',
        })),
      );
    choices.push(
      fc
        .tuple(
          fc.constantFrom(...Object.keys(b.query), 'status', 'page', 'size', 'metadata[x]'),
          hostileString,
        )
        .map(([k, v]): Plan => ({
          ...b,
          query: { ...b.query, [k]: v },
          kind: 'mutated',
          auth: 'right',
        })),
    );
    return fc.oneof(...choices);
  });
  const transport = fc
    .tuple(base, transportCases)
    .map(([b, t]): Plan => ({ ...b, ...t, kind: 'transport', auth: 'right' }));
  // On a merchantOrTerminal route both kinds of secret are right: there is no "other" one.
  const wrongAuth: Plan['auth'][] =
    def.auth === 'merchantOrTerminal' ? ['none', 'wrong'] : ['none', 'wrong', 'other'];
  const auth = fc
    .tuple(base, fc.constantFrom<Plan['auth']>(...wrongAuth))
    .map(([b, a]): Plan => ({ ...b, kind: 'auth', auth: a }));
  return fc.oneof(
    { weight: 5, arbitrary: valid },
    { weight: 4, arbitrary: mutated },
    { weight: 1, arbitrary: transport },
    { weight: 1, arbitrary: auth },
  );
}

function secretFor(def: RouteDef, plan: Plan, terminalSecret: string): string | null {
  const right = def.auth === 'terminal' ? terminalSecret : def.auth === 'public' ? null : SANDBOX;
  switch (plan.auth) {
    case 'right':
      return right;
    case 'none':
      return null;
    case 'wrong':
      return 'sk_sandbox_not_a_real_secret';
    case 'other':
      return def.auth === 'terminal'
        ? SANDBOX
        : def.auth === 'sandbox'
          ? PRODUCTION
          : terminalSecret;
  }
}

/** Percent-encoding; a lone surrogate goes as the bytes of invalid UTF-8 (ED A0 80). */
function encodePart(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '')) + '%ED%A0%80';
  }
}

function build(base: string, def: RouteDef, plan: Plan, terminalSecret: string) {
  // A path parameter that is a dot segment ("." or "..", encoded or not) is removed by URL
  // normalisation before the request leaves, so the request would reach another route: send it
  // with a character after it, which keeps it in the path and just as invalid.
  const path = def.path.replace(/\{(\w+)\}/g, (_, k: string) => {
    const value = plan.params[k] ?? '';
    return encodePart(/^\.{1,2}$/.test(value) ? `${value}_` : value);
  });
  // encodePart, not URLSearchParams: that would send a lone surrogate as U+FFFD, valid text the
  // service rightly accepts, while the schema check below sees the surrogate and expects a 400.
  const search = Object.entries(plan.query)
    .map(([k, v]) => `${encodePart(k)}=${encodePart(v)}`)
    .join('&');
  const secret = secretFor(def, plan, terminalSecret);
  const headers: Record<string, string> = {};
  if (secret) headers.authorization = `Bearer ${secret}`;
  if (plan.idempotencyKey) headers['idempotency-key'] = plan.idempotencyKey;
  let body: string | Uint8Array | undefined;
  if (plan.raw !== undefined) {
    body = plan.raw;
    if (plan.contentType) headers['content-type'] = plan.contentType;
  } else if (def.body && plan.body !== undefined) {
    body = JSON.stringify(plan.body);
    headers['content-type'] = 'application/json';
  }
  const init: RequestInit = {
    method: def.method.toUpperCase(),
    headers,
    body: def.method === 'get' ? undefined : (body as RequestInit['body']),
  };
  return { request: `${base}${path}${search ? `?${search}` : ''}`, init };
}

function describe(def: RouteDef, plan: Plan, url: string): string {
  const body =
    plan.raw !== undefined
      ? typeof plan.raw === 'string'
        ? plan.raw.slice(0, 200)
        : `bytes ${[...plan.raw.slice(0, 20)].join(',')}`
      : JSON.stringify(plan.body)?.slice(0, 300);
  return `${def.method.toUpperCase()} ${url.replace(/^http:\/\/[^/]+/, '').slice(0, 300)} [${plan.kind}, auth ${plan.auth}${plan.idempotencyKey ? `, key ${plan.idempotencyKey.slice(0, 20)}` : ''}${plan.contentType !== undefined ? `, type ${plan.contentType}` : ''}] ${body ?? ''}`;
}

function check(
  def: RouteDef,
  plan: Plan,
  status: number,
  answer: string,
  contentType: string,
  fail: (problem: string) => void,
) {
  if (status === 0) return fail(answer);
  if (status >= 500) return fail('a 5xx');
  const rightAuth = plan.auth === 'right' || def.auth === 'public';
  const json = sentJson(plan);
  const keyBad =
    def.idempotent === true &&
    plan.idempotencyKey !== undefined &&
    !/^[\x21-\x7e]{1,255}$/.test(plan.idempotencyKey);
  const invalid =
    transportRefused(plan, def) ||
    (def.body !== undefined && json === undefined) ||
    failsSchema(def.params, plan.params) ||
    failsSchema(def.query, plan.query) ||
    (def.body !== undefined && json !== undefined && failsSchema(def.body, json)) ||
    keyBad;

  if (status >= 400) {
    let envelope: ErrorEnvelope;
    try {
      envelope = ErrorEnvelope.parse(JSON.parse(answer));
    } catch {
      return fail('an error that is not the envelope');
    }
    if (envelope.status !== status) fail(`envelope status ${envelope.status} on a ${status}`);
    const fields = Array.isArray(envelope.errors) ? envelope.errors.map((e) => e.field) : [];
    const inputRefusal = [400, 413, 415].includes(status);
    const routeMissing = status === 404 && envelope.message.startsWith('No endpoint');
    if (invalid && rightAuth && inputRefusal && (!fields.length || fields.some((f) => !f)))
      fail('an invalid request refused without naming a field');
    // 431: a URL over Node's 16 KiB, refused by its parser (in the envelope, see app.ts).
    if (
      invalid &&
      rightAuth &&
      !inputRefusal &&
      !routeMissing &&
      ![401, 403, 409, 429, 431].includes(status)
    )
      fail(`an invalid request answered ${status}, not a 400 naming the field`);
    return;
  }
  if (invalid && rightAuth)
    return fail(`the schema refuses this request, the service answered ${status}`);
  if (!rightAuth && def.auth !== 'public')
    return fail(`answered ${status} without the right secret`);
  if (status !== def.status) fail(`success ${status}, the contract says ${def.status}`);
  if (def.response && contentType.includes('json')) {
    const parsed = def.response.safeParse(JSON.parse(answer));
    if (!parsed.success)
      fail(`response does not match the contract: ${parsed.error.message.slice(0, 300)}`);
  }
}

/**
 * Tables whose writes are not the request's state change: the webhook dispatcher records delivery
 * attempts in the background; an Idempotency-Key is reserved before a handler that answers later
 * runs and deleted again when it refuses (idempotency.test.ts checks a refusal is not
 * remembered); and a terminal's customer lookup is recorded found or not, by design, so the
 * merchant sees every attempt. An area that adds such writers lists its tables here.
 */
export const BACKGROUND_TABLES = [
  'webhook_deliveries',
  'webhook_delivery_attempts',
  'idempotency_keys',
  'terminal_lookups',
];

/**
 * Columns a request writes whatever its answer, as bookkeeping of the caller rather than a change
 * it asked for: a secret's last use is recorded (at most once a minute) even when the request it
 * authenticated is then refused.
 */
export const BOOKKEEPING_COLUMNS: Record<string, string[]> = {
  access_secrets: ['last_used_at'],
};

/** Counts committed writes to every table but BACKGROUND_TABLES (see the file comment). */
async function countWrites(h: Harness): Promise<() => Promise<number>> {
  // SQLite-only: temporary triggers on the SQLite store's one connection. Counted rows are read
  // through the store, which waits for an open transaction to end: only committed writes count.
  const db = sqliteConnection(h.service.store);
  db.exec('CREATE TEMP TABLE fuzz_writes (n INTEGER NOT NULL)');
  db.exec('INSERT INTO fuzz_writes VALUES (0)');
  // Ordinary tables only: a virtual table (a full-text index) takes no trigger, and its shadow
  // tables change only when the table it indexes does, which is counted.
  const schema = db
    .prepare<[], { name: string; sql: string | null }>(
      "SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    )
    .all();
  const virtual = schema
    .filter(({ sql }) => /^CREATE VIRTUAL TABLE/i.test(sql ?? ''))
    .map(({ name }) => name);
  const tables = schema.filter(
    ({ name }) =>
      !BACKGROUND_TABLES.includes(name) &&
      !virtual.some((v) => name === v || name.startsWith(`${v}_`)),
  );
  for (const { name } of tables) {
    const skipped = BOOKKEEPING_COLUMNS[name] ?? [];
    const counted = db
      .prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?)')
      .all(name)
      .map((column) => `"${column.name}"`)
      .filter((column) => !skipped.includes(column.slice(1, -1)));
    const update = skipped.length ? `UPDATE OF ${counted.join(', ')}` : 'UPDATE';
    for (const [op, event] of [
      ['INSERT', 'INSERT'],
      ['UPDATE', update],
      ['DELETE', 'DELETE'],
    ])
      db.exec(
        `CREATE TEMP TRIGGER fuzz_${name}_${op} AFTER ${event} ON main."${name}" BEGIN UPDATE fuzz_writes SET n = n + 1; END`,
      );
  }
  const read = h.service.store.prepare<[], { n: number }>('SELECT n FROM fuzz_writes');
  return async () => (await read.get())!.n;
}

/** A terminal, payments, a customer-less store and a webhook, so ids in requests can hit rows. */
async function seedState(h: Harness): Promise<Known & { terminalSecret: string }> {
  const code = await h.call('POST', '/api/terminal/pairing-codes', {});
  const paired = await h.call(
    'POST',
    '/api/terminal/pair',
    { code: code.body.code, name: 'Fuzz till' },
    null,
  );
  await h.call('PUT', '/api/terminal/push-token', { fcmToken: null }, paired.body.secret);
  const uuids: string[] = [code.body.storeId, paired.body.terminal.id];
  for (let i = 0; i < 3; i++) {
    const created = await h.call('POST', '/api/payments/process-payment', {
      customerId: 'fuzz',
      orderId: `seed-${i}`,
      amount: 10 + i,
      expiresIn: 7 * 24 * 3600_000,
    });
    uuids.push(created.body.paymentRequestId);
  }
  const hook = await h.call('POST', '/api/webhooks', {
    url: 'http://127.0.0.1:9/fuzz',
    eventTypes: ['PAYMENTS_STATUS'],
  });
  uuids.push(hook.body.id);
  return { uuids: uuids.filter(Boolean), terminalSecret: paired.body.secret };
}
