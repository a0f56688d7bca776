/**
 * Payments at the counter: starting one (on the display now, or held in line), cancelling one,
 * clearing a finished one from the display, the held line's remove and retry, and cash sales
 * with the drawer they open.
 */
import { basketTotalPence } from '../../../shared/basket';
import type { DrawerResult } from '../../../shared/bridge';
import { percentTip } from '../../../shared/contract/tips';
import { formatPence } from '../../../shared/money';
import type { AreaHandlers } from '../dispatcher';
import { explain, KioskError } from '../kiosk-error';
import type { DisplayLine } from '../display-line';
import type { StaffMember } from '../staff-pin';
import type { ApprovedOverride } from '../staff-session';
import type { KioskContext } from './context';

const NEEDS_SERVICE =
  'The payments service cannot be reached, so card and bank payments cannot be taken: take cash, or try again once the kiosk is back online';

/** Opens the cash drawer, answering why not rather than throwing: the sale stands either way. */
export async function openDrawerFor(ctx: KioskContext): Promise<DrawerResult> {
  try {
    await ctx.receiptPrinter.openDrawer();
    return { opened: true, error: null };
  } catch (error) {
    return { opened: false, error: (error as Error).message };
  }
}

/**
 * The tip in pence the customer chose: one of the store's percentages of the amount (rounded to
 * the penny as the hosted page rounds it), an amount of their own up to the amount itself (the
 * service's cap on every tip), or neither: no tip.
 */
function tipOf(
  step: { amountPence: number; percentages: number[] },
  percent: number | undefined,
  tipPence: number | undefined,
): number {
  if (percent !== undefined && tipPence !== undefined)
    throw new KioskError('Choose a percentage or an amount, not both', 'tipPence');
  if (percent !== undefined) {
    if (!step.percentages.includes(percent))
      throw new KioskError('That percentage is not offered', 'percent');
    return percentTip(step.amountPence, percent);
  }
  if (tipPence !== undefined && tipPence > step.amountPence)
    throw new KioskError(`The tip can be at most ${formatPence(step.amountPence)}`, 'tipPence');
  return tipPence ?? 0;
}

/**
 * Who took a payment, and the basket prices lowered for it with who approved each, recorded
 * beside it: at once for one on the display, when its turn comes for one held in line.
 */
export function recordTaken(
  staffActions: KioskContext['staffActions'],
  paymentRequestId: string,
  amountPence: number,
  taken: { staff?: StaffMember | undefined; overrides?: ApprovedOverride[] | undefined },
) {
  if (taken.staff)
    staffActions.record(paymentRequestId, { action: 'payment', amountPence, staff: taken.staff });
  for (const o of taken.overrides ?? [])
    staffActions.record(paymentRequestId, {
      action: 'price',
      amountPence: o.toPence,
      description: o.description,
      fromPence: o.fromPence,
      staff: o.staff,
      approvedBy: o.approvedBy,
    });
}

