/**
 * Push to terminals by Firebase Cloud Messaging (docs/terminals.md, Push by FCM). A terminal that
 * registered an FCM token and has no SSE stream open gets its REMOTE_PAYMENT_REQUEST and
 * POS_PAYMENT_STATUS events as FCM data messages sent through firebase-admin; an open stream
 * always wins, so a connected terminal never hears an event twice. Sends run after the event's
 * transaction commits and never hold up the request that caused it.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Agent } from 'node:https';
import { z } from 'zod';
import type { PushContext } from './context';
import type { StoredEvent } from '../kernel/events/outbox';
import { serviceAccountCredential } from './google-credential';
import { pushTokenQuery } from './repo';
import { pushTokenWrites } from '../terminals';

/** Google's service-account JSON (the file the Firebase console downloads). */
export const ServiceAccountJson = z.looseObject({
  project_id: z.string().min(1),
  client_email: z.string().min(1),
  private_key: z.string().min(1),
  private_key_id: z.string().optional(),
  token_uri: z.url().optional(),
});

export interface FcmOptions {
  /** Google service-account JSON; without it FCM is off and terminals are pushed by SSE only. */
  serviceAccount?: object;
  /** Carries every request firebase-admin makes (OAuth2 token and FCM send). */
  httpAgent?: Agent;
  /** Waits before each retry of a send that failed for a passing reason. */
  retryDelaysMs?: number[];
}

/** `SERVICE_FCM_SERVICE_ACCOUNT`: path of the service-account JSON file, for cli.ts. */
export function fcmOptionsFromEnv(env: NodeJS.ProcessEnv): FcmOptions | undefined {
  const path = env.SERVICE_FCM_SERVICE_ACCOUNT;
  if (!path) return undefined;
  try {
    return { serviceAccount: JSON.parse(readFileSync(path, 'utf8')) as object };
  } catch (error) {
    throw new Error(
      `SERVICE_FCM_SERVICE_ACCOUNT: cannot read ${path}: ${(error as Error).message}`,
      { cause: error },
    );
  }
}

/** The FCM data message: every value a string, as FCM requires. */
export type FcmData = Record<string, string>;

export interface FcmSender {
  send(token: string, data: FcmData): Promise<string>;
  retryDelaysMs: number[];
  close(): Promise<void>;
}

/** FCM refuses data payloads over 4096 bytes (keys and values together). */
export const FCM_DATA_LIMIT_BYTES = 4096;
const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 30_000];

/**
 * The firebase-admin sender, or null when no service account is configured. firebase-admin is
 * loaded only when needed: it adds a quarter of a second to every start otherwise.
 */
export function createFcmPush(
  options: FcmOptions | undefined,
  log: (line: string) => void,
): FcmSender | null {
  if (!options?.serviceAccount) {
    log('push: no FCM service account configured; terminals are pushed by SSE only');
    return null;
  }
  const parsed = ServiceAccountJson.safeParse(options.serviceAccount);
  if (!parsed.success)
    throw new Error(
      `FCM service account must be Google service-account JSON with project_id, client_email and private_key (${parsed.error.issues.map((i) => i.path.join('.')).join(', ')} missing or invalid)`,
    );
  const account = parsed.data;
  const agent = options.httpAgent;
  const ready = (async () => {
    const { initializeApp } = await import('firebase-admin/app');
    const { getMessaging } = await import('firebase-admin/messaging');
    const app = initializeApp(
      {
        credential: serviceAccountCredential(account, agent),
        httpAgent: agent,
        projectId: account.project_id,
      },
      // Several services may live in one process (tests, the kiosk's embedded mode).
      `counter-fcm-${randomUUID()}`,
    );
    return { app, messaging: getMessaging(app) };
  })();
  log(`push: FCM on for project ${account.project_id}`);
  return {
    retryDelaysMs: options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    async send(token, data) {
      const { messaging } = await ready;
      return messaging.send({ token, data, android: { priority: 'high' } });
    },
    async close() {
      const { deleteApp } = await import('firebase-admin/app');
      await deleteApp((await ready).app);
    },
  };
}

/** The data message for an event; the body is left out if it would not fit (the terminal then replays it from eventId). */
export function fcmData(event: Pick<StoredEvent, 'seq' | 'type' | 'body'>): FcmData {
  const full: FcmData = { type: event.type, eventId: String(event.seq), body: event.body };
  if (dataBytes(full) <= FCM_DATA_LIMIT_BYTES) return full;
  return { type: event.type, eventId: String(event.seq), truncated: 'true' };
}

