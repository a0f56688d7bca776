/**
 * Card on file at checkout (docs/hosted-page.md): the hosted payment page's card step calls these.
 * - savePaymentMethod with serviceCustomerId: every card goes through 3DS, and once the
 *   challenge completes the card is saved to the customer (`needsChallenge`, `holdForSaving`,
 *   `saveAfterChallenge`).
 * - serviceCustomerId without savePaymentMethod: the customer's saved cards are offered before
 *   the card form (`offerSavedCards`), but a payment link is no proof of who holds it, so they
 *   are listed and charged only in a browser that has typed a one-time code sent to the
 *   customer (checkout-verification.ts; `routes` adds the forms).
 * Kept apart from pages/hosted-page.ts, which only calls in at these points.
 */
import type { Context, Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { formatPence } from '../../shared/money';
import type { ServiceContext } from '../context';
import { optionsOf, type RequestRow, type TransactionRow } from '../payments/model';
import { cardDigits, type CardBehaviour, type CardForm } from '../pages/hosted-cards';
import { seeOther, sendPage } from '../pages/hosted';
import type { HostedPageKit } from '../pages/hosted-page';
import { planQuery, type Plan } from '../pages/hosted-plan';
import type { Summary } from '../pages/hosted-views';
import type { CustomerRow } from '../customers/model';
import { codeEntryPage, confirmItsYouPage, savedCardsPage } from './checkout-views';
import {
  CODE_TTL_MS,
  SESSION_COOKIE,
  SESSION_COOKIE_SECONDS,
  createVerificationStore,
  maskRecipient,
} from './checkout-verification';
import { recipientOf } from './links';
import { behaviourOfCard, createCardStore, type NewCard, type SavedCardRow } from './model';
import { cardProfile } from './test-cards';

const SavedCardChoice = z.object({ cardId: z.string().min(1).max(64) });
const CodeForm = z.object({
  code: z
    .string()
    .transform((s) => s.replace(/\s/g, ''))
    .refine((s) => /^\d{6}$/.test(s), 'Enter the 6-digit code we sent you'),
});

export function cardOnFile(ctx: ServiceContext) {
  const cards = createCardStore(ctx.store, ctx.clock);
  const verifications = createVerificationStore(ctx.store, ctx.clock);
  const hold = ctx.store.prepare(`
    INSERT INTO checkout_card_saves (transaction_id, customer_id, card, created_at)
    VALUES (?, ?, ?, ?)
    ON CONFLICT (transaction_id) DO UPDATE SET customer_id = excluded.customer_id,
      card = excluded.card, created_at = excluded.created_at, card_id = NULL`);
  const held = ctx.store.prepare<
    [string],
    { customer_id: string; card: string; card_id: string | null }
  >('SELECT customer_id, card, card_id FROM checkout_card_saves WHERE transaction_id = ?');
  const markSaved = ctx.store.prepare(
    'UPDATE checkout_card_saves SET card_id = ? WHERE transaction_id = ? AND card_id IS NULL',
  );
  const customerRow = ctx.store.prepare<[string], CustomerRow>(
    'SELECT * FROM customers WHERE id = ?',
  );

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

  const session = (c: Context) => getCookie(c, SESSION_COOKIE);
  const payUrl = (row: RequestRow) => `/pay/${row.id}`;
  const cardStep = (row: RequestRow, plan: Plan) => `${payUrl(row)}/card?${planQuery(plan)}`;

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

    /** The saved-card forms; hosted-page.ts adds them behind its guard (same-site forms only). */
    routes(app: Hono, kit: HostedPageKit) {
      /** The request, its plan and its saved-card offer, or the page to answer instead. */
      async function step(c: Context) {
        const row = await kit.load(c.req.param('id') ?? '');
        if (!row) return { page: kit.notFound(c) };
        if (!kit.payable(row)) return { page: seeOther(c, payUrl(row)) };
        const fields = await kit.formBody(c);
        const { plan, page } = await kit.postedPlan(c, row, fields);
        if (!plan) return { page };
        const offer = await savedCardsOf(row);
        if (!offer) return { page: seeOther(c, `${payUrl(row)}/card?${planQuery(plan)}&new=1`) };
        return { row, fields, plan, offer, summary: await kit.summaryOf(row) };
      }

      // Send a code: a new session for this browser, and the message, stored together.
      app.post('/pay/:id/saved-card/code', async (c) => {
        const s = await step(c);
        if (!s.row) return s.page;
        const { row, plan, offer, summary } = s;
        const started = await ctx.store.tx(async () => {
          const masked = maskRecipient(offer.recipient.channel, offer.recipient.to);
          const fresh = await verifications.start(session(c), row, offer.customer.id, masked);
          if (!fresh) return null;
          const amount = formatPence(plan.totalPence, row.currency);
          const shop = summary.merchantName;
          const minutes = CODE_TTL_MS / 60_000;
          await ctx.messages.add({
            merchantId: row.merchant_id,
            environment: row.environment,
            customerId: offer.customer.id,
            channel: offer.recipient.channel,
            to: offer.recipient.to,
            subject: `${shop}: your code to pay with a saved card`,
            body:
              offer.recipient.channel === 'EMAIL'
                ? `Hello ${offer.customer.full_name},\n\nYour code to pay ${amount} to ${shop} with a card you saved is ${fresh.code}.\n\nIt works once and expires in ${minutes} minutes. If you did not ask for it, ignore this email: nobody can pay with your saved cards without it.`
                : `${shop}: ${fresh.code} is your code to pay ${amount} with a saved card. It expires in ${minutes} minutes. Did not ask? Ignore this message.`,
          });
          return fresh;
        });
        if (!started)
          return sendPage(
            c,
            429,
            confirmItsYouPage(
              summary,
              plan,
              'Too many codes have been sent for this payment. Please pay with another card.',
            ),
          );
        setCookie(c, SESSION_COOKIE, started.token, {
          path: payUrl(row),
          httpOnly: true,
          sameSite: 'Strict',
          secure: ctx.publicUrl().startsWith('https:'),
          maxAge: SESSION_COOKIE_SECONDS,
        });
        return seeOther(c, cardStep(row, plan));
      });

      // Type the code: right opens the saved cards; wrong uses up one of the tries.
      app.post('/pay/:id/saved-card/verify', async (c) => {
        const s = await step(c);
        if (!s.row) return s.page;
        const { row, plan, offer, summary, fields } = s;
        const state = await verifications.state(session(c), row, offer.customer.id);
        if (state.state === 'verified') return seeOther(c, cardStep(row, plan));
        if (state.state === 'none')
          return sendPage(
            c,
            400,
            confirmItsYouPage(
              summary,
              plan,
              'This code can no longer be used: it has expired or was tried too many times. Send a new code.',
            ),
          );
        const form = CodeForm.safeParse(fields);
        if (!form.success)
          return sendPage(
            c,
            400,
            codeEntryPage(summary, plan, { ...state, error: form.error.issues[0]!.message }),
          );
        const result = await verifications.check(
          session(c),
          row,
          offer.customer.id,
          form.data.code,
        );
        if (result.ok) return seeOther(c, cardStep(row, plan));
        if (result.reason === 'wrong' && result.attemptsLeft > 0)
          return sendPage(
            c,
            400,
            codeEntryPage(summary, plan, {
              recipient: state.recipient,
              attemptsLeft: result.attemptsLeft,
              error: 'That code is not right. Check the message and try again.',
            }),
          );
        return sendPage(
          c,
          400,
          confirmItsYouPage(
            summary,
            plan,
            result.reason === 'expired'
              ? 'This code has expired. Send a new code.'
              : 'That code was tried too many times. Send a new code, or use another card.',
          ),
        );
      });

      // Pay with a saved card (no 3DS: it was done when the card was saved), in a browser that
      // has confirmed it is the customer's.
      app.post('/pay/:id/saved-card', async (c) => {
        const s = await step(c);
        if (!s.row) return s.page;
        const { row, plan, offer, summary, fields } = s;
        if ((await verifications.state(session(c), row, offer.customer.id)).state !== 'verified')
          return sendPage(
            c,
            403,
            confirmItsYouPage(
              summary,
              plan,
              "Confirm it's you before paying with a saved card: nothing was charged.",
            ),
          );
        const choice = SavedCardChoice.safeParse(fields);
        let card: SavedCardRow;
        try {
          if (!choice.success) throw new Error('no card chosen');
          card = await cards.get(offer.customer.id, choice.data.cardId);
        } catch {
          return seeOther(c, cardStep(row, plan));
        }
        const behaviour = behaviourOfCard(card);
        return await kit.attempt(c, row, async () => {
          const tx = await ctx.lifecycle.startAttempt(row.id, {
            method: 'CARD',
            tipPence: plan.tipPence,
            ...(plan.sharePence === undefined ? {} : { sharePence: plan.sharePence }),
            card: { brand: card.brand, last4: card.last4, type: card.card_type },
            status: 'PENDING',
            settle:
              behaviour.charge === 'approve'
                ? { outcome: 'COMPLETED' }
                : { outcome: 'FAILED', errorDescription: behaviour.errorDescription },
            authorization: { captureType: 'AUTO_CAPTURE', cardId: card.id },
          });
          return seeOther(c, `${payUrl(row)}?tx=${tx.id}`);
        });
      });
    },
  };
}
export type CardOnFile = ReturnType<typeof cardOnFile>;
