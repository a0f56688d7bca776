/**
 * Webhook endpoints: adding one (its signing secret is shown once), deleting, and each
 * endpoint's delivery log with Resend.
 */
import type { z } from 'zod';
import { createStore } from 'zustand/vanilla';
import type {
  WebhookDelivery,
  WebhookSubscription,
  WebhookSubscriptionBody,
} from '../../shared/contract/webhooks';
import { failureMessage, isStale, type Call } from '../lib/api';

export type Subscription = z.infer<typeof WebhookSubscription>;
export type Delivery = z.infer<typeof WebhookDelivery>;
export type EventType = z.input<typeof WebhookSubscriptionBody>['eventTypes'][number];

export const EVENT_TYPES: readonly [EventType, string][] = [
  ['PAYMENTS_STATUS', 'Payment status changes'],
  ['EXPIRED_STATUS', 'Payment requests expiring'],
  ['REFUND_STATUS', 'Refund status changes'],
  ['POS_PAYMENT_STATUS', 'Terminal (point of sale) payments'],
];

export interface WebhooksState {
  subscriptions: Subscription[] | null;
  error: string;
  formError: string;
  creating: boolean;
  /** The signing secret of the endpoint just added, shown once; null once dismissed. */
  createdSecret: string | null;
  /** The first event type the endpoint just added takes: what its test event is. */
  createdEventType: EventType | null;
  /** What the last test event came to (sent, or why not). */
  testNotice: string;
  open: Record<string, boolean>;
  deliveries: Record<string, Delivery[]>;
  itemErrors: Record<string, string>;
  itemNotices: Record<string, string>;
  refresh(): Promise<void>;
  create(input: { url: string; description: string; eventTypes: EventType[] }): Promise<boolean>;
  dismissSecret(): void;
  /** Sends a test event (sandbox) to the endpoints that take `eventType`. */
  sendTest(eventType: EventType): Promise<void>;
  remove(id: string): Promise<void>;
  toggle(id: string): void;
  refreshDeliveries(id: string): Promise<void>;
  resend(id: string, deliveryId: string): Promise<void>;
}

const URL_START = /^https?:\/\/[^\s/]+/i;

export function createWebhooksStore(call: Call) {
  let ticket = 0;
  const deliveryTickets = new Map<string, number>();
  return createStore<WebhooksState>()((set, get) => {
    const put = <K extends 'itemErrors' | 'itemNotices'>(key: K, id: string, message: string) =>
      set({ [key]: { ...get()[key], [id]: message } } as Pick<WebhooksState, K>);
    return {
      subscriptions: null,
      error: '',
      formError: '',
      creating: false,
      createdSecret: null,
      createdEventType: null,
      testNotice: '',
      open: {},
      deliveries: {},
      itemErrors: {},
      itemNotices: {},

      async refresh() {
        const mine = ++ticket;
        try {
          const subscriptions = await call('listWebhooks');
          if (mine !== ticket) return;
          set({ subscriptions, error: '' });
          const open = get().open;
          await Promise.allSettled(
            subscriptions.filter((s) => open[s.id]).map((s) => get().refreshDeliveries(s.id)),
          );
        } catch (error) {
          if (!isStale(error) && mine === ticket)
            set({ error: `Could not load webhook endpoints: ${failureMessage(error)}` });
        }
      },

      async create(input) {
        set({ formError: '' });
        const url = input.url.trim();
        if (!URL_START.test(url)) {
          set({
            formError:
              'Enter the full address of your endpoint, starting with https:// (http:// is fine for testing).',
          });
          return false;
        }
        if (input.eventTypes.length === 0) {
          set({ formError: 'Tick at least one kind of event to send to this endpoint.' });
          return false;
        }
        const description = input.description.trim();
        set({ creating: true });
        try {
          const created = await call('createWebhook', {
            body: { url, eventTypes: input.eventTypes, ...(description ? { description } : {}) },
          });
          set({
            createdSecret: created.secret,
            createdEventType: input.eventTypes[0] ?? null,
            testNotice: '',
          });
          void get().refresh();
          return true;
        } catch (error) {
          if (!isStale(error)) set({ formError: `Not added: ${failureMessage(error)}` });
          return false;
        } finally {
          set({ creating: false });
        }
      },

      dismissSecret: () => set({ createdSecret: null, createdEventType: null, testNotice: '' }),

      async sendTest(eventType) {
        set({ testNotice: '' });
        try {
          const answer = await call('testWebhook', { body: { eventType } });
          set({ testNotice: answer.message });
          void get().refresh();
        } catch (error) {
          if (!isStale(error)) set({ testNotice: `Not sent: ${failureMessage(error)}` });
        }
      },

      async remove(id) {
        try {
          await call('deleteWebhook', { params: { id } });
          ticket++;
          set({ subscriptions: (get().subscriptions ?? []).filter((s) => s.id !== id) });
        } catch (error) {
          if (!isStale(error)) put('itemErrors', id, `Not deleted: ${failureMessage(error)}`);
        }
      },

      toggle(id) {
        const open = !get().open[id];
        set({ open: { ...get().open, [id]: open } });
        if (open) void get().refreshDeliveries(id);
      },

      async refreshDeliveries(id) {
        const mine = (deliveryTickets.get(id) ?? 0) + 1;
        deliveryTickets.set(id, mine);
        try {
          const list = await call('listWebhookDeliveries', { params: { id } });
          if (deliveryTickets.get(id) !== mine) return;
          set({ deliveries: { ...get().deliveries, [id]: list } });
          if (get().itemErrors[id]?.startsWith('Could not load deliveries'))
            put('itemErrors', id, '');
        } catch (error) {
          if (!isStale(error) && deliveryTickets.get(id) === mine)
            put('itemErrors', id, `Could not load deliveries: ${failureMessage(error)}`);
        }
      },

      async resend(id, deliveryId) {
        put('itemNotices', id, '');
        try {
          const answer = await call('resendWebhookDelivery', { params: { id, deliveryId } });
          put('itemNotices', id, answer.message);
          void get().refreshDeliveries(id);
        } catch (error) {
          if (!isStale(error)) put('itemErrors', id, `Not resent: ${failureMessage(error)}`);
        }
      },
    };
  });
}
export type WebhooksStore = ReturnType<typeof createWebhooksStore>;
