/** Delivers queued webhook deliveries (filled in by the webhooks work). */
import type { Clock } from '../clock';
import type { Outbox } from '../events/outbox';
import type { Db } from '../store/db';

export function createWebhookDispatcher(_db: Db, _clock: Clock, _outbox: Outbox, _log: (line: string) => void) {
  return { wake() {}, async stop() {} };
}