function dataBytes(data: FcmData): number {
  let n = 0;
  for (const [k, v] of Object.entries(data)) n += Buffer.byteLength(k) + Buffer.byteLength(v);
  return n;
}

/** firebase-admin codes that mean the token will never work again: forget it. */
const DEAD_TOKEN_CODES = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
]);
/** Codes that the same message will meet again: retrying is pointless. */
const PERMANENT_CODES = new Set([
  'messaging/invalid-argument',
  'messaging/invalid-payload',
  'messaging/invalid-data-payload-key',
  'messaging/payload-size-limit-exceeded',
  'messaging/mismatched-credential',
  'messaging/third-party-auth-error',
]);

type Verdict = 'dead-token' | 'permanent' | 'retry';

export function classifyFcmError(error: unknown): Verdict {
  const { code = '', message = '' } = (error ?? {}) as { code?: string; message?: string };
  if (DEAD_TOKEN_CODES.has(code)) return 'dead-token';
  // FCM v1 answers a malformed token with 400 INVALID_ARGUMENT, which firebase-admin reports
  // as invalid-argument; only the message tells it from a bad payload.
  if (code === 'messaging/invalid-argument' && /registration token/i.test(message))
    return 'dead-token';
  if (PERMANENT_CODES.has(code)) return 'permanent';
  return 'retry'; // FCM unavailable or internal, rate limits, network and OAuth2 failures
}

/**
 * Sends each committed terminal event by FCM when the terminal has a token and no open stream.
 * Sends to one terminal run one after another, so it hears a payment's request before its
 * status. `stop` waits for sends in flight and abandons pending retries.
 */
export function attachFcmPush(
  ctx: Pick<PushContext, 'store' | 'outbox' | 'presence'>,
  fcm: FcmSender | null,
  log: (line: string) => void,
): { stop(): Promise<void> } {
  if (!fcm) return { stop: async () => {} };
  const { store, outbox, presence } = ctx;
  const sender = fcm;
  const tokenOf = pushTokenQuery(store);
  // Compare-and-set: a token the terminal replaced meanwhile stays.
  const { forget } = pushTokenWrites(store);

  let stopped = false;
  const queues = new Map<string, Promise<void>>();
  const sleepers = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      timer.unref();
      sleepers.add(wake);
    });

  /** The token to use now, or null if the event should not go by FCM. */
  const currentToken = async (terminalId: string) => {
    if (stopped || presence.here(terminalId)) return null; // the SSE stream carries it
    return (await tokenOf.get(terminalId))?.fcm_token ?? null;
  };

  async function deliver(terminalId: string, event: StoredEvent) {
    const data = fcmData(event);
    for (let attempt = 0; ; attempt++) {
      const token = await currentToken(terminalId);
      if (!token) return;
      try {
        await sender.send(token, data);
        return;
      } catch (error) {
        if (stopped) return;
        const verdict = classifyFcmError(error);
        const what = `push: FCM ${event.type} #${event.seq} to terminal ${terminalId}`;
        const why = `${(error as { code?: string }).code ?? 'error'}: ${(error as Error).message}`;
        if (verdict === 'dead-token') {
          await forget.run(terminalId, token);
          log(`${what}: token rejected (${why}); terminal marked tokenMissing`);
          return;
        }
        const delay = sender.retryDelaysMs[attempt];
        if (verdict === 'permanent' || delay === undefined) {
          // The event stays in the outbox: the terminal gets it on its next stream replay.
          log(`${what} failed, giving up (${why})`);
          return;
        }
        log(`${what} failed, retrying in ${delay} ms (${why})`);
        await sleep(delay);
      }
    }
  }

  const unsubscribe = outbox.subscribe((event) => {
    const terminalId = event.terminalId;
    if (!terminalId) return;
    if (event.type !== 'REMOTE_PAYMENT_REQUEST' && event.type !== 'POS_PAYMENT_STATUS') return;
    const previous = queues.get(terminalId) ?? Promise.resolve();
    const next = previous
      .then(() => deliver(terminalId, event))
      .catch((error: Error) => {
        log(`push: FCM delivery to terminal ${terminalId} broke: ${error.message}`);
      });
    queues.set(terminalId, next);
    void next.then(() => {
      if (queues.get(terminalId) === next) queues.delete(terminalId);
    });
  });

  return {
    async stop() {
      stopped = true;
      unsubscribe();
      for (const wake of [...sleepers]) wake();
      await Promise.all(queues.values());
      await fcm.close().catch((error: Error) => log(`push: closing FCM: ${error.message}`));
    },
  };
}
