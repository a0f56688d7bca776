/**
 * The kiosk's webhook receiver: a small HTTP server the payments service POSTs signed events to
 * (docs/webhooks.md). It is the second of the kiosk's three status sources, useful when the push
 * stream is down but the service can still reach the kiosk.
 *
 * - Nothing unsigned is believed: a missing or wrong signature, or a timestamp more than
 *   5 minutes off, answers 401 and changes nothing.
 * - Delivery is at least once, so webhook ids already handled answer 200 without reporting again
 *   (a bounded LRU: memory stays flat however long the kiosk runs).
 * - It answers as soon as the report is made; the sender's retries are for failures, not for slow
 *   receivers.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhookSignature, WebhookVerificationError } from '../../client/webhook-verify';
import { PaymentStatus } from '../../shared/contract/common';
import { WebhookEvent } from '../../shared/contract/webhooks';
import type { StatusReport, StatusSink } from './types';

export interface WebhookReceiverOptions {
  /** 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1: the service runs on the same machine unless told otherwise. */
  host?: string;
  /**
   * The subscription's `whsec_…` secret; a list while rotating. A function is read on every
   * delivery, for when the secret is only known after subscribing this receiver's URL.
   */
  secret: Secrets | (() => Secrets);
  sink: StatusSink;
  /** Every new, verified event (including the kinds that report nothing). */
  onEvent?(event: WebhookEvent): void;
  /** A throwing onEvent or sink; the delivery is still answered 200. */
  onError?(error: Error): void;
  /** Default 5 minutes. */
  toleranceSeconds?: number;
  /** Default 256 KB; larger bodies answer 413. */
  maxBodyBytes?: number;
  /** Webhook ids remembered for deduplication. Default 10,000. */
  rememberIds?: number;
  /** The receiver's clock in ms, for the timestamp check. Default Date.now. */
  now?: () => number;
}

export interface WebhookReceiver {
  /** The URL to subscribe: http://host:port/webhooks */
  url: string;
  port: number;
  close(): Promise<void>;
}

export const WEBHOOK_PATH = '/webhooks';

type Secrets = string | readonly string[];

/** Maps a verified event to the status report it implies, or null when it implies none. */
export function reportOf(event: WebhookEvent): StatusReport | null {
  const { data } = event;
  // Test events (`data.test`, sent by POST /api/webhook/test) are about made-up payments; they prove the wiring, nothing more.
  if (data.test || !data.paymentRequestId) return null;
  const kind = event.type === 'POS_PAYMENT_STATUS' ? (data.type ?? 'PAYMENTS_STATUS') : event.type;
  // A refund's status (COMPLETED, …) is not the payment's.
  if (kind === 'REFUND_STATUS') return null;
  const status = PaymentStatus.safeParse(kind === 'EXPIRED_STATUS' ? 'EXPIRED' : data.status);
  if (!status.success) return null;
  return {
    source: 'webhook',
    paymentRequestId: data.paymentRequestId,
    status: status.data,
    at: event.createdAt,
    ...(data.paidAmount !== undefined ? { paidAmount: data.paidAmount } : {}),
    ...(data.tipAmount !== undefined ? { tipAmount: data.tipAmount } : {}),
    ...(data.paymentMethod !== undefined ? { paymentMethod: data.paymentMethod } : {}),
    ...(data.errorDescription !== undefined ? { errorDescription: data.errorDescription } : {}),
  };
}

/** A set that forgets its oldest entries past `limit`; a hit counts as a fresh use. */
function createLru(limit: number) {
  const seen = new Map<string, true>();
  return {
    has(id: string) {
      if (!seen.has(id)) return false;
      seen.delete(id);
      seen.set(id, true);
      return true;
    },
    add(id: string) {
      seen.set(id, true);
      if (seen.size > limit) seen.delete(seen.keys().next().value as string);
    },
  };
}

class TooLarge extends Error {}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) return reject(new TooLarge());
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        reject(new TooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function answer(res: ServerResponse, status: number, message: string, close = false) {
  const body = JSON.stringify(status < 300 ? { received: true } : { message });
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    ...(status === 405 ? { allow: 'POST' } : {}),
    // After a refused oversized body the rest of it is not worth reading.
    ...(close ? { connection: 'close' } : {}),
  });
  res.end(body);
}

export async function startWebhookReceiver(
  options: WebhookReceiverOptions,
): Promise<WebhookReceiver> {
  const host = options.host ?? '127.0.0.1';
  const limit = options.maxBodyBytes ?? 256 * 1024;
  const seen = createLru(options.rememberIds ?? 10_000);
  const fail = (error: unknown) =>
    options.onError?.(error instanceof Error ? error : new Error(String(error)));

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== WEBHOOK_PATH) return answer(res, 404, 'Not found');
    if (req.method !== 'POST') return answer(res, 405, 'Only POST');
    let body: Buffer;
    try {
      body = await readBody(req, limit);
    } catch (error) {
      if (error instanceof TooLarge) return answer(res, 413, 'Body too large', true);
      throw error;
    }
    const configured = typeof options.secret === 'function' ? options.secret() : options.secret;
    // An empty key would make every HMAC computable by anyone: no secret, no deliveries.
    const secrets = (typeof configured === 'string' ? [configured] : configured).filter(
      (s) => s.replace(/^whsec_/, '').length > 0,
    );
    if (secrets.length === 0) return answer(res, 401, 'The receiver has no signing secret yet');
    let id: string;
    try {
      id = verifyWebhookSignature(secrets, body, req.headers, {
        toleranceSeconds: options.toleranceSeconds,
        now: options.now,
      });
    } catch (error) {
      if (error instanceof WebhookVerificationError) return answer(res, 401, error.message);
      throw error;
    }
    if (seen.has(id)) return answer(res, 200, 'duplicate');

    let event: WebhookEvent;
    try {
      const parsed = WebhookEvent.safeParse(JSON.parse(body.toString('utf8')));
      if (!parsed.success) return answer(res, 400, 'The body is not a webhook event');
      event = parsed.data;
    } catch {
      return answer(res, 400, 'The body is not JSON');
    }
    if (event.id !== id) return answer(res, 400, 'webhook-id does not match the event id');

    seen.add(id);
    try {
      const report = reportOf(event);
      if (report) options.sink.report(report);
      options.onEvent?.(event);
    } catch (error) {
      // The event was received; a bug downstream is ours, not a reason for the sender to retry.
      fail(error);
    }
    answer(res, 200, 'ok');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      fail(error);
      if (!res.headersSent) answer(res, 500, 'Internal error');
    });
  });
  server.requestTimeout = 15_000;
  server.headersTimeout = 10_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}${WEBHOOK_PATH}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
