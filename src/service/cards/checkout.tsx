/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * Card on file at checkout (section 4.3): the hosted payment page's card step calls these.
 * - savePaymentMethod with serviceCustomerId: every card goes through 3DS, and once the
 *   challenge completes the card is saved to the customer (`needsChallenge`, `holdForSaving`,
 *   `saveAfterChallenge`).
 * - serviceCustomerId without savePaymentMethod: the customer's saved cards are offered before
 *   the card form (`offerSavedCards`), and one is charged with POST /pay/{id}/saved-card.
 * Kept apart from pages/hosted-page.ts, which only calls in at three points.
 */
import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { formatPence } from '../../shared/money';
import { OPEN_STATUSES } from '../../shared/payment-states';
import type { Area, ServiceContext } from '../context';
import { ApiError } from '../http/errors';
import { optionsOf, type RequestRow, type TransactionRow } from '../payments/model';
import { cardDigits, type CardBehaviour, type CardForm } from '../pages/hosted-cards';
import { pageSecurityHeaders } from '../pages/html';
import { planFields, readPlan, type Plan } from '../pages/hosted-plan';
import { behaviourOfCard, createCardStore, type NewCard, type SavedCardRow } from './model';
import { cardProfile } from './test-cards';

export function cardOnFile(ctx: ServiceContext) {
  const cards = createCardStore(ctx.db, ctx.clock);
  const hold = ctx.db.prepare(`
    INSERT OR REPLACE INTO checkout_card_saves (transaction_id, customer_id, card, created_at)
    VALUES (?, ?, ?, ?)`);
  const held = ctx.db.prepare<
    [string],
    { customer_id: string; card: string; card_id: string | null }
  >('SELECT customer_id, card, card_id FROM checkout_card_saves WHERE transaction_id = ?');
  const markSaved = ctx.db.prepare(
    'UPDATE checkout_card_saves SET card_id = ? WHERE transaction_id = ? AND card_id IS NULL',
  );
  const customerRow = ctx.db.prepare('SELECT * FROM customers WHERE id = ?');

  const saving = (row: RequestRow) => {
    const options = optionsOf(row);
    return options.savePaymentMethod && options.serviceCustomerId
      ? options.serviceCustomerId
      : null;
  };

  return {
    /** With savePaymentMethod a card is only saved after 3DS, so every approved card is challenged. */
    needsChallenge: (row: RequestRow, behaviour: CardBehaviour) =>
      saving(row) !== null && behaviour.kind !== 'decline',

    /** Remembers the masked card of a challenged attempt, to save once the challenge completes. */
    holdForSaving(
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
      hold.run(tx.id, customerId, JSON.stringify(pending), ctx.clock.now(row.environment));
    },

    /** The challenge completed: the held card becomes a saved card of the customer (once). */
    saveAfterChallenge(tx: TransactionRow) {
      const pending = held.get(tx.id);
      if (!pending || pending.card_id) return;
      const customer = customerRow.get(pending.customer_id) as
        Parameters<typeof cards.save>[0] | undefined;
      if (!customer) return;
      ctx.db.transaction(() => {
        const saved = cards.save(customer, JSON.parse(pending.card) as NewCard);
        markSaved.run(saved.id, tx.id);
      })();
    },

    /** The saved-card choice before the card form, or undefined to show the form. */
    offerSavedCards(c: Context, row: RequestRow, plan: Plan, query: Record<string, string>) {
      const options = optionsOf(row);
      if (!options.serviceCustomerId || options.savePaymentMethod || query.new === '1')
        return undefined;
      const { rows } = cards.list(options.serviceCustomerId, 0, 20);
      if (rows.length === 0) return undefined;
      return savedCardsPage(c, row, plan, rows);
    },
  };
}
export type CardOnFile = ReturnType<typeof cardOnFile>;

