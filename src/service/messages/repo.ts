/**
 * The messages area's SQL: the outbox of messages to customers (outbox.ts), prepared once when
 * the outbox is made.
 */
import type { Environment } from '../kernel/caller';
import { insertionOrder, type Store } from '../kernel/store/port';
import { registerSandboxReset } from '../kernel/sandbox-reset';

export interface MessageRow {
  id: string;
  merchant_id: string;
  environment: Environment;
  customer_id: string | null;
  channel: 'EMAIL' | 'SMS';
  recipient: string;
  subject: string;
  body: string;
  link: string | null;
  lang: string | null;
  status: 'STORED' | 'QUEUED' | 'SENT' | 'FAILED';
  error: string | null;
  attempts: number;
  created_at: number;
  sent_at: number | null;
}

/** The outbox's statements (outbox.ts). */
export function messageStatements(store: Store) {
  const insert = store.prepare(`
    INSERT INTO messages (id, merchant_id, environment, customer_id, channel, recipient, subject,
      body, link, lang, status, created_at)
    VALUES (@id, @merchantId, @environment, @customerId, @channel, @to, @subject, @body, @link,
      @lang, @status, @now)`);
  const queued = store.prepare<[], MessageRow>(
    "SELECT * FROM messages WHERE status = 'QUEUED' ORDER BY created_at LIMIT 20",
  );
  const markSent = store.prepare(
    "UPDATE messages SET status = 'SENT', sent_at = ?, attempts = attempts + 1 WHERE id = ? AND status = 'QUEUED'",
  );
  const markTry = store.prepare(`
    UPDATE messages SET attempts = attempts + 1, error = @error,
      status = CASE WHEN attempts + 1 >= @max THEN 'FAILED' ELSE 'QUEUED' END
    WHERE id = @id AND status = 'QUEUED'`);
  const page = store.prepare<
    [string, string, string | null, string | null, number, number],
    MessageRow
  >(`
    SELECT * FROM messages WHERE merchant_id = ? AND environment = ? AND (CAST(? AS TEXT) IS NULL OR customer_id = ?)
    ORDER BY created_at DESC, ${insertionOrder(store)} DESC LIMIT ? OFFSET ?`);
  const total = store.prepare<[string, string, string | null, string | null], { n: number }>(`
    SELECT count(*) AS n FROM messages WHERE merchant_id = ? AND environment = ? AND (CAST(? AS TEXT) IS NULL OR customer_id = ?)`);
  return { insert, queued, markSent, markTry, page, total };
}

/** A sandbox reset clears the merchant's sandbox messages. */
registerSandboxReset({
  area: 'messages',
  prepare(store) {
    const clear = store.prepare(
      `DELETE FROM messages WHERE merchant_id = ? AND environment = 'sandbox'`,
    );
    return async (merchantId) => void (await clear.run(merchantId));
  },
});
