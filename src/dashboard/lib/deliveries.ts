/** The delivery log's wording. */
import type { z } from 'zod';
import { formatWhen } from '../../shared/format';
import type { WebhookDelivery, WebhookDeliveryAttempt } from '../../shared/contract/webhooks';

type Delivery = z.infer<typeof WebhookDelivery>;

/** "HTTP 500 · connection refused · next try 14:05:00", or a dash before any attempt. */
export function lastResponse(d: Delivery, now?: Date): string {
  const parts: string[] = [];
  if (d.lastStatusCode !== null) parts.push(`HTTP ${d.lastStatusCode}`);
  if (d.lastError) parts.push(d.lastError);
  if (d.status === 'PENDING' && d.nextAttemptAt)
    parts.push(`next try ${formatWhen(d.nextAttemptAt, now)}`);
  return parts.length ? parts.join(' · ') : '—';
}

/** One attempt's answer: "HTTP 500", or the fixed words saying why none came. */
export function attemptAnswer(a: z.infer<typeof WebhookDeliveryAttempt>): string {
  return a.statusCode !== null ? `HTTP ${a.statusCode}` : (a.error ?? '—');
}
