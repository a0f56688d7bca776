/**
 * Reconciliation: each completed pay-by-bank payment of a day matched to the credit it made on
 * the merchant's settlement account, by reference (the order id) and amount, the earliest unused
 * credit at or after the payment first. Payments of the day before are matched too (not
 * reported), so a payment made just before midnight does not leave its credit looking
 * unexplained the next day.
 */
import type { z } from 'zod';
import type { Reconciliation } from '../../shared/contract/bank';
import { penceToPounds } from '../../shared/money';
import { dateBounds } from '../../shared/shop-day';
import type { Clock } from '../kernel/clock';
import type { Environment } from '../kernel/caller';
import type { Store } from '../kernel/store/port';
import { bankOf } from './banks';
import { DAY_MS } from './history';
import { toWire, type Ledger, type TxRow } from './ledger';
import { reconcileStatements } from './repo';

/** How long after its day a payment's credit is still looked for. */
const CREDIT_WINDOW_MS = 7 * DAY_MS;

export function createReconciler(store: Store, clock: Clock, ledger: Ledger) {
  const { paidBetween } = reconcileStatements(store);

  return async function reconcile(
    merchantId: string,
    environment: Environment,
    day: { date: string; timeZone?: string | undefined },
    storeId: string | null,
    withUnmatched: boolean,
  ): Promise<z.input<typeof Reconciliation>> {
    const { date, timeZone = 'UTC' } = day;
    const { start: dayStart, end: dayEnd } = dateBounds(date, timeZone);
    const now = clock.now(environment, merchantId);
    const account = await ledger.settlementAccount(merchantId, environment);
    if (account) await ledger.catchUp(account);
    // Matching considers every store's payments: a credit belongs to one payment, whichever store.
    const paid = await paidBetween.all(
      dayStart - DAY_MS,
      dayEnd,
      merchantId,
      environment,
      null,
      null,
    );
    const credits = account
      ? await ledger.credits(
          account.id,
          dayStart - DAY_MS,
          Math.min(dayEnd + CREDIT_WINDOW_MS, now + 1),
        )
      : [];
    const byKey = new Map<string, TxRow[]>();
    for (const c of credits) {
      const key = `${c.reference}\u0000${c.amount_pence}`;
      const list = byKey.get(key);
      if (list) list.push(c);
      else byKey.set(key, [c]);
    }
    const used = new Set<string>();
    const matchOf = new Map<string, TxRow>();
    for (const p of paid) {
      const candidates = byKey.get(`${p.order_id}\u0000${p.amount_pence + p.tip_pence}`) ?? [];
      const credit = candidates.find((c) => !used.has(c.id) && c.date_ms >= p.updated_at);
      if (credit) {
        used.add(credit.id);
        matchOf.set(p.tx_id, credit);
      }
    }
    const reported = paid.filter(
      (p) => p.updated_at >= dayStart && (storeId === null || p.store_id === storeId),
    );
    let expected = 0;
    let received = 0;
    const payments = reported.map((p) => {
      const credit = matchOf.get(p.tx_id);
      expected += p.amount_pence + p.tip_pence;
      if (credit) received += credit.amount_pence;
      return {
        paymentRequestId: p.request_id,
        transactionId: p.tx_id,
        orderId: p.order_id,
        storeId: p.store_id,
        terminalId: p.terminal_id,
        amount: penceToPounds(p.amount_pence + p.tip_pence),
        tipAmount: penceToPounds(p.tip_pence),
        currency: p.currency,
        completedAt: new Date(p.updated_at).toISOString(),
        status: credit ? ('MATCHED' as const) : ('NOT_ARRIVED' as const),
        ...(credit && account
          ? {
              credit: {
                id: credit.id,
                accountId: account.id,
                date: new Date(credit.date_ms).toISOString(),
                amount: penceToPounds(credit.amount_pence),
                reference: credit.reference,
                status: now >= credit.book_at ? ('BOOKED' as const) : ('PENDING' as const),
              },
            }
          : {}),
      };
    });
    const matched = payments.filter((p) => p.status === 'MATCHED').length;
    return {
      date,
      timeZone,
      storeId,
      settlementAccountId: account?.id ?? null,
      summary: {
        payments: payments.length,
        matched,
        notArrived: payments.length - matched,
        expectedAmount: penceToPounds(expected),
        receivedAmount: penceToPounds(received),
      },
      payments,
      ...(withUnmatched
        ? {
            unmatchedCredits: credits
              .filter((c) => !used.has(c.id) && c.date_ms >= dayStart && c.date_ms < dayEnd)
              .map((c) => toWire(c, bankOf(account!.bank), now)),
          }
        : {}),
    };
  };
}
export type Reconciler = ReturnType<typeof createReconciler>;
