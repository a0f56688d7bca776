/** Refunding a completed payment, in full or an amount, behind the staff PIN. */
import { ApiClientError } from '../../../client/http-client';
import { penceToPounds } from '../../../shared/money';
import type { AreaHandlers } from '../dispatcher';
import { explain, KioskError } from '../kiosk-error';
import { refundReportOfRecord } from '../refund-tracker';
import type { KioskContext } from './context';
import { openDrawerFor } from './payments';

export function refundCommands(ctx: KioskContext): AreaHandlers<'refunds'> {
  return {
    async refundPayment({ paymentRequestId, amountPence }, who) {
      const client = ctx.client();
      if (!client) throw new KioskError('Pair this kiosk before refunding');
      const payment = ctx.history.get(paymentRequestId);
      if (!payment) throw new KioskError('This kiosk has no record of that payment');
      if (payment.status !== 'COMPLETED')
        throw new KioskError('Only a completed payment can be refunded');
      // Checked (and a manager's approval used up) before the service hears of the refund.
      const staff = ctx.actor(who);
      const approvedBy = staff
        ? ctx.staffSession.refundApproval(staff, paymentRequestId, amountPence ?? payment.paidPence)
        : null;
      // A cash sale taken offline has the service's id once sent; until then it has none.
      const atService = ctx.offlineCash.serviceId(paymentRequestId);
      if (atService === null)
        throw new KioskError(
          'This cash sale is still waiting to be sent to the payments service: refund it once it has gone',
        );
      let record;
      try {
        record = await client.call('createRefund', {
          params: { paymentRequestId: atService },
          body: {
            ...(amountPence === undefined ? {} : { amount: penceToPounds(amountPence) }),
            // Who refunds it, for the service's record and the dashboard.
            ...(staff ? { staff: { id: staff.id, name: staff.name, role: staff.role } } : {}),
          },
        });
      } catch (error) {
        // Never queued: money goes back only when the service has said yes, so staff can tell
        // the customer the truth at the counter.
        if (error instanceof ApiClientError && (error.status === 0 || error.status >= 500))
          throw new KioskError(
            'The payments service cannot be reached, so no refund was made. Try again when the kiosk is back online.',
          );
        throw explain(error, 'amountPence');
      }
      // Kept under the payment's id in History (the local one of a sale taken offline).
      ctx.reportRefund({ ...refundReportOfRecord(record, 'local'), paymentRequestId });
      if (staff)
        ctx.staffActions.record(paymentRequestId, {
          action: 'refund',
          refundId: record.refundId,
          amountPence: amountPence ?? payment.paidPence,
          staff,
          approvedBy,
        });
      // Cash goes back from the drawer: it opens as it does for a cash sale, and a printer that
      // is off never undoes the refund the service has made.
      if (payment.paidMethod === 'CASH')
        return { ...ctx.refundView(record.refundId), drawer: await openDrawerFor(ctx) };
      return ctx.refundView(record.refundId);
    },
  };
}
