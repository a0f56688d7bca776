/**
 * The customers store's activity slice (merged in store/customers.ts): the sandbox's outbox of
 * messages sent to customers and the terminals' customer lookups, each with its own error.
 */
import type { z } from 'zod';
import type { TerminalLookupPage } from '../../shared/contract/customers';
import type { OutboxMessagePage } from '../../shared/contract/messages';
import { failureMessage, isStale, type Call } from '../lib/api';
import type { CustomersSet } from './customers';

export interface ActivityState {
  messages: z.infer<typeof OutboxMessagePage> | null;
  messagesError: string;
  lookups: z.infer<typeof TerminalLookupPage> | null;
  lookupsError: string;
  refreshMessages(): Promise<void>;
  refreshLookups(): Promise<void>;
}

export function createActivitySlice(
  call: Call,
  set: CustomersSet,
  options: { sandbox: boolean },
): ActivityState {
  const tickets = { messages: 0, lookups: 0 };
  return {
    messages: null,
    messagesError: '',
    lookups: null,
    lookupsError: '',

    async refreshMessages() {
      // The outbox is read through /api/sandbox/messages, which only the sandbox serves.
      if (!options.sandbox) return;
      const mine = ++tickets.messages;
      try {
        const messages = await call('listMessages', { query: { page: 0, size: 20 } });
        if (mine === tickets.messages) set({ messages, messagesError: '' });
      } catch (error) {
        if (!isStale(error) && mine === tickets.messages)
          set({ messagesError: `Could not load the messages: ${failureMessage(error)}` });
      }
    },

    async refreshLookups() {
      const mine = ++tickets.lookups;
      try {
        const lookups = await call('listCustomerLookups', { query: { page: 0, size: 20 } });
        if (mine === tickets.lookups) set({ lookups, lookupsError: '' });
      } catch (error) {
        if (!isStale(error) && mine === tickets.lookups)
          set({ lookupsError: `Could not load the lookups: ${failureMessage(error)}` });
      }
    },
  };
}
