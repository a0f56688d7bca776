/**
 * Cash sales at the counter (POST /api/payments/cash): a payment request offering CASH alone,
 * created with its one transaction and COMPLETED in the same transaction, so it is in the
 * payments list, the takings, the webhooks and the receipts like any other payment, and a
 * crash can never leave a cash sale half recorded.
 */
import type { z } from 'zod';
import type { CashPayment, CashPaymentBody } from '../../shared/contract/payments';
import { poundsToPence } from '../../shared/money';
import type { Caller } from '../kernel/caller';
import { badField } from '../kernel/errors';
import type { PaymentsContext } from './context';
import { changeOf, statusRecord } from './model';

/** A kiosk's clock may run a little ahead of the service's. */
const SKEW_MS = 60_000;
/** How long a kiosk may hold a sale before sending it. */
const HELD_MS = 7 * 24 * 3_600_000;

/**
 * When the customer paid: `takenAt` from a terminal that took the sale offline and sends it
 * now, within a minute ahead of the service's clock and seven days behind; else now (null).
 */
function takenAtOf(caller: Caller, takenAt: string | undefined, now: number): number | null {
  if (takenAt === undefined) return null;
  if (caller.kind !== 'terminal')
    throw badField('takenAt', "is a terminal's: only a kiosk sending a sale later names it");
  const at = Date.parse(takenAt);
  if (at > now + SKEW_MS) throw badField('takenAt', 'must not be in the future');
  if (at < now - HELD_MS) throw badField('takenAt', 'must be at most 7 days ago');
  return at;
}

export function createCashRecorder(ctx: PaymentsContext) {
  return async function recordCash(
    caller: Caller,
    body: CashPaymentBody,
  ): Promise<z.input<typeof CashPayment>> {
    const terminalId = caller.kind === 'terminal' ? caller.terminalId : null;
    const takenAt = takenAtOf(
      caller,
      body.takenAt,
      ctx.clock.now(caller.environment, caller.merchantId),
    );
    const row = await ctx.store.tx(async () => {
      const created = await ctx.creator.createPaying(
        caller,
        {
          body: {
            customerId: body.customerId ?? 'CASH',
            orderId: body.orderId,
            amount: body.amount,
            ...(body.storeId ? { storeId: body.storeId } : {}),
            ...(body.notes ? { notes: body.notes } : {}),
            ...(body.metadata ? { metadata: body.metadata } : {}),
            ...(body.lineItems ? { lineItems: body.lineItems } : {}),
            ...(body.staff ? { staff: body.staff } : {}),
            savePaymentMethod: false,
            autoRedirect: false,
            enableTips: false,
            allowRetry: false,
            splitBill: false,
          },
          terminalId,
          cash: true,
        },
        'PENDING',
      );
      // The money is in the drawer: the attempt is answered at once, never by the card network.
      await ctx.lifecycle.startFirstAttempt(created, {
        method: 'CASH',
        status: 'PENDING',
        tenderedPence: body.tenderedPence,
      });
      const { txs } = (await ctx.payments.withTransactions(created.id))!;
      const done = await ctx.lifecycle.finishAttempt(txs[0]!.id, 'COMPLETED');
      if (takenAt === null) return done;
      await ctx.lifecycle.backdate(done.id, takenAt);
      return (await ctx.payments.withTransactions(done.id))!.row;
    });
    const { txs } = (await ctx.payments.withTransactions(row.id))!;
    const record = statusRecord(row, txs, await ctx.payments.lineItems(row));
    return {
      ...record,
      tenderedPence: body.tenderedPence,
      changePence: changeOf(
        { amount_pence: poundsToPence(body.amount), tip_pence: 0 },
        body.tenderedPence,
      ),
    };
  };
}
