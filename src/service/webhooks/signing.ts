/**
 * Standard Webhooks signing (docs/webhooks.md). A delivery carries
 * `webhook-id` (the event id), `webhook-timestamp` (Unix seconds of the attempt) and
 * `webhook-signature` (`v1,` + base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`, keyed by the
 * base64-decoded part of the secret after `whsec_`). Any Standard Webhooks verifier accepts it.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { WebhookTamper } from '../../shared/contract/webhooks';

const PREFIX = 'whsec_';

/** A new signing secret: `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}

/** The `webhook-signature` value for one attempt: `v1,<base64>`. */
export function signWebhook(
  secret: string,
  id: string,
  timestampSeconds: number,
  body: string,
): string {
  const mac = createHmac('sha256', keyOf(secret))
    .update(`${id}.${timestampSeconds}.${body}`)
    .digest();
  return `v1,${mac.toString('base64')}`;
}

/** The three signature headers for one delivery attempt. */
export function webhookHeaders(
  secret: string,
  id: string,
  body: string,
  timestampSeconds: number,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': signWebhook(secret, id, timestampSeconds, body),
  };
}

/** How old a `tamper: "timestamp"` test delivery's timestamp is: twice the 5-minute tolerance. */
export const STALE_TIMESTAMP_SECONDS = 600;

/**
 * The signature headers of a delivery attempt, forged on purpose for a sandbox test delivery
 * marked `tamper`: `signature` signs with a random key of its own (so no receiver's secret
 * matches), `timestamp` signs correctly for a timestamp ten minutes old (so only the freshness
 * check refuses it). Without `tamper`, webhookHeaders.
 */
export function deliveryHeaders(
  secret: string,
  id: string,
  body: string,
  timestampSeconds: number,
  tamper: WebhookTamper | null,
): ReturnType<typeof webhookHeaders> {
  if (tamper === 'signature') return webhookHeaders(newWebhookSecret(), id, body, timestampSeconds);
  if (tamper === 'timestamp')
    return webhookHeaders(secret, id, body, timestampSeconds - STALE_TIMESTAMP_SECONDS);
  return webhookHeaders(secret, id, body, timestampSeconds);
}

/**
 * True when any `v1,` entry of a (space-separated) signature header matches. The timestamp
 * window is the receiver's business; see src/client/webhook-verify.ts for a full verifier.
 */
export function signatureMatches(
  secret: string,
  id: string,
  timestampSeconds: number,
  body: string,
  signatureHeader: string,
): boolean {
  const expected = Buffer.from(signWebhook(secret, id, timestampSeconds, body).slice(3), 'base64');
  return signatureHeader.split(' ').some((entry) => {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
