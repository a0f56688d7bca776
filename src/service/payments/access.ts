/** Which payment requests a caller may see (section 5, and the terminal scope of DESIGN.md). */
import type { Caller } from '../http/auth';
import { ApiError, notFound } from '../http/errors';
import type { PaymentReader, RequestRow } from './model';

export function requestFor(reader: PaymentReader, caller: Caller, id: string): RequestRow {
  const row = reader.get(id);
  if (!row || row.merchant_id !== caller.merchantId)
    throw notFound('No payment request with this id');
  if (row.environment !== caller.environment)
    throw new ApiError(
      400,
      `This payment request belongs to the ${row.environment} environment; use a ${row.environment} secret`,
    );
  if (caller.kind === 'terminal' && row.store_id !== caller.storeId)
    throw notFound('No payment request with this id');
  return row;
}
