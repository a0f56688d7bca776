/**
 * The rules a payment under a contract must meet (spending.ts), checked against the contract's
 * state inside the transaction that reserves it: its status, validFrom/validTo, currency,
 * maxPerPayment and what is left of every period cap.
 */
import { formatPence, poundsToPence } from '../../shared/money';
import { iso, type Clock } from '../kernel/clock';
import { ApiError, badField, badRequest } from '../kernel/errors';
import { limitsOf, type ContractRow, type Contracts } from './contracts';

/** Refuses the contract's own state (its type, status and dates) for a payment of `type`. */
function checkStatus(row: ContractRow, type: 'SEND' | 'COLLECT', now: number) {
  if (row.type !== type)
    throw badRequest(
      `This is a ${row.type} contract: ${row.type === 'SEND' ? 'send payments with POST …/payments' : 'charge the card with POST …/charges'}`,
    );
  const limits = limitsOf(row);
  if (row.status === 'REVOKED')
    throw new ApiError(
      409,
      `The contract was revoked${row.revoked_at !== null ? ` at ${iso(row.revoked_at)}` : ''}: no payment can be made under it`,
      [],
      'CONTRACT_REVOKED',
    );
  if (row.status === 'EXPIRED' || now >= Date.parse(limits.validTo))
    throw new ApiError(
      409,
      row.status === 'EXPIRED' && now < Date.parse(limits.validTo)
        ? 'The contract expired before it was approved: no payment can be made under it'
        : `The contract ended at ${limits.validTo}: no payment can be made under it`,
      [],
      'CONTRACT_EXPIRED',
    );
  if (row.status !== 'ACTIVE')
    throw badRequest(`The contract is ${row.status}; payments need an ACTIVE contract`);
  if (limits.validFrom && now < Date.parse(limits.validFrom))
    throw badRequest(`The contract is valid from ${limits.validFrom}`);
  return limits;
}

/** Every rule of the contract, checked against its state inside the caller's transaction. */
export async function checkSpend(
  clock: Clock,
  contracts: Pick<Contracts, 'usage'>,
  row: ContractRow,
  type: 'SEND' | 'COLLECT',
  amount: number,
  currency?: string,
) {
  const now = clock.now(row.environment, row.merchant_id);
  const limits = checkStatus(row, type, now);
  if (currency !== undefined && currency !== limits.currency)
    throw badField('currency', `must be the contract's currency, ${limits.currency}`);
  const max = poundsToPence(limits.maxPerPayment);
  if (amount > max)
    throw badField(
      'amount',
      `exceeds the contract's maxPerPayment of ${formatPence(max, limits.currency)}`,
    );
  for (const u of await contracts.usage(row, now))
    if (amount > u.remainingPence)
      throw badField(
        'amount',
        `exceeds what is left of the ${u.period} cap: ${formatPence(Math.max(u.remainingPence, 0), limits.currency)} of ${formatPence(u.capPence, limits.currency)} until ${iso(u.periodEnd)}`,
      );
  return limits;
}
