/**
 * A contract's status in words a model acts on: whether anything can still be paid under it,
 * and for a REVOKED or EXPIRED one, since when and by whom, so it asks for a new contract
 * instead of retrying a payment the service will refuse.
 */
import type { ContractRecord } from '../agent/index';
import { formatPence, poundsToPence } from '../shared/money';

const pounds = (amount: number) => formatPence(poundsToPence(amount));

const REVOKER = { BUSINESS: 'the business', APPROVER: 'its approver' } as const;

/** "REVOKED by the business at …: nothing more can be paid under it", and so on. */
export function contractStatusSaid(contract: ContractRecord): string {
  switch (contract.status) {
    case 'ACTIVE':
      return 'ACTIVE: payments can be made under it';
    case 'PENDING_AUTHORIZATION':
      return 'PENDING_AUTHORIZATION: waiting for the person to approve it';
    case 'DECLINED':
      return 'DECLINED by the person: nothing can be paid under it';
    case 'REVOKED': {
      const by = contract.revokedBy ? ` by ${REVOKER[contract.revokedBy]}` : '';
      const at = contract.revokedAt ? ` at ${contract.revokedAt}` : '';
      return `REVOKED${by}${at}: nothing more can be paid under it (payments made before stay; a send or collect is refused with CONTRACT_REVOKED)`;
    }
    case 'EXPIRED':
      return `EXPIRED (valid until ${contract.limits.validTo}): nothing more can be paid under it (a send or collect is refused with CONTRACT_EXPIRED)`;
  }
}

/** A contract in a line, then per period what is left, paid and pending, and until when. */
export function usageLines(contract: ContractRecord): string {
  const head = `${contract.contractId} "${contract.name ?? ''}" ${contract.type} ${contractStatusSaid(contract)}; at most ${pounds(contract.limits.maxPerPayment)} a payment, until ${contract.limits.validTo}`;
  const periods = (contract.usage ?? []).map(
    (u) =>
      `  ${u.period}: ${pounds(u.remaining)} left of ${pounds(u.cap)} (${pounds(u.usedThisPeriod)} paid, ${pounds(u.reserved)} pending) until ${u.periodEnd}`,
  );
  return [head, ...periods].join('\n');
}
