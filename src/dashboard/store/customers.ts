/**
 * Customers: the searchable list, one customer with their saved cards and charges, the sandbox's
 * outbox of messages and the terminals' customer lookups. Every action that sends a form answers
 * with its problems by field (lib/customers.ts), so the page can show each next to its field.
 */
import type { z } from 'zod';
import { createStore } from 'zustand/vanilla';
import type { Customer, CustomerPage, TerminalLookupPage } from '../../shared/contract/customers';
import type { CardPayment, SavedCard } from '../../shared/contract/cards';
import type { OutboxMessagePage } from '../../shared/contract/messages';
import type { PaymentStatusPage } from '../../shared/contract/payments';
import { checkAmount } from '../lib/amount';
import { failureMessage, isStale, type Call } from '../lib/api';
import {
  NO_PROBLEMS,
  changedFields,
  createBody,
  duplicateKeys,
  metadataPatch,
  parseMetadataFilter,
  problemsOf,
  type CustomerForm,
  type ListView,
  type MetadataRow,
  type Problems,
} from '../lib/customers';

export const PAGE_SIZE = 20;
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

export type Page = z.infer<typeof CustomerPage>;

export interface ChargeInput {
  paymentMethodId: string;
  captureType: CardPayment['captureType'];
  amount: string;
  orderId: string;
  notes: string;
}

export interface CustomersState {
  view: ListView;
  page: Page | null;
  listProblems: Problems;
  /** The customer shown on /dashboard/customers/{id}, with what belongs to them. */
  customerId: string;
  customer: Customer | null;
  detailError: string;
  cards: SavedCard[] | null;
  /** One page of the customer's charges, newest first (PAGE_SIZE to a page). */
  charges: z.infer<typeof PaymentStatusPage> | null;
  chargesPageNumber: number;
  messages: z.infer<typeof OutboxMessagePage> | null;
  messagesError: string;
  lookups: z.infer<typeof TerminalLookupPage> | null;
  lookupsError: string;
  showList(view: ListView): void;
  refreshList(): Promise<void>;
  /** Shows this customer and this page of their charges (both from the address). */
  open(customerId: string, chargesPageNumber?: number): void;
  refreshDetail(): Promise<void>;
  showCharges(pageNumber: number): void;
  refreshCharges(): Promise<void>;
  refreshMessages(): Promise<void>;
  refreshLookups(): Promise<void>;
  refresh(): Promise<void>;
  create(form: CustomerForm, metadata: MetadataRow[]): Promise<Problems & { id?: string }>;
  update(form: CustomerForm): Promise<Problems & { changed?: number }>;
  saveMetadata(rows: MetadataRow[]): Promise<Problems>;
  saveCardMetadata(cardId: string, rows: MetadataRow[]): Promise<Problems>;
  saveTestCard(number: string): Promise<Problems>;
  sendLink(input: {
    send: boolean;
    successRedirectUrl: string;
    failureRedirectUrl: string;
  }): Promise<Problems & { url?: string }>;
  charge(input: ChargeInput): Promise<Problems & { id?: string }>;
  capture(paymentRequestId: string, amount: string): Promise<Problems & { result?: string }>;
  cancel(
    paymentRequestId: string,
    reason: string,
    description: string,
  ): Promise<Problems & { result?: string }>;
}

