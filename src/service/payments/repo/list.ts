/** GET /api/payment-requests' SQL (list.ts): a page of the merchant's requests and their count. */
import { insertionOrder, type Store } from '../../kernel/store/port';
import type { RequestRow } from '../model';

export interface ListFilter {
  merchantId: string;
  environment: string;
  status: string | null;
  terminalId: string | null;
  customerId: string | null;
}

export function createListStatements(store: Store) {
  // Optional filters are written as `? IS NULL OR column = ?` so one statement serves them all
  // (the CAST tells PostgreSQL the type of a parameter it sees only compared with NULL).
  const where = `merchant_id = @merchantId AND environment = @environment
    AND (CAST(@status AS TEXT) IS NULL OR status = @status)
    AND (CAST(@terminalId AS TEXT) IS NULL OR terminal_id = @terminalId)
    AND (CAST(@customerId AS TEXT) IS NULL OR customer_ref = @customerId)`;
  const count = store.prepare<[ListFilter], { n: number }>(
    `SELECT count(*) AS n FROM payment_requests WHERE ${where}`,
  );
  // Insertion order breaks ties between requests made in the same millisecond, newest first.
  const page = store.prepare<[ListFilter & { limit: number; offset: number }], RequestRow>(
    `SELECT * FROM payment_requests WHERE ${where}
     ORDER BY created_at DESC, ${insertionOrder(store)} DESC LIMIT @limit OFFSET @offset`,
  );

  return { count, page };
}
