/**
 * Verifies a webhook delivered by the payments service (Standard Webhooks scheme,
 * docs/webhooks.md) and parses its event. Used by the kiosk's webhook receiver; any Standard
 * Webhooks library (e.g. the `standardwebhooks` npm package) accepts the same deliveries.
 *
 * Verify the raw body exactly as received: re-serialising parsed JSON changes the bytes and
 * breaks the signature.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookEvent } from '../shared/contract/webhooks';

/** How far the `webhook-timestamp` may be from the receiver's clock, either way (replays). */
export const DEFAULT_TOLERANCE_SECONDS = 5 * 60;

export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
}

export type HeaderSource =
  Headers | Record<string, string | string[] | undefined> | { get(name: string): string | null };

export interface VerifyOptions {
  toleranceSeconds?: number;
  /** The receiver's clock in milliseconds; defaults to Date.now. */
  now?: () => number;
}

function header(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function')
    return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value[0] : value;
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
}

/**
 * Checks the signature and timestamp of one delivery. `secret` may be a list (while rotating
 * secrets, accept the old and the new). Throws WebhookVerificationError; returns the event id.
 */
export function verifyWebhookSignature(
  secret: string | readonly string[],
  body: string | Uint8Array,
  headers: HeaderSource,
  options: VerifyOptions = {},
): string {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures)
    throw new WebhookVerificationError('Missing required headers');
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('Invalid webhook-timestamp');
  const nowSeconds = Math.floor((options.now ?? Date.now)() / 1000);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const sent = Number(timestamp);
  if (sent < nowSeconds - tolerance)
    throw new WebhookVerificationError('Message timestamp too old');
  if (sent > nowSeconds + tolerance)
    throw new WebhookVerificationError('Message timestamp too new');

  const payload = Buffer.concat([
    Buffer.from(`${id}.${timestamp}.`),
    typeof body === 'string' ? Buffer.from(body) : Buffer.from(body),
  ]);
  const given = signatures
    .split(' ')
    .map((entry) => entry.split(',', 2))
    .filter(([version, value]) => version === 'v1' && value)
    .map(([, value]) => Buffer.from(value ?? '', 'base64'));
  for (const s of typeof secret === 'string' ? [secret] : secret) {
    const expected = createHmac('sha256', keyOf(s)).update(payload).digest();
    if (given.some((g) => g.length === expected.length && timingSafeEqual(g, expected))) return id;
  }
  throw new WebhookVerificationError('No matching signature found');
}

/** Verifies a delivery and returns its parsed, schema-checked event. */
export function verifyWebhook(
  secret: string | readonly string[],
  body: string | Uint8Array,
  headers: HeaderSource,
  options: VerifyOptions = {},
): WebhookEvent {
  const id = verifyWebhookSignature(secret, body, headers, options);
  const text = typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new WebhookVerificationError('The body is not JSON');
  }
  const event = WebhookEvent.safeParse(json);
  if (!event.success) throw new WebhookVerificationError('The body is not a webhook event');
  if (event.data.id !== id)
    throw new WebhookVerificationError('webhook-id does not match the event id');
  return event.data;
}