export function createCustomersStore(call: Call, options: { sandbox: boolean }) {
  const tickets = { list: 0, detail: 0, charges: 0, messages: 0, lookups: 0 };
  return createStore<CustomersState>()((set, get) => {
    const stale = (error: unknown) => isStale(error);
    return {
      view: { search: '', meta: '', pageNumber: 0 },
      page: null,
      listProblems: NO_PROBLEMS,
      customerId: '',
      customer: null,
      detailError: '',
      cards: null,
      charges: null,
      chargesPageNumber: 0,
      messages: null,
      messagesError: '',
      lookups: null,
      lookupsError: '',

      showList(view) {
        const now = get().view;
        if (
          now.search === view.search &&
          now.meta === view.meta &&
          now.pageNumber === view.pageNumber &&
          get().page
        )
          return;
        set({ view });
        void get().refreshList();
      },

      async refreshList() {
        const mine = ++tickets.list;
        const { view } = get();
        const filter = parseMetadataFilter(view.meta);
        if (!filter.ok) {
          set({ listProblems: { fields: { metadata: filter.error }, message: '' }, page: null });
          return;
        }
        try {
          const page = await call('listCustomers', {
            query: {
              page: view.pageNumber,
              size: PAGE_SIZE,
              ...(view.search.trim() ? { search: view.search.trim() } : {}),
              ...(Object.keys(filter.filter).length ? { metadata: filter.filter } : {}),
            },
          });
          if (mine === tickets.list) set({ page, listProblems: NO_PROBLEMS });
        } catch (error) {
          if (stale(error) || mine !== tickets.list) return;
          set({ listProblems: problemsOf(error, ['search', 'metadata', 'page']) });
        }
      },

      open(customerId, chargesPageNumber = 0) {
        if (customerId === get().customerId && get().customer)
          return get().showCharges(chargesPageNumber);
        tickets.detail++;
        tickets.charges++;
        set({
          customerId,
          customer: null,
          cards: null,
          charges: null,
          chargesPageNumber,
          detailError: '',
        });
        void get().refreshDetail();
        void get().refreshCharges();
        void get().refreshMessages();
      },

      async refreshDetail() {
        const customerId = get().customerId;
        if (!customerId) return;
        const mine = ++tickets.detail;
        try {
          const [customer, cards] = await Promise.all([
            call('getCustomer', { params: { customerId } }),
            call('listCards', { params: { customerId }, query: { page: 0, size: 100 } }),
          ]);
          if (mine === tickets.detail) set({ customer, cards: cards.data, detailError: '' });
        } catch (error) {
          if (!stale(error) && mine === tickets.detail)
            set({ detailError: `Could not load this customer: ${failureMessage(error)}` });
        }
      },

      showCharges(pageNumber) {
        if (pageNumber === get().chargesPageNumber && get().charges) return;
        set({ chargesPageNumber: pageNumber });
        void get().refreshCharges();
      },

      async refreshCharges() {
        const { customerId, chargesPageNumber } = get();
        if (!customerId) return;
        const mine = ++tickets.charges;
        try {
          const charges = await call('listPaymentRequests', {
            query: { customerId, page: chargesPageNumber, size: PAGE_SIZE },
          });
          if (mine !== tickets.charges) return;
          // Past the last page (an old address): go to the last page that has any.
          if (charges.data.length === 0 && chargesPageNumber > 0) {
            set({
              chargesPageNumber: Math.max(0, Math.ceil(charges.totalCount / PAGE_SIZE) - 1),
            });
            return get().refreshCharges();
          }
          set({ charges });
        } catch (error) {
          if (!stale(error) && mine === tickets.charges)
            set({ detailError: `Could not load the charges: ${failureMessage(error)}` });
        }
      },

      async refreshMessages() {
        if (!options.sandbox) return;
        const mine = ++tickets.messages;
        try {
          const messages = await call('listMessages', { query: { page: 0, size: 20 } });
          if (mine === tickets.messages) set({ messages, messagesError: '' });
        } catch (error) {
          if (!stale(error) && mine === tickets.messages)
            set({ messagesError: `Could not load the messages: ${failureMessage(error)}` });
        }
      },

      async refreshLookups() {
        const mine = ++tickets.lookups;
        try {
          const lookups = await call('listCustomerLookups', { query: { page: 0, size: 20 } });
          if (mine === tickets.lookups) set({ lookups, lookupsError: '' });
        } catch (error) {
          if (!stale(error) && mine === tickets.lookups)
            set({ lookupsError: `Could not load the lookups: ${failureMessage(error)}` });
        }
      },

      async refresh() {
        await Promise.allSettled([
          get().refreshList(),
          get().refreshDetail(),
          get().refreshMessages(),
          get().refreshLookups(),
        ]);
      },

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
          return stale(error) ? NO_PROBLEMS : problemsOf(error, FORM_FIELDS);
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
          return stale(error) ? NO_PROBLEMS : problemsOf(error, FORM_FIELDS);
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
          return stale(error) ? NO_PROBLEMS : problemsOf(error, ['metadata']);
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
          return stale(error) ? NO_PROBLEMS : problemsOf(error, ['metadata']);
        }
      },

      async saveTestCard(number) {
        try {
          await call('saveSandboxCard', {
            params: { customerId: get().customerId },
            body: { number },
          });
          void get().refreshDetail();
          return NO_PROBLEMS;
        } catch (error) {
          return stale(error) ? NO_PROBLEMS : problemsOf(error, ['number']);
        }
      },

      async sendLink(input) {
        const body: Record<string, unknown> = { sendLinkToCustomer: input.send };
        if (input.successRedirectUrl.trim())
          body.successRedirectUrl = input.successRedirectUrl.trim();
        if (input.failureRedirectUrl.trim())
          body.failureRedirectUrl = input.failureRedirectUrl.trim();
        try {
          const answer = await call('authorizeCard', {
            params: { customerId: get().customerId },
            body,
          });
          void get().refreshMessages();
          return { ...NO_PROBLEMS, url: answer.hostedPageUrl };
        } catch (error) {
          return stale(error)
            ? NO_PROBLEMS
            : problemsOf(error, ['sendLinkToCustomer', 'successRedirectUrl', 'failureRedirectUrl']);
        }
      },

      async charge(input) {
        const amount = checkAmount(input.amount);
        if (!amount.ok)
          return { fields: { amount: amount.error }, message: 'Check the fields marked below.' };
        try {
          const answer = await call('chargeCard', {
            body: {
              customerId: get().customerId,
              paymentMethodId: input.paymentMethodId,
              captureType: input.captureType,
              amount: amount.pounds,
              orderId: input.orderId.trim(),
              ...(input.notes.trim() ? { notes: input.notes.trim() } : {}),
            },
          });
          void get().refreshCharges();
          return { ...NO_PROBLEMS, id: answer.paymentRequestId };
        } catch (error) {
          return stale(error)
            ? NO_PROBLEMS
            : problemsOf(error, ['paymentMethodId', 'captureType', 'amount', 'orderId', 'notes']);
        }
      },

      async capture(paymentRequestId, amountText) {
        let body = {};
        if (amountText.trim()) {
          const amount = checkAmount(amountText);
          if (!amount.ok) return { fields: { amount: amount.error }, message: '' };
          body = { amount: amount.pounds };
        }
        try {
          const answer = await call('captureCardPayment', { params: { paymentRequestId }, body });
          void get().refreshCharges();
          if (!answer.success) return { fields: {}, message: answer.message };
          return { ...NO_PROBLEMS, result: answer.message };
        } catch (error) {
          return stale(error) ? NO_PROBLEMS : problemsOf(error, ['amount']);
        }
      },

      async cancel(paymentRequestId, reason, description) {
        const body: Record<string, unknown> = {};
        if (reason) body.cancelledReasonCode = reason;
        if (description.trim()) body.cancelledReasonDescription = description.trim();
        try {
          const answer = await call('cancelCardPayment', {
            params: { paymentRequestId },
            body: body as never,
          });
          void get().refreshCharges();
          if (!answer.success) return { fields: {}, message: answer.message };
          return { ...NO_PROBLEMS, result: answer.message };
        } catch (error) {
          return stale(error)
            ? NO_PROBLEMS
            : problemsOf(error, ['cancelledReasonCode', 'cancelledReasonDescription']);
        }
      },
    };
  });
}
export type CustomersStore = ReturnType<typeof createCustomersStore>;
