/**
 * The hosted payment page's SQL: a card typed at checkout with savePaymentMethod, held until its
 * 3-D Secure challenge completes. The hosted page writes only this table; the card is saved
 * to the customer through the cards area's store.
 */
import type { Store } from '../kernel/store/port';

/** A card held at checkout until its 3-D Secure challenge completes (checkout.ts). */
export function checkoutSaveStatements(store: Store) {
  const hold = store.prepare(`
    INSERT INTO checkout_card_saves (transaction_id, customer_id, card, created_at)
    VALUES (?, ?, ?, ?)
    ON CONFLICT (transaction_id) DO UPDATE SET customer_id = excluded.customer_id,
      card = excluded.card, created_at = excluded.created_at, card_id = NULL`);
  const held = store.prepare<
    [string],
    { customer_id: string; card: string; card_id: string | null }
  >('SELECT customer_id, card, card_id FROM checkout_card_saves WHERE transaction_id = ?');
  const markSaved = store.prepare(
    'UPDATE checkout_card_saves SET card_id = ? WHERE transaction_id = ? AND card_id IS NULL',
  );
  return { hold, held, markSaved };
}