export function paymentCommands(ctx: KioskContext, line: DisplayLine): AreaHandlers<'payments'> {
  const { history } = ctx;
  const openDrawer = () => openDrawerFor(ctx);
  return {
    async startPayment({ amountPence, notes, paymentMethod, lines }) {
      if (!ctx.client() || !ctx.credentials())
        throw new KioskError('Pair this kiosk before taking payments');
      // Card and bank need the service there and then; only cash goes on without it.
      // Reconnecting is the push channel having lost the service (a first connection still
      // being made is not); otherwise the service's own silence refuses it below.
      if (ctx.state().connection === 'reconnecting')
        throw new KioskError(NEEDS_SERVICE, 'amountPence');
      // The customer is shown the lines and charged the amount: the two must agree.
      if (lines?.length && basketTotalPence(lines) !== amountPence)
        throw new KioskError(
          `The basket adds up to ${formatPence(basketTotalPence(lines))}, not ${formatPence(amountPence)}`,
          'lines',
        );
      await ctx.withinLimit(amountPence, 'amountPence');
      // Taken now: a payment held in line keeps them until its turn (display-line.ts).
      const taken = {
        staff: ctx.actor(null) ?? undefined,
        overrides: ctx.staffSession.overridesOf(lines ?? []),
      };
      const result = await line.start({
        amountPence,
        notes: notes || null,
        method: paymentMethod ?? null,
        ...(lines?.length ? { lines } : {}),
        ...taken,
      });
      if (!result.queued)
        recordTaken(ctx.staffActions, result.payment.paymentRequestId, amountPence, taken);
      return result;
    },
    async takeCash({ amountPence, tenderedPence, notes, lines }) {
      if (!ctx.client() || !ctx.credentials())
        throw new KioskError('Pair this kiosk before taking payments');
      if (lines?.length && basketTotalPence(lines) !== amountPence)
        throw new KioskError(
          `The basket adds up to ${formatPence(basketTotalPence(lines))}, not ${formatPence(amountPence)}`,
          'lines',
        );
      await ctx.withinLimit(amountPence, 'amountPence');
      const payment = await line.takeCash({
        amountPence,
        tenderedPence,
        notes: notes || null,
        ...(lines?.length ? { lines } : {}),
      });
      // Named like any payment, so History and the shift's figures count it under them.
      recordTaken(ctx.staffActions, payment.paymentRequestId, amountPence, {
        staff: ctx.actor(null) ?? undefined,
        overrides: ctx.staffSession.overridesOf(lines ?? []),
      });
      // The sale is recorded whatever the drawer does: a printer that is off costs a retry.
      return { payment, drawer: await openDrawer() };
    },
    async sendWaitingSales() {
      await ctx.offlineCash.resend();
      const { waiting, lastError } = ctx.offlineCash.state();
      return { waiting, error: lastError };
    },
    async openCashDrawer({ paymentRequestId }) {
      const payment = history.get(paymentRequestId);
      // Only for a cash payment: opening the drawer for nothing is a manager's "No sale".
      if (payment?.paidMethod !== 'CASH')
        throw new KioskError('The drawer opens here only for a cash payment');
      await ctx.receiptPrinter.openDrawer();
      return { opened: true as const };
    },
    showBasket({ lines }) {
      line.showBasket(lines);
      return { shown: true };
    },
    async cancelPayment({ paymentRequestId }) {
      const client = ctx.client();
      if (!client) throw new KioskError('Pair this kiosk first');
      // A cashier signed in cancels only with a manager's approval; the console used without
      // signing in (no one to name) cancels as it always did.
      const staff = ctx.actor(null);
      const approvedBy = staff
        ? ctx.staffSession.approval(staff, 'cancel', paymentRequestId, 'Cancelling a payment')
        : null;
      try {
        await client.call('cancelPaymentRequest', { params: { paymentRequestId } });
      } catch (error) {
        throw explain(error);
      }
      ctx.tracker.report({
        paymentRequestId,
        status: 'CANCELLED',
        source: 'local',
        at: new Date(ctx.now()).toISOString(),
      });
      if (staff) ctx.staffActions.record(paymentRequestId, { action: 'cancel', staff, approvedBy });
      return ctx.paymentView(history.get(paymentRequestId)!);
    },
    async chooseTip({ id, percent, tipPence }) {
      const step = line.tipStep();
      if (!step || step.id !== id)
        throw new KioskError('That payment is no longer waiting for a tip', 'id');
      const tip = tipOf(step, percent, tipPence);
      const error = await line.tipChosen(id, tip);
      if (error) throw new KioskError(error);
      return { chosen: true };
    },
    async skipTip({ id }) {
      const error = await line.tipChosen(id, null);
      if (error) throw new KioskError(error);
      return { skipped: true };
    },
    dismissPayment({ paymentRequestId }) {
      const payment = history.get(paymentRequestId);
      if (payment && !payment.final)
        throw new KioskError('Only a finished payment can be dismissed');
      line.dismiss(paymentRequestId);
      return { dismissed: true };
    },
    removeHeldPayment({ id }) {
      if (!line.removeHeld(id))
        throw new KioskError('That payment is no longer waiting; it may have started');
      return { removed: true };
    },
    async retryHeldPayment({ id }) {
      const error = await line.retryHeld(id);
      if (error === false) throw new KioskError('That payment is no longer waiting');
      if (error) throw new KioskError(error);
      return { retried: true };
    },
  };
}
