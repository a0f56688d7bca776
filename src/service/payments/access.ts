/**
 * Which payment requests a caller may see: a merchant secret those of its environment, a terminal
 * secret those of its own store (docs/terminals.md).
 */
import type { Caller } from '../kernel/caller';
import { notFound } from '../kernel/errors';
import type { PaymentReader, RequestRow, RequestWithTransactions } from './model';

/**
 * The caller's payment request, or the 404 of an unknown id: another merchant's, another
 * environment's (a sandbox secret learns nothing of production, nor the other way round) and,
 * for a terminal, another store's read exactly as one that does not exist.
 */
export async function requestFor(
  reader: PaymentReader,
  caller: Caller,
  id: string,
): Promise<RequestRow> {
  return visible(await reader.get(id), caller);
}

/** `requestFor` with the request's transactions, read with it (a status read's one statement). */
export async function requestWithTransactionsFor(
  reader: PaymentReader,
  caller: Caller,
  id: string,
): Promise<RequestWithTransactions> {
  const found = await reader.withTransactions(id);
  visible(found?.row, caller);
  return found!;
}

function visible(row: RequestRow | undefined, caller: Caller): RequestRow {
  if (
    !row ||
    row.merchant_id !== caller.merchantId ||
    row.environment !== caller.environment ||
    (caller.kind === 'terminal' && row.store_id !== caller.storeId)
  )
    throw notFound('No payment request with this id');
  return row;
}
