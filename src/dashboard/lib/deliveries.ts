/** The delivery log's wording. */
import type { z } from 'zod';
import { formatWhen } from '../../shared/format';
import type { WebhookDelivery } from '../../shared/contract/webhooks';

/** "HTTP 500 · connection refused · next try 14:05:00", or a dash before any attempt. */
export function lastResponse(d: z.infer<typeof WebhookDelivery>, now?: Date): string {
  const parts: string[] = [];
  if (d.lastStatusCode !== null) parts.push(`HTTP ${d.lastStatusCode}`);
  if (d.lastError) parts.push(d.lastError);
  if (d.status === 'PENDING' && d.nextAttemptAt)
    parts.push(`next try ${formatWhen(d.nextAttemptAt, now)}`);
  return parts.length ? parts.join(' · ') : '—';
}
