/** Sandbox controls: move the clock, act as the customer, reset. Sandbox secrets only. */
import { routes } from '../../shared/contract/routes';
import { poundsToPence } from '../../shared/money';
import { iso } from '../kernel/clock';
import type { Area } from '../context';
import { badRequest } from '../kernel/errors';
import { mount } from '../http/mount';
import { requestFor } from '../payments/access';
import { statusRecord } from '../payments/model';
import { AUTHORIZATION_MS, CAPTURE_MARGIN_MS, forgetChargeable } from '../cards/charges';

const SIMULATED_CARD = { brand: 'VISA', last4: '4242', type: 'CREDIT' };

export const sandboxRoutes: Area = (app, ctx) => {
  mount(app, ctx.auth, routes.advanceClock, async ({ body, caller }) => {
    // The caller's own sandbox clock only (kernel/clock.ts). Moved in the database, so every
    // instance on it moves too, and two moves at once add up.
    const stored = await ctx.store
      .prepare<[string, number], { offset_ms: number }>(
        `INSERT INTO sandbox_clocks (merchant_id, offset_ms) VALUES (?, ?)
         ON CONFLICT (merchant_id) DO UPDATE
         SET offset_ms = sandbox_clocks.offset_ms + excluded.offset_ms
         RETURNING offset_ms`,
      )
      .get(caller.merchantId, body.ms);
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
        tipPence: body.tipAmount === undefined ? 0 : poundsToPence(body.tipAmount),
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

  const resets = [
    `DELETE FROM messages WHERE merchant_id = ? AND environment = 'sandbox'`,
    `DELETE FROM terminal_lookups WHERE merchant_id = ? AND environment = 'sandbox'`,
    `DELETE FROM transactions WHERE payment_request_id IN
       (SELECT id FROM payment_requests WHERE merchant_id = ? AND environment = 'sandbox')`,
    `DELETE FROM payment_line_items WHERE payment_request_id IN
       (SELECT id FROM payment_requests WHERE merchant_id = ? AND environment = 'sandbox')`,
    `DELETE FROM payment_requests WHERE merchant_id = ? AND environment = 'sandbox'`,
    `DELETE FROM webhook_delivery_attempts WHERE delivery_id IN (SELECT d.id FROM webhook_deliveries d
       JOIN webhook_subscriptions s ON s.id = d.subscription_id
       WHERE s.merchant_id = ? AND s.environment = 'sandbox')`,
    `DELETE FROM webhook_deliveries WHERE subscription_id IN
       (SELECT id FROM webhook_subscriptions WHERE merchant_id = ? AND environment = 'sandbox')`,
    `DELETE FROM webhook_subscriptions WHERE merchant_id = ? AND environment = 'sandbox'`,
    `DELETE FROM events WHERE merchant_id = ? AND environment = 'sandbox'`,
    // Agent Pay: payments and contracts before the customers and agents they point at.
    `DELETE FROM contract_approval_codes WHERE contract_id IN
       (SELECT id FROM contracts WHERE merchant_id = ? AND environment = 'sandbox')`,
    `DELETE FROM contract_payments WHERE merchant_id = ? AND environment = 'sandbox'`,
    `DELETE FROM contracts WHERE merchant_id = ? AND environment = 'sandbox'`,
    `DELETE FROM agent_nonces WHERE scope IN
       (SELECT id FROM agents WHERE merchant_id = ? AND environment = 'sandbox')`,
    // Registration nonces are scoped by key: key:<merchant>:<environment>:<thumbprint>.
    `DELETE FROM agent_nonces WHERE scope LIKE 'key:' || ? || ':sandbox:%'`,
    `DELETE FROM agents WHERE merchant_id = ? AND environment = 'sandbox'`,
    `DELETE FROM customers WHERE merchant_id = ? AND environment = 'sandbox'`,
    // The bank feed: consents, their accounts and transactions, and unfinished links.
    `DELETE FROM bank_transactions WHERE account_id IN (SELECT a.id FROM bank_accounts a
       JOIN bank_consents c ON c.id = a.consent_id WHERE c.merchant_id = ? AND c.environment = 'sandbox')`,
    `DELETE FROM bank_accounts WHERE consent_id IN
       (SELECT id FROM bank_consents WHERE merchant_id = ? AND environment = 'sandbox')`,
    `DELETE FROM bank_consents WHERE merchant_id = ? AND environment = 'sandbox'`,
    `DELETE FROM bank_links WHERE merchant_id = ? AND environment = 'sandbox'`,
  ].map((sql) => ctx.store.prepare(sql));

  mount(app, ctx.auth, routes.resetSandbox, async ({ caller }) => {
    await ctx.store.tx(async () => {
      for (const statement of resets) await statement.run(caller.merchantId);
    });
    ctx.payments.clear();
    forgetChargeable(ctx.store);
    ctx.outbox.subscriptionsChanged();
    return { message: 'Sandbox data deleted' };
  });
};
