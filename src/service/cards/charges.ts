/**
 * Saved-card charges (docs/customers.md): charge off-session, capture (all or a lower amount) and
 * cancel. A charge is a payment request with one card transaction, so it moves through the
 * same lifecycle as any payment: PENDING at once, then the sandbox card network answers
 * (settleDue) with COMPLETED, AUTHORIZED or FAILED, and the scheduler captures or releases
 * authorizations on time (authorizationsDue). Every change emits PAYMENTS_STATUS.
 */
import type { z } from 'zod';
import type { CardChargeBody, CardPayment } from '../../shared/contract/cards';
import type { ProcessPaymentBody } from '../../shared/contract/payments';
import { penceToPounds, poundsToPence } from '../../shared/money';
import { routes } from '../../shared/contract/routes';
import { iso } from '../kernel/clock';
import type { Area } from '../http/context';
import type { CardsContext } from './context';
import type { Store } from '../kernel/store/port';
import { NO_CUSTOMER } from '../customers';
import { createTerminalScope } from '../customers';
import type { Caller } from '../kernel/caller';
import { badField, badRequest, notFound } from '../kernel/errors';
import { mount } from '../http/mount';
import { requestFor } from '../payments';
import type { Authorization } from '../payments';
import type { MerchantRow } from '../payments';
import { NO_CARD, behaviourOfCard, type SavedCardRow } from './model';
import { chargeableStatement } from './repo';

/** How long a card authorization holds (the service's choice; docs/customers.md): 7 days. */
export const AUTHORIZATION_MS = 7 * 24 * 3600_000;
/** CAPTURE_BEFORE_EXPIRY captures this long before the authorization would expire. */
export const CAPTURE_MARGIN_MS = 3600_000;

export type Chargeable = [
  cardEnabled: number,
  remoteEnabled: number,
  customerId: string | null,
  cardId: string | null,
  brand: SavedCardRow['brand'],
  last4: string,
  cardType: SavedCardRow['card_type'],
  expiryDate: string,
  behaviour: SavedCardRow['behaviour'],
];

/**
 * What the joined read found for a merchant's customer and card, kept per database. Nothing it
 * holds changes once written: the interface can neither delete nor edit a customer's id or a
 * card's brand, number, type or expiry. Only the sandbox reset deletes customers and cards, and
 * only PATCH /api/merchant changes the card setting: both call `forgetChargeable`. Only
 * charges that found everything are kept (misses are not, so wrong ids cannot fill it), and at
 * most CHARGEABLE_KEPT of them, oldest out first.
 */
const chargeables = new WeakMap<Store, Map<string, Chargeable>>();
const CHARGEABLE_KEPT = 10_000;
export const forgetChargeable = (store: Store) => chargeables.get(store)?.clear();

/**
 * The saved-card charge itself, shared by POST /api/payments/card/process-payment and by
 * COLLECT contracts (cards/collect.ts): both make the same card payment request.
 */
