/**
 * More time (POST /api/payment-requests/{id}/extend): the customer at the display asks for more
 * time before the request's QR code expires, and its expiry moves on by the merchant's
 * `extensionSeconds`, at most `maxExtensions` times. A request that is no longer pending (paid,
 * failed for good, cancelled or expired) or has had all its extensions is refused with 409 and
 * changes nothing.
 */
import type { z } from 'zod';
import type { PaymentExtension } from '../../shared/contract/payments';
import { OPEN_STATUSES, type PaymentStatus } from '../../shared/payment-states';
import type { Caller } from '../kernel/caller';
import { iso } from '../kernel/clock';
import { ApiError } from '../kernel/errors';
import { requestFor } from './access';
import type { PaymentsContext } from './context';
import { extendStatements } from './repo/extend';

const refused = (message: string) =>
  new ApiError(409, message, [{ field: 'paymentRequestId', message }], 'CONFLICT');

export function createExtender(ctx: PaymentsContext) {
  const sql = extendStatements(ctx.store);
  return async function extend(
    caller: Caller,
    id: string,
  ): Promise<z.input<typeof PaymentExtension>> {
    const row = await requestFor(ctx.payments, caller, id);
    // One past its time is expired first, as any read of it would: it has no time left to add to.
    await ctx.lifecycle.expireIfDue(row);
    const { settings } = (await ctx.profiles.get(caller.merchantId, caller.environment))!;
    return ctx.store.tx(async () => {
      await ctx.payments.lockForRefund(id);
      const now = ctx.clock.now(caller.environment, caller.merchantId);
      const current = (await sql.current.get(id))!;
      if (!OPEN_STATUSES.includes(current.status as PaymentStatus) || current.expires_at <= now)
        throw refused(
          `The payment request is no longer pending (${current.status}): it cannot have more time`,
        );
      if (current.extensions >= settings.maxExtensions)
        throw refused(
          settings.maxExtensions === 0
            ? 'This merchant gives no more time on a payment'
            : `The payment request has had all ${settings.maxExtensions} of its extensions`,
        );
      const expiresAt = current.expires_at + settings.extensionSeconds * 1000;
      ctx.payments.invalidate(id);
      const done = await sql.extend.run(expiresAt, now, id, current.extensions);
      if (done.changes !== 1) throw refused('The payment request changed meanwhile; ask again');
      const extensions = current.extensions + 1;
      return {
        paymentRequestId: id,
        expiresAt: iso(expiresAt),
        extensions,
        extensionsLeft: Math.max(0, settings.maxExtensions - extensions),
        extensionSeconds: settings.extensionSeconds,
      };
    });
  };
}
