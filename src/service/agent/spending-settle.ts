/**
 * The scheduler's tick for payments under contracts (spending.ts): SEND payments whose time has
 * come complete or fail on the sandbox bank; COLLECT charges follow their card payment.
 */
import { ENVIRONMENTS, type Clock, type Sweep } from '../kernel/clock';
import type { Environment } from '../kernel/caller';
import type { PaymentReader } from '../payments';
import type { paymentStatements } from './repo/spending';

export function createSettlement(
  clock: Clock,
  payments: PaymentReader,
  { finish, dueSends, openCharges }: ReturnType<typeof paymentStatements>,
) {
  /**
   * The scheduler's tick: SEND payments whose time has come complete or fail on the sandbox
   * bank; COLLECT charges follow the final status of their card payment. A completed SEND
   * payment becomes a DEBIT of the merchant's settlement account: the bank feed's ledger reads
   * it from contract_payments when it next catches the account up (src/service/bank/ledger.ts),
   * as it does the CREDITs of pay-by-bank payments, so the feed stays append-only in date order.
   */
  async function settleDue(): Promise<number> {
    let count = 0;
    for (const sweep of clock.sweeps()) count += await settleSendsIn(sweep);
    for (const environment of ENVIRONMENTS) count += await followChargesIn(environment);
    return count;
  }

  async function settleSendsIn(sweep: Sweep): Promise<number> {
    let count = 0;
    const { now } = sweep;
    for (const p of await dueSends(sweep, now, sweep.environment)) {
      const status = p.settle_outcome === 'FAILED' ? 'FAILED' : 'COMPLETED';
      count += (await finish.run({ id: p.id, status, error: p.error_description, now })).changes;
    }
    return count;
  }

  async function followChargesIn(environment: Environment): Promise<number> {
    let count = 0;
    for (const p of await openCharges.all(environment)) {
      const request = await payments.get(p.payment_request_id!);
      const status = request?.status;
      const now = clock.now(p.environment, p.merchant_id);
      if (status === 'COMPLETED')
        count += (await finish.run({ id: p.id, status: 'COMPLETED', error: null, now })).changes;
      else if (status === 'FAILED' || status === 'CANCELLED' || status === 'EXPIRED')
        count += (
          await finish.run({
            id: p.id,
            status: 'FAILED',
            error: request?.error_description ?? `The card payment is ${status}`,
            now,
          })
        ).changes;
    }
    return count;
  }

  return { settleDue };
}
