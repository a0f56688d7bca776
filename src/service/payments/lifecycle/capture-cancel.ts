/**
 * Capture and cancel: a request cancelled while nothing is paid, and card authorizations
 * (saved-card charges; docs/customers.md) captured, cancelled, or released at their expiry.
 */
import { OPEN_STATUSES } from '../../../shared/payment-states';
import { ApiError, badRequest } from '../../kernel/errors';
import type { RequestRow, TransactionRow } from '../model';
import type { LifecycleDeps, StatusMoves } from './moves';

export function createCaptureCancel(
  { clock, outbox, reader, sql }: LifecycleDeps,
  { move, closeOpenAttempts }: StatusMoves,
  expireIfDue: (row: RequestRow) => Promise<boolean>,
) {
  const { authorizedTx, dueCaptures, dueReleases, casCapturedTx } = sql;

  /** POST /api/payment-request/cancel: allowed while nothing has been paid. */
  async function cancel(row: RequestRow): Promise<RequestRow> {
    if (await expireIfDue(row)) throw badRequest('The payment request has already expired');
    if (!OPEN_STATUSES.includes(row.status) || row.paid_pence > 0)
      throw badRequest(`The payment request has already been processed (${row.status})`);
    return outbox.tx(async () => {
      await closeOpenAttempts(row, 'CANCELLED', 'The payment request was cancelled');
      return await move(row, 'CANCELLED', { error: null });
    });
  }

  /** Released when its authorization expired uncaptured (the hold is gone; no money moved). */
  const EXPIRED_HOLD = 'The authorization expired before it was captured; the hold was released';

  /** The request's authorized card transaction, or a 400 saying why there is none. */
  async function authorizationOf(row: RequestRow): Promise<TransactionRow> {
    const tx = await authorizedTx.get(row.id);
    if (tx) return tx;
    const card = (await reader.transactions(row.id)).filter((t) => t.method === 'CARD').at(-1);
    if (!card) throw badRequest('This is not a card payment');
    if ((card.capture_type ?? 'AUTO_CAPTURE') === 'AUTO_CAPTURE')
      throw badRequest('This is an AUTO_CAPTURE payment: it is captured automatically');
    if (row.status === 'COMPLETED') throw badRequest('This payment has already been captured');
    if (row.status === 'PENDING')
      throw badRequest('This payment is still being authorized; try again once it is AUTHORIZED');
    throw badRequest(`This payment is ${row.status} and has no authorization to act on`);
  }

  /** Ends an authorization: captured (COMPLETED or FAILED) or released (CANCELLED). */
  async function endAuthorization(
    row: RequestRow,
    tx: TransactionRow,
    to: 'COMPLETED' | 'FAILED' | 'CANCELLED',
    why: string | null,
    capturedPence = 0,
  ): Promise<RequestRow> {
    reader.invalidate(row.id);
    const now = clock.now(row.environment, row.merchant_id);
    const changed = (await casCapturedTx.run({ id: tx.id, to, error: why, now })).changes;
    if (changed === 0) throw badRequest('The payment changed meanwhile; read it again');
    return await move(row, to, {
      error: why,
      ...(to === 'COMPLETED' ? { paid: capturedPence, method: 'CARD' as const } : {}),
    });
  }

  /** Releases an authorization whose time is up; true when it did. */
  async function releaseIfExpired(row: RequestRow, tx: TransactionRow): Promise<boolean> {
    if (
      tx.auth_expires_at === null ||
      tx.auth_expires_at > clock.now(row.environment, row.merchant_id)
    )
      return false;
    await outbox.tx(async () => await endAuthorization(row, tx, 'CANCELLED', EXPIRED_HOLD));
    return true;
  }

  /**
   * Captures an authorized card payment, all of it or a lower amount. The sandbox network may
   * refuse (a test card): the payment is then FAILED with the reason, and `captured` is false.
   */
  async function capture(
    row: RequestRow,
    amountPence?: number,
    /** The scheduler capturing at its capture time, which always came before the expiry. */
    scheduled = false,
  ): Promise<{ captured: boolean; row: RequestRow }> {
    const tx = await authorizationOf(row);
    if (!scheduled && (await releaseIfExpired(row, tx)))
      throw badRequest('The authorization has expired and its hold was released');
    const amount = amountPence ?? tx.amount_pence;
    if (amount > tx.amount_pence)
      throw new ApiError(400, 'amount: must not be more than the authorized amount', [
        { field: 'amount', message: 'must not be more than the authorized amount' },
      ]);
    return outbox.tx(async () => {
      const refusal = tx.capture_outcome
        ? (JSON.parse(tx.capture_outcome) as { errorDescription: string })
        : null;
      if (refusal)
        return {
          captured: false,
          row: await endAuthorization(row, tx, 'FAILED', refusal.errorDescription),
        };
      return { captured: true, row: await endAuthorization(row, tx, 'COMPLETED', null, amount) };
    });
  }

  /** Cancels an authorized card payment and releases the hold. */
  async function cancelAuthorization(row: RequestRow, reason: string): Promise<RequestRow> {
    const tx = await authorizationOf(row);
    if (await releaseIfExpired(row, tx))
      throw badRequest('The authorization has already expired and its hold was released');
    return outbox.tx(async () => await endAuthorization(row, tx, 'CANCELLED', reason));
  }

  /**
   * The scheduler's part: CAPTURE_BEFORE_EXPIRY payments are captured at their capture time,
   * and any authorization still uncaptured at its expiry is released.
   */
  async function authorizationsDue(): Promise<number> {
    let count = 0;
    for (const sweep of clock.sweeps()) {
      const { now, environment } = sweep;
      for (const tx of await dueCaptures(sweep, now, environment)) {
        const row = await reader.get(tx.payment_request_id);
        if (row?.status !== 'AUTHORIZED') continue;
        await capture(row, undefined, true);
        count++;
      }
      for (const tx of await dueReleases(sweep, now, environment)) {
        const row = await reader.get(tx.payment_request_id);
        if (row?.status !== 'AUTHORIZED') continue;
        if (await releaseIfExpired(row, tx)) count++;
      }
    }
    return count;
  }

  return { cancel, capture, cancelAuthorization, authorizationsDue };
}
