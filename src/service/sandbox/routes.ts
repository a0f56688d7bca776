/** Sandbox controls: move the clock, act as the customer, reset. Sandbox secrets only. */
import { routes } from '../../shared/contract/routes';
import { poundsToPence } from '../../shared/money';
import { iso } from '../kernel/clock';
import type { Area } from '../http/context';
import type { SandboxContext } from './context';
import { badRequest } from '../kernel/errors';
import { mount } from '../http/mount';
import { sandboxReset } from '../kernel/sandbox-reset';
import { sandboxClockStatements } from './repo';
import { requestFor } from '../payments';
import { statusRecord } from '../payments';
import { AUTHORIZATION_MS, CAPTURE_MARGIN_MS, forgetChargeable } from '../cards';

const SIMULATED_CARD = { brand: 'VISA', last4: '4242', type: 'CREDIT' };

export const sandboxRoutes: Area<SandboxContext> = (app, ctx) => {
  const { advance } = sandboxClockStatements(ctx.store);

  mount(app, ctx.auth, routes.advanceClock, async ({ body, caller }) => {
    // The caller's own sandbox clock only (kernel/clock.ts). Moved in the database, so every
    // instance on it moves too, and two moves at once add up.
    const stored = await advance.get(caller.merchantId, body.ms);
    ctx.clock.set(caller.merchantId, Number(stored!.offset_ms));
    await ctx.tick(); // expiries and due retries fire now, not at the next scheduler pass
    return { now: iso(ctx.clock.now('sandbox', caller.merchantId)) };
  });

  mount(app, ctx.auth, routes.simulatePayment, async ({ params, body, caller }) => {
    const row = await requestFor(ctx.payments, caller, params.paymentRequestId);
    if (body.outcome === 'AUTHORIZED' && body.paymentMethod !== 'CARD')
      throw badRequest('AUTHORIZED requires paymentMethod CARD');
    // An authorization is never left AUTO_CAPTURE (nothing could ever end it): it is a manual
    // or capture-before-expiry hold that capture, cancel or its expiry ends.
    const captureType = body.captureType ?? 'MANUAL_CAPTURE';
    const expiresAt = ctx.clock.now(row.environment, row.merchant_id) + AUTHORIZATION_MS;
    // The same moves as the hosted page's, with the customer's and the network's answers at
    // once: a card (no 3DS challenge) goes to PENDING with the network, then to its outcome; a
    // bank payment waits for the customer at AWAITING_AUTHORIZATION, then the bank answers.
    const card = body.paymentMethod === 'CARD';
    await ctx.outbox.tx(async () => {
      const tx = await ctx.lifecycle.startAttempt(row.id, {
        method: body.paymentMethod,
        ...(body.outcome === 'AUTHORIZED'
          ? {
              authorization: {
                captureType,
                expiresAt,
                ...(captureType === 'CAPTURE_BEFORE_EXPIRY'
                  ? { autoCaptureAt: expiresAt - CAPTURE_MARGIN_MS }
                  : {}),
              },
            }
          : {}),
        // Absent: the tip the customer chose before paying, if they chose one (else none).
        tipPence: body.tipAmount === undefined ? undefined : poundsToPence(body.tipAmount),
        status: card ? 'PENDING' : 'AWAITING_AUTHORIZATION',
        ...(card ? { card: SIMULATED_CARD } : { bankName: 'Sandbox Bank' }),
      });
      await ctx.lifecycle.finishAttempt(
        tx.id,
        body.outcome,
        body.outcome === 'FAILED' ? 'Declined by the sandbox' : undefined,
      );
    });
    const current = (await ctx.payments.get(row.id))!;
    return statusRecord(
      current,
      await ctx.payments.transactions(row.id),
      await ctx.payments.lineItems(current),
    );
  });

  mount(app, ctx.auth, routes.resetSandbox, async ({ caller }) => {
    // Each area deletes its own sandbox rows (kernel/sandbox-reset.ts), all in one transaction.
    const reset = sandboxReset(ctx.store);
    await ctx.store.tx(() => reset(caller.merchantId));
    ctx.payments.clear();
    forgetChargeable(ctx.store);
    return { message: 'Sandbox data deleted' };
  });
};
