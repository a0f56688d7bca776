/**
 * Card on file, behind the staff PIN: one customer looked up by exact email or phone, a charge
 * on one of their saved cards, and a hold's capture or release (docs/kiosk.md).
 */
import type { CommandOf, CustomerLookup } from '../../../shared/bridge';
import { penceToDecimalText, penceToPounds } from '../../../shared/money';
import { ApiClientError } from '../../../client/http-client';
import type { AreaHandlers } from '../dispatcher';
import { explain, KioskError } from '../kiosk-error';
import { pollReport } from '../poller';
import type { KioskContext } from './context';

/** How long the service lets a terminal read a looked-up customer's cards (docs/terminals.md). */
const LOOKUP_HOLD_MS = 3_600_000;

/**
 * Customers looked up in this session, by id, with the cards the service showed: a charge names
 * the customer and card as staff saw them. The service opens a customer's cards to the terminal
 * for an hour after the lookup; so does this. The lookups were the pairing's: they go with it.
 */
function createLookups(ctx: KioskContext) {
  const lookedUp = new Map<string, CustomerLookup & { at: number }>();
  ctx.onDisconnect(() => lookedUp.clear());
  return {
    remember(found: CustomerLookup) {
      for (const [id, entry] of lookedUp)
        if (ctx.now() - entry.at > LOOKUP_HOLD_MS) lookedUp.delete(id);
      lookedUp.set(found.customer.id, { ...found, at: ctx.now() });
    },
    /** The customer as looked up within the hour, or null. */
    find(customerId: string): CustomerLookup | null {
      const found = lookedUp.get(customerId);
      return found && ctx.now() - found.at <= LOOKUP_HOLD_MS ? found : null;
    },
  };
}
type Lookups = ReturnType<typeof createLookups>;

/** Reads one payment's status now and reports it (as the poller would). */
async function refreshStatus(ctx: KioskContext, paymentRequestId: string) {
  const current = ctx.client();
  if (!current) return;
  try {
    const record = await current.call('getPaymentStatus', { params: { paymentRequestId } });
    ctx.tracker.report(pollReport(record));
  } catch (error) {
    ctx.log(`status ${paymentRequestId}: ${(error as Error).message}`);
  }
}

/** A card charge of this kiosk's that holds money (AUTHORIZED): the only kind captured or released. */
function authorizedCharge(ctx: KioskContext, paymentRequestId: string) {
  const client = ctx.client();
  if (!client) throw new KioskError('Pair this kiosk first');
  const payment = ctx.history.get(paymentRequestId);
  if (!payment || !ctx.cardCharges.ofPayment(paymentRequestId))
    throw new KioskError('This kiosk has no record of that card charge');
  if (payment.status !== 'AUTHORIZED')
    throw new KioskError('Only an authorized card charge (a hold) can be captured or released');
  return { client, payment };
}

async function lookupCustomer(
  ctx: KioskContext,
  lookups: Lookups,
  { query }: CommandOf<'lookupCustomer'>,
): Promise<CustomerLookup> {
  const client = ctx.client();
  const credentials = ctx.credentials();
  if (!client || !credentials) throw new KioskError('Pair this kiosk before looking up customers');
  if (credentials.kind !== 'terminal')
    throw new KioskError('Card on file needs this kiosk paired as a terminal (a pairing code)');
  const field = query.email !== undefined ? 'email' : 'phone';
  try {
    const customer = await client.call('customerLookup', { query });
    const page = await client.call('terminalCustomerCards', {
      params: { customerId: customer.id },
      query: { page: 0, size: 50 },
    });
    const found: CustomerLookup = { customer, cards: page.data };
    lookups.remember(found);
    return found;
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 429)
      throw new KioskError(
        `Too many customer lookups from this kiosk. ${error.message}. Nothing was looked up.`,
        field,
      );
    throw explain(error, field);
  }
}

/**
 * Charges a saved card. The charge is written with its Idempotency-Key before the request
 * leaves (history/card-charges.ts), so a retry after a lost answer never charges twice.
 */
