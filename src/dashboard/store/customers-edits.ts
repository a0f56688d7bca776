/**
 * The customers store's edits slice (merged in store/customers.ts): creating a customer, changing
 * their fields, and changing the metadata of the customer or of one of their saved cards. Each
 * answers with its problems by field (lib/customers.ts).
 */
import { isStale, type Call } from '../lib/api';
import {
  NO_PROBLEMS,
  changedFields,
  createBody,
  duplicateKeys,
  metadataPatch,
  problemsOf,
  type CustomerForm,
  type MetadataRow,
  type Problems,
} from '../lib/customers';
import type { CustomersGet, CustomersSet } from './customers';

const FORM_FIELDS = [
  'fullName',
  'email',
  'type',
  'phoneCountryCode',
  'phoneNumber',
  'address',
  'city',
  'postcode',
  'vatNumber',
  'metadata',
];

export interface EditsState {
  create(form: CustomerForm, metadata: MetadataRow[]): Promise<Problems & { id?: string }>;
  update(form: CustomerForm): Promise<Problems & { changed?: number }>;
  saveMetadata(rows: MetadataRow[]): Promise<Problems>;
  saveCardMetadata(cardId: string, rows: MetadataRow[]): Promise<Problems>;
}

export function createEditsSlice(call: Call, set: CustomersSet, get: CustomersGet): EditsState {
  return {
    async create(form, metadata) {
      const twice = duplicateKeys(metadata);
      if (twice.length)
        return {
          fields: { metadata: `The key ${twice[0]} is there twice; keep one.` },
          message: 'Check the fields marked below.',
        };
      try {
        const customer = await call('createCustomer', { body: createBody(form, metadata) });
        void get().refreshList();
        return { ...NO_PROBLEMS, id: customer.id };
      } catch (error) {
        return isStale(error) ? NO_PROBLEMS : problemsOf(error, FORM_FIELDS);
      }
    },

    async update(form) {
      const customer = get().customer;
      if (!customer) return { fields: {}, message: 'This customer is not loaded yet.' };
      const { body, problems } = changedFields(customer, form);
      if (problems.message) return problems;
      const changed = Object.keys(body).length;
      if (changed === 0) return { ...NO_PROBLEMS, changed };
      try {
        const updated = await call('updateCustomer', {
          params: { customerId: customer.id },
          body,
        });
        set({ customer: updated });
        void get().refreshList();
        return { ...NO_PROBLEMS, changed };
      } catch (error) {
        return isStale(error) ? NO_PROBLEMS : problemsOf(error, FORM_FIELDS);
      }
    },

    async saveMetadata(rows) {
      const customer = get().customer;
      if (!customer) return { fields: {}, message: 'This customer is not loaded yet.' };
      const twice = duplicateKeys(rows);
      if (twice.length)
        return {
          fields: { metadata: `The key ${twice[0]} is there twice; keep one.` },
          message: '',
        };
      const patch = metadataPatch(customer.metadata, rows);
      if (Object.keys(patch).length === 0) return NO_PROBLEMS;
      try {
        const updated = await call('updateCustomer', {
          params: { customerId: customer.id },
          body: { metadata: patch },
        });
        set({ customer: updated });
        return NO_PROBLEMS;
      } catch (error) {
        return isStale(error) ? NO_PROBLEMS : problemsOf(error, ['metadata']);
      }
    },

    async saveCardMetadata(cardId, rows) {
      const { customerId, cards } = get();
      const card = cards?.find((c) => c.id === cardId);
      if (!card) return { fields: {}, message: 'This card is not loaded yet.' };
      const twice = duplicateKeys(rows);
      if (twice.length)
        return {
          fields: { metadata: `The key ${twice[0]} is there twice; keep one.` },
          message: '',
        };
      const patch = metadataPatch(card.metadata, rows);
      if (Object.keys(patch).length === 0) return NO_PROBLEMS;
      try {
        const updated = await call('updateCard', {
          params: { customerId, cardId },
          body: { metadata: patch },
        });
        set({ cards: (get().cards ?? []).map((c) => (c.id === cardId ? updated : c)) });
        return NO_PROBLEMS;
      } catch (error) {
        return isStale(error) ? NO_PROBLEMS : problemsOf(error, ['metadata']);
      }
    },
  };
}
