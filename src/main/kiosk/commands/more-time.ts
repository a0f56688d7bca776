/**
 * More time for the customer: the display asks, the core asks the service with the pairing's
 * own credentials (the display holds none), records the new expiry and shows it. Only the
 * payment on the display may be extended from there, and two taps at once ask the service once.
 */
import { randomUUID } from 'node:crypto';
import type { MoreTime } from '../../../shared/bridge';
import type { AreaHandlers } from '../dispatcher';
import { explain, KioskError } from '../kiosk-error';
import type { KioskContext } from './context';

export function moreTimeCommands(ctx: KioskContext): AreaHandlers<'moreTime'> {
  /** The ask in flight for each payment: a second tap waits for the first one's answer. */
  const asking = new Map<string, Promise<MoreTime>>();

  async function ask(paymentRequestId: string): Promise<MoreTime> {
    const client = ctx.client();
    if (!client) throw new KioskError('The kiosk is not paired');
    try {
      // One key per ask: a retry of this call (a lost answer) extends once.
      const extension = await client.call('extendPaymentRequest', {
        params: { paymentRequestId },
        idempotencyKey: randomUUID(),
      });
      const payment = ctx.history.get(paymentRequestId);
      if (payment)
        ctx.history.upsertPayment({
          paymentRequestId,
          origin: payment.origin,
          amountPence: payment.amountPence,
          createdAt: payment.createdAt,
          expiresAt: Date.parse(extension.expiresAt),
        });
      ctx.emitState();
      return {
        paymentRequestId,
        expiresAt: extension.expiresAt,
        extensionsLeft: extension.extensionsLeft,
        extensionSeconds: extension.extensionSeconds,
      };
    } catch (error) {
      throw explain(error);
    }
  }

  return {
    askMoreTime({ paymentRequestId }) {
      if (ctx.state().active?.paymentRequestId !== paymentRequestId)
        throw new KioskError(
          'More time is only for the payment on the display',
          'paymentRequestId',
        );
      const pending = asking.get(paymentRequestId);
      if (pending) return pending;
      const asked = ask(paymentRequestId).finally(() => asking.delete(paymentRequestId));
      asking.set(paymentRequestId, asked);
      return asked;
    },
  };
}
