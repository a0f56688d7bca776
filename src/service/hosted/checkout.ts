/**
 * Card on file at checkout (docs/hosted-page.md): the hosted payment page's card step calls these.
 * - savePaymentMethod with serviceCustomerId: every card goes through 3DS, and once the
 *   challenge completes the card is saved to the customer (`needsChallenge`, `holdForSaving`,
 *   `saveAfterChallenge`).
 * - serviceCustomerId without savePaymentMethod: the customer's saved cards are offered before
 *   the card form (`offerSavedCards`), but a payment link is no proof of who holds it, so they
 *   are listed and charged only in a browser that has typed a one-time code sent to the
 *   customer (checkout-verification.ts; `routes` adds the forms).
 * Kept apart from routes.ts, which only calls in at these points.
 */
import type { Context, Hono } from 'hono';
import type { HostedContext } from './context';
import { optionsOf, type RequestRow, type TransactionRow } from '../payments';
import { cardDigits, type CardBehaviour, type CardForm } from '../cards';
import { createVerificationStore } from '../cards';
import { recipientOf } from '../cards';
import { createCardStore, type NewCard } from '../cards';
import { cardProfile } from '../cards';
import { customerByIdAnyScope } from '../customers';
import { sendPage } from '../ui';
import type { HostedPageKit } from './kit';
import type { Plan } from './plan';
import type { Summary } from './views';
import { savedCardRoutes, session } from './checkout-routes';
import { codeEntryPage, confirmItsYouPage, savedCardsPage } from './checkout-views';
import { checkoutSaveStatements } from './repo';

export function cardOnFile(ctx: HostedContext) {
  const cards = createCardStore(ctx.store, ctx.clock);
  const verifications = createVerificationStore(ctx.store, ctx.clock);
  const { hold, held, markSaved } = checkoutSaveStatements(ctx.store);
  const customerRow = customerByIdAnyScope(ctx.store);

  const saving = (row: RequestRow) => {
    const options = optionsOf(row);
    return options.savePaymentMethod && options.serviceCustomerId
      ? options.serviceCustomerId
      : null;
  };

  /**
   * The customer whose saved cards this request may offer, and where their code goes; null when
   * there are none to offer (no customer, a new card being saved, no saved card, or no email or
   * phone to prove who they are with: then the card form is shown instead).
   */
  async function savedCardsOf(row: RequestRow) {
    const options = optionsOf(row);
    if (!options.serviceCustomerId || options.savePaymentMethod) return null;
    const customer = await customerRow.get(options.serviceCustomerId);
    const recipient = customer ? recipientOf(customer) : null;
    if (!customer || !recipient || (await cards.list(customer.id, 0, 1)).total === 0) return null;
    return { customer, recipient };
  }

  return {
    /** With savePaymentMethod a card is only saved after 3DS, so every approved card is challenged. */
    needsChallenge: (row: RequestRow, behaviour: CardBehaviour) =>
      saving(row) !== null && behaviour.kind !== 'decline',

    /** Remembers the masked card of a challenged attempt, to save once the challenge completes. */
    async holdForSaving(
      row: RequestRow,
      tx: TransactionRow,
      fields: Record<string, string>,
      card: CardForm,
    ) {
      const customerId = saving(row);
      const profile = cardProfile(cardDigits(fields.number ?? ''));
      if (!customerId || !profile) return;
      const pending: NewCard = {
        profile,
        last4: card.last4,
        name: card.name,
        expiryDate: `${String(card.expiry.month).padStart(2, '0')}/${card.expiry.year}`,
      };
      await hold.run(
        tx.id,
        customerId,
        JSON.stringify(pending),
        ctx.clock.now(row.environment, row.merchant_id),
      );
    },

    /** The challenge completed: the held card becomes a saved card of the customer (once). */
    async saveAfterChallenge(tx: TransactionRow) {
      const pending = await held.get(tx.id);
      if (!pending || pending.card_id) return;
      const customer = await customerRow.get(pending.customer_id);
      if (!customer) return;
      await ctx.store.tx(async () => {
        const saved = await cards.save(customer, JSON.parse(pending.card) as NewCard);
        await markSaved.run(saved.id, tx.id);
      });
    },

    /**
     * The saved-card step before the card form, or undefined to show the form. Which one depends
     * on this browser: no code yet (ask for one), a code sent (type it), or confirmed (the cards).
     */
    async offerSavedCards(
      c: Context,
      row: RequestRow,
      summary: Summary,
      plan: Plan,
      query: Record<string, string>,
    ): Promise<Response | undefined> {
      if (query.new === '1') return undefined;
      const offer = await savedCardsOf(row);
      if (!offer) return undefined;
      const state = await verifications.state(session(c), row, offer.customer.id);
      if (state.state === 'verified')
        return sendPage(
          c,
          200,
          savedCardsPage(summary, plan, (await cards.list(offer.customer.id, 0, 20)).rows),
        );
      if (state.state === 'pending') return sendPage(c, 200, codeEntryPage(summary, plan, state));
      return sendPage(c, 200, confirmItsYouPage(summary, plan));
    },

    /** The saved-card forms; routes.ts adds them behind its guard (same-site forms only). */
    routes(app: Hono, kit: HostedPageKit) {
      savedCardRoutes(app, { ctx, kit, cards, verifications, savedCardsOf });
    },
  };
}
export type CardOnFile = ReturnType<typeof cardOnFile>;