async function chargeSavedCard(
  ctx: KioskContext,
  lookups: Lookups,
  command: CommandOf<'chargeSavedCard'>,
) {
  const { cardCharges } = ctx;
  const client = ctx.client();
  if (!client || !ctx.credentials()) throw new KioskError('Pair this kiosk before taking payments');
  const found = lookups.find(command.customerId);
  if (!found)
    throw new KioskError('Look the customer up again before charging their card', 'customerId');
  const card = found.cards.find((c) => c.id === command.paymentMethodId);
  if (!card)
    throw new KioskError('That card is not one of this customer’s saved cards', 'paymentMethodId');
  await ctx.withinLimit(command.amountPence, 'amountPence');
  const charge = cardCharges.open({
    customerId: command.customerId,
    customerName: found.customer.fullName,
    paymentMethodId: card.id,
    cardLabel: `${card.brand} ending ${card.lastFourDigits}`,
    captureType: command.captureType,
    amountPence: command.amountPence,
    notes: command.notes || null,
  });
  let created;
  try {
    created = await client.call('chargeCard', {
      body: {
        customerId: charge.customerId,
        paymentMethodId: charge.paymentMethodId,
        captureType: charge.captureType,
        amount: penceToPounds(charge.amountPence),
        orderId: charge.orderId,
        notes: charge.notes ?? undefined,
      },
      idempotencyKey: charge.idempotencyKey,
    });
  } catch (error) {
    // A refusal charged nothing; a lost answer (no connection, 5xx, 429) keeps the charge's
    // key for the retry.
    if (error instanceof ApiClientError && error.status >= 400 && error.status < 500)
      if (error.status !== 429) cardCharges.drop(charge.idempotencyKey);
    if (error instanceof ApiClientError && (error.status === 0 || error.status >= 500))
      throw new KioskError(
        'The payments service cannot be reached, so the card may not have been charged. Charge again when the kiosk is back online: the same charge is never made twice.',
      );
    throw explain(error, 'amountPence');
  }
  cardCharges.settle(charge.idempotencyKey, created.paymentRequestId);
  ctx.tracker.track({
    paymentRequestId: created.paymentRequestId,
    origin: 'counter',
    amountPence: charge.amountPence,
    currency: created.currency,
    orderId: created.orderId,
    notes: charge.notes,
    paymentMethodRestriction: 'CARD',
    status: created.status,
    source: 'local',
    createdAt: Date.parse(created.createdAt),
    expiresAt: created.expiresAt ? Date.parse(created.expiresAt) : null,
  });
  // The network answers in a moment; push usually tells first, this catches up otherwise.
  void refreshStatus(ctx, created.paymentRequestId);
  return ctx.paymentView(ctx.history.get(created.paymentRequestId)!);
}

export function cardOnFileCommands(ctx: KioskContext): AreaHandlers<'cardOnFile'> {
  const lookups = createLookups(ctx);
  return {
    lookupCustomer: (command) => lookupCustomer(ctx, lookups, command),
    async chargeSavedCard(command, who) {
      const payment = await chargeSavedCard(ctx, lookups, command);
      const staff = ctx.actor(who);
      if (staff)
        ctx.staffActions.record(payment.paymentRequestId, {
          action: 'payment',
          amountPence: command.amountPence,
          staff,
        });
      return payment;
    },

    async captureCardPayment({ paymentRequestId, amountPence }, who) {
      const { client, payment } = authorizedCharge(ctx, paymentRequestId);
      if (amountPence !== undefined && amountPence > payment.amountPence)
        throw new KioskError(
          `must be at most the authorized ${penceToDecimalText(payment.amountPence)}`,
          'amountPence',
        );
      let result;
      try {
        result = await client.call('captureCardPayment', {
          params: { paymentRequestId },
          body: amountPence === undefined ? {} : { amount: penceToPounds(amountPence) },
        });
      } catch (error) {
        throw explain(error, 'amountPence');
      }
      await refreshStatus(ctx, paymentRequestId);
      // The issuer may refuse the capture: the answer says so and the payment is FAILED.
      if (!result.success) throw new KioskError(result.message);
      const staff = ctx.actor(who);
      if (staff)
        ctx.staffActions.record(paymentRequestId, {
          action: 'capture',
          amountPence: amountPence ?? payment.amountPence,
          staff,
        });
      return ctx.paymentView(ctx.history.get(paymentRequestId)!);
    },

    async releaseCardPayment({ paymentRequestId, reason }, who) {
      const { client } = authorizedCharge(ctx, paymentRequestId);
      const staff = ctx.actor(who);
      const approvedBy = staff
        ? ctx.staffSession.approval(staff, 'release', paymentRequestId, 'Releasing a card hold')
        : null;
      try {
        await client.call('cancelCardPayment', { params: { paymentRequestId }, body: reason });
      } catch (error) {
        throw explain(error, 'reason');
      }
      if (staff)
        ctx.staffActions.record(paymentRequestId, { action: 'release', staff, approvedBy });
      await refreshStatus(ctx, paymentRequestId);
      return ctx.paymentView(ctx.history.get(paymentRequestId)!);
    },
  };
}