function savedCardsPage(c: Context, row: RequestRow, plan: Plan, rows: SavedCardRow[]) {
  const nonce = randomBytes(16).toString('base64');
  const hidden = Object.entries(planFields(plan)).map(([name, value]) => (
    <input type="hidden" name={name} value={value} />
  ));
  const page = (
    <html lang="en-GB">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Pay with a saved card</title>
        <style
          nonce={nonce}
        >{`body{font:16px/1.5 system-ui,sans-serif;max-width:26rem;margin:0 auto;padding:1.25rem}
button,a.new{display:block;width:100%;font:inherit;padding:.8rem;margin:.6rem 0;border-radius:.4rem;border:0;background:#2f5bd3;color:#fff;text-align:center;text-decoration:none;cursor:pointer}
a.new{background:#e3e1ec;color:#1c1b22}.sandbox{background:#ffe9a8;text-align:center;padding:.4rem}`}</style>
      </head>
      <body>
        {row.environment === 'sandbox' ? (
          <header class="sandbox">Sandbox: no real money moves</header>
        ) : null}
        <main>
          <h1>Pay {formatPence(plan.totalPence, row.currency)}</h1>
          <p>Pay with a card you saved:</p>
          {rows.map((card) => (
            <form method="post" action={`/pay/${row.id}/saved-card`}>
              {hidden}
              <input type="hidden" name="cardId" value={card.id} />
              <button type="submit">
                {card.brand} ending {card.last4} (expires {card.expiry_date})
              </button>
            </form>
          ))}
          <a
            class="new"
            href={`/pay/${row.id}/card?${new URLSearchParams({ ...planFields(plan), new: '1' }).toString()}`}
          >
            Use another card
          </a>
        </main>
      </body>
    </html>
  );
  return c.body(`<!doctype html>${page.toString()}`, 200, {
    ...pageSecurityHeaders({ nonce, formAction: "'self'", referrerPolicy: 'same-origin' }),
    'Content-Type': 'text/html; charset=utf-8',
  });
}

const SavedCardChoice = z.object({ cardId: z.string().min(1).max(64) });

/**
 * POST /pay/{id}/saved-card: the customer pays with one of their saved cards (no 3DS: it was
 * done when the card was saved). Registered before the hosted page's catch-all, so it makes its
 * own same-site check.
 */
export const savedCardCheckoutRoutes: Area = (app: Hono, ctx) => {
  const cards = createCardStore(ctx.db, ctx.clock);
  const tipsOn = ctx.db.prepare<[string], { tips_enabled: number }>(
    'SELECT tips_enabled FROM merchants WHERE id = ?',
  );
  app.post('/pay/:id/saved-card', async (c) => {
    const site = c.req.header('sec-fetch-site');
    if (site && site !== 'same-origin' && site !== 'none')
      return c.text('Forms on this page can only be sent from this page.', 403);
    const id = c.req.param('id');
    const row = z.uuid().safeParse(id).success ? ctx.payments.get(id) : undefined;
    if (!row) return c.text('No such payment', 404);
    const back = (suffix = '') => c.redirect(`/pay/${row.id}${suffix}`, 303);
    const options = optionsOf(row);
    if (!OPEN_STATUSES.includes(row.status) || !options.serviceCustomerId) return back();
    const fields: Record<string, string> = {};
    for (const [name, value] of Object.entries(await c.req.parseBody()))
      if (typeof value === 'string') fields[name] = value;
    const choice = SavedCardChoice.safeParse(fields);
    const plan = readPlan(fields, {
      outstandingPence: row.amount_pence - (row.paid_pence - row.tip_pence),
      tipsOn: options.enableTips && tipsOn.get(row.merchant_id)?.tips_enabled === 1,
      splitOn: options.splitBill,
    });
    if (!choice.success || !plan.ok) return back('/card');
    let card: SavedCardRow;
    try {
      card = cards.get(options.serviceCustomerId, choice.data.cardId);
    } catch {
      return back('/card');
    }
    const behaviour = behaviourOfCard(card);
    try {
      const tx = ctx.lifecycle.startAttempt(row.id, {
        method: 'CARD',
        tipPence: plan.plan.tipPence,
        ...(plan.plan.sharePence === undefined ? {} : { sharePence: plan.plan.sharePence }),
        card: { brand: card.brand, last4: card.last4, type: card.card_type },
        status: 'PENDING',
        settle:
          behaviour.charge === 'approve'
            ? { outcome: 'COMPLETED' }
            : { outcome: 'FAILED', errorDescription: behaviour.errorDescription },
        authorization: { captureType: 'AUTO_CAPTURE', cardId: card.id },
      });
      return back(`?tx=${tx.id}`);
    } catch (error) {
      if (error instanceof ApiError) return back();
      throw error;
    }
  });
};
