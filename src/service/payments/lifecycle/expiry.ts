/** Expiry: an open request past its time becomes EXPIRED, on a read or at a sweep. */
import { OPEN_STATUSES } from '../../../shared/payment-states';
import type { RequestRow } from '../model';
import type { LifecycleDeps, StatusMoves } from './moves';

export function createExpiry(
  { clock, outbox, sql }: LifecycleDeps,
  { closeOpenAttempts, move }: StatusMoves,
) {
  const { dueExpiries } = sql;

  /** Expires the request now if its time has passed; true when it did. */
  async function expireIfDue(row: RequestRow): Promise<boolean> {
    if (
      !OPEN_STATUSES.includes(row.status) ||
      row.expires_at > clock.now(row.environment, row.merchant_id)
    )
      return false;
    await outbox.tx(async () => {
      await closeOpenAttempts(row, 'FAILED', 'The payment request expired');
      await move(row, 'EXPIRED');
    });
    return true;
  }

  /** Expires every open request whose time has come in its environment. Returns how many. */
  async function expireDue(): Promise<number> {
    let count = 0;
    for (const sweep of clock.sweeps())
      for (const row of await dueExpiries(sweep, sweep.now, sweep.environment))
        if (await expireIfDue(row)) count++;
    return count;
  }

  return { expireIfDue, expireDue };
}