export function createCardCharger(ctx: CardsContext) {
  const terminalScope = createTerminalScope(ctx.store, ctx.clock);
  // One per database, so the routes' charger and COLLECT contracts' share it with the reset.
  const known = chargeables.get(ctx.store) ?? new Map<string, Chargeable>();
  chargeables.set(ctx.store, known);
  const chargeable = chargeableStatement(ctx.store);

  async function charge(
    caller: Caller,
    body: CardChargeBody,
  ): Promise<z.input<typeof CardPayment>> {
    // The read shows in a charge's CPU (docs/benchmarks.md), and a card is charged again and again.
    const key = `${caller.merchantId} ${caller.environment} ${body.customerId} ${body.paymentMethodId}`;
    let found = known.get(key);
    if (!found) {
      found = await chargeable.get(
        body.customerId,
        caller.environment,
        body.paymentMethodId,
        caller.environment,
        caller.merchantId,
      );
      if (found?.[0] === 1 && found[3] !== null && ctx.store.soleWriter) {
        if (known.size >= CHARGEABLE_KEPT) known.delete(known.keys().next().value!);
        known.set(key, found);
      }
    }
    if (found?.[0] !== 1)
      throw badRequest('Card payments are not activated on this merchant account');
    const [cardEnabled, remoteEnabled, customerId, cardId, brand, last4, cardType, expiry, how] =
      found;
    const merchant: MerchantRow = { card_enabled: cardEnabled, remote_enabled: remoteEnabled };
    if (customerId === null) throw notFound(NO_CUSTOMER);
    const customer = { id: customerId };
    if (caller.kind === 'terminal') await terminalScope.requireLookedUp(caller, customer.id);
    if (cardId === null) throw notFound(NO_CARD);
    const card = {
      id: cardId,
      brand,
      last4,
      card_type: cardType,
      expiry_date: expiry,
      behaviour: how,
    };
    const behaviour = behaviourOfCard(card);
    const now = ctx.clock.now(caller.environment, caller.merchantId);
    const [month, year] = card.expiry_date.split('/').map(Number) as [number, number];
    const cardExpired = Date.UTC(year, month, 1) <= now;

    const manual = body.captureType !== 'AUTO_CAPTURE';
    const expiresAt = now + AUTHORIZATION_MS;
    const authorization: Authorization = {
      captureType: body.captureType,
      cardId: card.id,
      ...(manual ? { expiresAt } : {}),
      ...(body.captureType === 'CAPTURE_BEFORE_EXPIRY'
        ? { autoCaptureAt: expiresAt - CAPTURE_MARGIN_MS }
        : {}),
      ...(behaviour.charge === 'captureFails'
        ? { captureOutcome: { outcome: 'FAILED', errorDescription: behaviour.errorDescription } }
        : {}),
    };
    // What the sandbox network will answer once it has "seen" the charge (CARD_SETTLE_MS).
    let settle: { outcome: 'COMPLETED' | 'FAILED' | 'AUTHORIZED'; errorDescription?: string };
    if (cardExpired) settle = { outcome: 'FAILED', errorDescription: 'Expired card' };
    else if (behaviour.charge === 'decline')
      settle = { outcome: 'FAILED', errorDescription: behaviour.errorDescription };
    else if (manual) settle = { outcome: 'AUTHORIZED' };
    else if (behaviour.charge === 'captureFails')
      settle = { outcome: 'FAILED', errorDescription: behaviour.errorDescription };
    else settle = { outcome: 'COMPLETED' };

    const request: ProcessPaymentBody = {
      customerId: customer.id,
      orderId: body.orderId,
      amount: body.amount,
      ...(body.storeId ? { storeId: body.storeId } : {}),
      paymentMethod: ['CARD'],
      savePaymentMethod: false,
      serviceCustomerId: customer.id,
      autoRedirect: false,
      expiresIn: AUTHORIZATION_MS,
      ...(body.notes ? { notes: body.notes } : {}),
      ...(body.metadata ? { metadata: body.metadata } : {}),
      enableTips: false,
      allowRetry: false,
      splitBill: false,
    };
    const row = await ctx.commit(async () => {
      // Created already PENDING with its card transaction: the network has the charge at once.
      const row = await ctx.creator.createPaying(
        caller,
        {
          body: request,
          terminalId: caller.kind === 'terminal' ? caller.terminalId : null,
          known: { merchant, customerId: customer.id },
        },
        'PENDING',
      );
      await ctx.lifecycle.startFirstAttempt(row, {
        method: 'CARD',
        status: 'PENDING',
        card: { brand: card.brand, last4: card.last4, type: card.card_type },
        settle,
        authorization,
      });
      return row;
    });
    ctx.payments.committed(row);
    return {
      paymentRequestId: row.id,
      status: 'PENDING',
      amount: penceToPounds(poundsToPence(body.amount)),
      currency: 'GBP',
      orderId: body.orderId,
      customerId: customer.id,
      paymentMethodId: card.id,
      captureType: body.captureType,
      createdAt: iso(now),
      ...(manual ? { expiresAt: iso(expiresAt) } : {}),
    };
  }

  return { charge };
}
export type CardCharger = ReturnType<typeof createCardCharger>;

export const chargeRoutes: Area<CardsContext> = (app, ctx) => {
  const { charge } = createCardCharger(ctx);
  // What a charge keeps of the merchant holds its card setting (merchants/profile.ts).
  ctx.profiles.onChange({
    committed: (change) => {
      if (change.body.settings?.cardPayments !== undefined) forgetChargeable(ctx.store);
    },
  });

  mount(app, ctx.auth, routes.chargeCard, async ({ body, caller }) => {
    if (caller.kind === 'terminal' && body.storeId && body.storeId !== caller.storeId)
      throw badField('storeId', "must be the terminal's own store");
    return charge(caller, body);
  });

  mount(app, ctx.auth, routes.captureCardPayment, async ({ params, body, caller }) => {
    const row = await requestFor(ctx.payments, caller, params.paymentRequestId);
    const amount = body.amount === undefined ? undefined : poundsToPence(body.amount);
    const result = await ctx.lifecycle.capture(row, amount);
    return result.captured
      ? {
          success: true,
          message: `Captured ${penceToPounds(result.row.paid_pence).toFixed(2)} ${row.currency}`,
        }
      : {
          success: false,
          message: `The capture failed: ${result.row.error_description ?? 'refused'}`,
        };
  });

  mount(app, ctx.auth, routes.cancelCardPayment, async ({ params, body, caller }) => {
    const row = await requestFor(ctx.payments, caller, params.paymentRequestId);
    const code = body.cancelledReasonCode;
    const text = body.cancelledReasonDescription?.trim();
    const reason = `Cancelled${code ? `: ${code}` : ''}${text ? ` (${text})` : ''}`;
    await ctx.lifecycle.cancelAuthorization(row, reason);
    return { success: true, message: 'The authorization was cancelled and the hold released' };
  });
};
