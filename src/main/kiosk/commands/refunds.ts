/** Refunding a completed payment, in full or an amount, behind the staff PIN. */
import { randomUUID } from 'node:crypto';
import { ApiClientError } from '../../../client/http-client';
import type { DrawerResult, KioskRefund } from '../../../shared/bridge';
import { formatPence, penceToPounds } from '../../../shared/money';
import type { AreaHandlers } from '../dispatcher';
import type { KioskPayment } from '../history/types';
import { explain, KioskError } from '../kiosk-error';
import { isUnreachable, type CashRefundBody } from '../offline-cash';
import { LOCAL_REFUND_KEY, refundReportOfRecord } from '../refund-tracker';
import type { StaffMember } from '../staff-pin';
import type { KioskContext } from './context';
import { openDrawerFor } from './payments';

/** A refund as the command had it: its payment, its amount, who made it and who approved it. */
interface Asked {
  payment: KioskPayment;
  amountPence: number | undefined;
  staff: StaffMember | null;
  approvedBy: StaffMember | null;
}

type Answer = KioskRefund & { drawer?: DrawerResult };

/**
 * A cash refund of a cash payment with the service out of reach: the drawer pays it now, so it
 * is kept in History, the takings and the shift's figures at once, and queued with the same key
 * and body the first try sent, after anything queued before it (its own sale, when that was
 * taken offline too). The cash taken is the limit, as the service's would be.
 */
async function refundOffline(
  ctx: KioskContext,
  asked: Asked,
  sent: { idempotencyKey: string; localRefundId: string; body: CashRefundBody },
): Promise<Answer> {
  const { payment } = asked;
  const id = payment.paymentRequestId;
  const pence = asked.amountPence ?? payment.paidPence;
  const refunded = ctx.refundHistory.refundedOf(id);
  if (pence + refunded > payment.paidPence)
    throw new KioskError(
      `${formatPence(pence)} is more than is left of the ${formatPence(payment.paidPence)} cash taken` +
        (refunded ? ` (${formatPence(refunded)} already refunded)` : '') +
        ': no refund was made',
      'amountPence',
    );
  const at = new Date(ctx.now()).toISOString();
  ctx.offlineCash.atomically(() => {
    ctx.offlineCash.queueRefund({
      kind: 'CASH_REFUND',
      ...sent,
      paymentRequestId: id,
      amountPence: pence,
    });
    ctx.reportRefund({
      refundId: sent.localRefundId,
      paymentRequestId: id,
      status: 'COMPLETED',
      source: 'local',
      at,
      createdAt: at,
      amountPence: pence,
      currency: payment.currency,
      refundType: pence >= payment.paidPence ? 'FULL' : 'PARTIAL',
    });
    recordAction(ctx, asked, sent.localRefundId);
  });
  return { ...ctx.refundView(sent.localRefundId), drawer: await openDrawerFor(ctx) };
}

/** Who refunded it, and who approved, beside the payment in History. */
function recordAction(ctx: KioskContext, asked: Asked, refundId: string) {
  if (asked.staff)
    ctx.staffActions.record(asked.payment.paymentRequestId, {
      action: 'refund',
      refundId,
      amountPence: asked.amountPence ?? asked.payment.paidPence,
      staff: asked.staff,
      approvedBy: asked.approvedBy,
    });
}

/**
 * A card or bank refund: money goes back only when the service has said yes, so it is never
 * queued, and staff can tell the customer the truth at the counter.
 */
async function refundOnline(ctx: KioskContext, asked: Asked, atService: string): Promise<Answer> {
  const client = ctx.client()!;
  const { payment, staff, amountPence } = asked;
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
    if (error instanceof ApiClientError && (error.status === 0 || error.status >= 500))
      throw new KioskError(
        'The payments service cannot be reached, so no refund was made. Try again when the kiosk is back online.',
      );
    throw explain(error, 'amountPence');
  }
  // Kept under the payment's id in History.
  ctx.reportRefund({
    ...refundReportOfRecord(record, 'local'),
    paymentRequestId: payment.paymentRequestId,
  });
  recordAction(ctx, asked, record.refundId);
  return ctx.refundView(record.refundId);
}

/**
 * A cash refund: the drawer pays it with no bank to wait for, so it goes on while the service is
 * out of reach. It carries its key and its local id from the first try, so the try and the
 * queued send are one request to the service, and History keeps it under the local id.
 */
async function refundCash(
  ctx: KioskContext,
  asked: Asked,
  atService: string | null,
): Promise<Answer> {
  const { payment, staff, amountPence } = asked;
  const localRefundId = randomUUID();
  const body: CashRefundBody = {
    ...(amountPence === undefined ? {} : { amount: penceToPounds(amountPence) }),
    // Who refunds it, for the service's record and the dashboard.
    ...(staff ? { staff: { id: staff.id, name: staff.name, role: staff.role } } : {}),
    metadata: { [LOCAL_REFUND_KEY]: localRefundId },
  };
  const sent = { idempotencyKey: randomUUID(), localRefundId, body };
  if (atService === null) return refundOffline(ctx, asked, sent);
  // Known by its local id before it leaves: news of it from the service, even before the
  // answer, is then this refund.
  ctx.offlineCash.expectRefund(localRefundId, payment.paymentRequestId);
  let record;
  try {
    record = await ctx.client()!.call('createRefund', {
      params: { paymentRequestId: atService },
      body,
      idempotencyKey: sent.idempotencyKey,
    });
  } catch (error) {
    if (isUnreachable(error)) return refundOffline(ctx, asked, sent);
    throw explain(error, 'amountPence');
  }
  ctx.offlineCash.refundRecorded(record.refundId, localRefundId);
  ctx.reportRefund({
    ...refundReportOfRecord(record, 'local'),
    refundId: localRefundId,
    paymentRequestId: payment.paymentRequestId,
  });
  recordAction(ctx, asked, localRefundId);
  // The drawer opens as it does for a cash sale; a printer that is off never undoes the refund.
  return { ...ctx.refundView(localRefundId), drawer: await openDrawerFor(ctx) };
}

export function refundCommands(ctx: KioskContext): AreaHandlers<'refunds'> {
  return {
    async refundPayment({ paymentRequestId, amountPence }, who): Promise<Answer> {
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
      const asked: Asked = { payment, amountPence, staff, approvedBy };
      // A cash sale taken offline has the service's id once sent; until then it has none.
      const atService = ctx.offlineCash.serviceId(paymentRequestId);
      if (payment.paidMethod === 'CASH') return refundCash(ctx, asked, atService);
      if (atService === null)
        throw new KioskError(
          'This sale is still waiting to be sent to the payments service: refund it once it has gone',
        );
      return refundOnline(ctx, asked, atService);
    },
  };
}
