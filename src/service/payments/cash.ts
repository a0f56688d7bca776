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
import type { PaymentsContext } from './context';
import { changeOf, statusRecord } from './model';

export function createCashRecorder(ctx: PaymentsContext) {
  return async function recordCash(
    caller: Caller,
    body: CashPaymentBody,
  ): Promise<z.input<typeof CashPayment>> {
    const terminalId = caller.kind === 'terminal' ? caller.terminalId : null;
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
      return ctx.lifecycle.finishAttempt(txs[0]!.id, 'COMPLETED');
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
