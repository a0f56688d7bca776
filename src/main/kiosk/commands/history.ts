/** The kiosk's own history: pages and searches of it, one payment's detail, its receipt. */
import type { AreaHandlers } from '../dispatcher';
import { KioskError } from '../kiosk-error';
import { changeView } from '../view';
import type { KioskContext } from './context';

export function historyCommands(ctx: KioskContext): AreaHandlers<'history'> {
  const { history, refundHistory } = ctx;
  return {
    listHistory({ query: q }) {
      const filtered = q.amountPence !== undefined || q.orderId || q.status || q.from || q.to;
      const page = filtered
        ? history.search({
            amountPence: q.amountPence,
            orderId: q.orderId || undefined,
            status: q.status,
            from: q.from ? Date.parse(q.from) : undefined,
            to: q.to ? Date.parse(q.to) : undefined,
            limit: q.limit,
            cursor: q.cursor,
          })
        : history.page({ limit: q.limit, cursor: q.cursor });
      return { payments: page.items.map(ctx.paymentView), nextCursor: page.nextCursor };
    },
    getPayment({ paymentRequestId }) {
      const payment = history.get(paymentRequestId);
      if (!payment) throw new KioskError('This kiosk has no record of that payment');
      return {
        payment: ctx.paymentView(payment),
        changes: history.changes(paymentRequestId).map(changeView),
        refunds: refundHistory.ofPayment(paymentRequestId).map((r) => ctx.refundView(r.refundId)),
      };
    },
    /** The receipt the console prints through the dialog: the one the receipt printer prints. */
    async getReceipt({ paymentRequestId }) {
      const payment = history.get(paymentRequestId);
      if (!payment) throw new KioskError('This kiosk has no record of that payment');
      return { receipt: await ctx.receiptOf(payment) };
    },
    async printReceipt({ paymentRequestId }) {
      const payment = history.get(paymentRequestId);
      if (!payment) throw new KioskError('This kiosk has no record of that payment');
      if (ctx.receiptPrinter.settings()) {
        if (payment.status !== 'COMPLETED')
          throw new KioskError('Only a paid payment has a receipt to print');
        await ctx.receiptPrinter.print(paymentRequestId);
        return { printed: true };
      }
      // Only the Electron shell can print without a dialog; it prints when this answers false.
      return { printed: false };
    },
  };
}
