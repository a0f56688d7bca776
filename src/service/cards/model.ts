/**
 * Saved cards: masked data only. The full number is read once, for its
 * brand, last four digits and sandbox behaviour, and never stored.
 */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { SavedCard } from '../../shared/contract/cards';
import type { Clock } from '../kernel/clock';
import { iso } from '../kernel/clock';
import { mergeMetadata, type CustomerRow } from '../customers';
import { notFound } from '../kernel/errors';
import type { Store } from '../kernel/store/port';
import { savedCardStatements } from './repo';
import type { CardProfile, ChargeBehaviour } from './test-cards';

export interface SavedCardRow {
  id: string;
  customer_id: string;
  merchant_id: string;
  environment: string;
  name: string;
  type: string;
  last4: string;
  category: string;
  card_type: string;
  brand: string;
  country: string;
  expiry_date: string;
  metadata: string;
  behaviour: string;
  created_at: number;
}

export const NO_CARD = 'No saved card with this id for this customer';

export const behaviourOfCard = (row: Pick<SavedCardRow, 'behaviour'>): ChargeBehaviour =>
  JSON.parse(row.behaviour);

export function savedCardRecord(row: SavedCardRow): z.input<typeof SavedCard> {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    lastFourDigits: row.last4,
    category: row.category,
    cardType: row.card_type,
    brand: row.brand,
    country: row.country,
    expiryDate: row.expiry_date,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
    createdAt: iso(row.created_at),
  };
}

/** A card to save: what was read from the number, and what the customer typed. */
export interface NewCard {
  profile: CardProfile;
  last4: string;
  name: string;
  /** MM/YYYY */
  expiryDate: string;
}

export function createCardStore(store: Store, clock: Clock) {
  const { insert, ofCustomer, countOf, byId, setMetadata, newestOf } = savedCardStatements(store);

  async function save(customer: CustomerRow, card: NewCard): Promise<SavedCardRow> {
    const row: SavedCardRow = {
      // Opaque and unguessable; 1-64 characters as paymentMethodId requires.
      id: `card_${randomBytes(12).toString('base64url')}`,
      customer_id: customer.id,
      merchant_id: customer.merchant_id,
      environment: customer.environment,
      name: card.name,
      type: card.profile.cardType.toLowerCase(),
      last4: card.last4,
      category: card.profile.category,
      card_type: card.profile.cardType,
      brand: card.profile.brand,
      country: card.profile.country,
      expiry_date: card.expiryDate,
      metadata: '{}',
      behaviour: JSON.stringify(card.profile.behaviour),
      created_at: clock.now(customer.environment, customer.merchant_id),
    };
    await insert.run(row);
    return row;
  }

  async function get(customerId: string, cardId: string): Promise<SavedCardRow> {
    const row = await byId.get(cardId, customerId);
    if (!row) throw notFound(NO_CARD);
    return row;
  }

  return {
    save,
    get,
    list: async (customerId: string, page: number, size: number) => ({
      rows: await ofCustomer.all(customerId, size, page * size),
      total: (await countOf.get(customerId))!.n,
    }),
    /** Every card of the customer in this business and environment, newest first. */
    newestFirst: async (customerId: string, scope: { merchantId: string; environment: string }) =>
      await newestOf.all(customerId, scope.merchantId, scope.environment),
    /** A metadata patch: add or overwrite, "" removes, other keys unchanged. */
    async mergeMetadata(customerId: string, cardId: string, patch: Record<string, string>) {
      return await store.tx(async () => {
        const row = await get(customerId, cardId);
        const metadata = JSON.stringify(mergeMetadata(JSON.parse(row.metadata), patch));
        await setMetadata.run(metadata, row.id);
        return { ...row, metadata };
      });
    },
  };
}
export type CardStore = ReturnType<typeof createCardStore>;

/** A default expiry for test cards saved without one: December, three years from now. */
export const defaultExpiry = (now: number) => `12/${new Date(now).getUTCFullYear() + 3}`;
