/**
 * Terminals: the list, pairing a new one with a code, renaming, the remote payments switch,
 * moving one to another store and unpairing. Each list answer carries a ticket, so an older answer still in flight cannot undo a
 * change this page has just made.
 */
import { createStore } from 'zustand/vanilla';
import type { Store, Terminal } from '../../shared/contract/terminals';
import { checkAmount } from '../lib/amount';
import { failureMessage, fieldErrors, isStale, type Call } from '../lib/api';
import { groupCode, pairingDeadline } from '../lib/pairing';

export interface Pairing {
  code: string;
  /** When the code stops working, on this browser's clock. */
  deadline: number;
  /** Terminals that existed when the code was made: a new one means the code was used. */
  known: string[];
}

export interface TerminalsState {
  terminals: Terminal[] | null;
  /** The merchant's stores, for the store each terminal is in and where it may move. */
  stores: Store[];
  error: string;
  /** Per terminal: why its last action failed. */
  rowErrors: Record<string, string>;
  pairing: Pairing | null;
  pairingBusy: boolean;
  pairedNotice: string;
  /** Per terminal: why its new largest payment was not saved (shown next to the field). */
  limitErrors: Record<string, string>;
  refresh(): Promise<void>;
  makePairingCode(): Promise<void>;
  closePairing(): void;
  rename(id: string, name: string): Promise<boolean>;
  setRemotePayments(id: string, enabled: boolean): Promise<void>;
  /** Moves the terminal to another store: its next payment is that store's. */
  moveTo(id: string, storeId: string): Promise<void>;
  unpair(id: string): Promise<void>;
  /** Sets the terminal's largest payment from what was typed (pounds); true when saved. */
  setMaxAmount(id: string, text: string): Promise<boolean>;
  clearLimitError(id: string): void;
  clearRowError(id: string): void;
}

export function createTerminalsStore(call: Call, now: () => number = Date.now) {
  let ticket = 0;
  return createStore<TerminalsState>()((set, get) => {
    /** Puts a new list in place and notices a terminal that the pairing code brought. */
    const apply = (terminals: Terminal[]) => {
      const { pairing } = get();
      const paired = pairing ? terminals.find((t) => !pairing.known.includes(t.id)) : undefined;
      set({
        terminals,
        error: '',
        ...(paired
          ? {
              pairing: null,
              pairedNotice: `Paired: ${paired.name}. It shows as online once Counter is open on it.`,
            }
          : {}),
      });
    };
    const rowError = (id: string, message: string) =>
      set({ rowErrors: { ...get().rowErrors, [id]: message } });
    const replace = (terminal: Terminal) => {
      ticket++; // an older list still in flight must not undo this
      apply((get().terminals ?? []).map((t) => (t.id === terminal.id ? terminal : t)));
    };

    return {
      terminals: null,
      stores: [],
      error: '',
      rowErrors: {},
      pairing: null,
      pairingBusy: false,
      pairedNotice: '',
      limitErrors: {},

      async refresh() {
        const mine = ++ticket;
        try {
          const [terminals, stores] = await Promise.all([
            call('listTerminals'),
            call('listStores'),
          ]);
          if (mine === ticket) {
            set({ stores });
            apply(terminals);
          }
        } catch (error) {
          if (!isStale(error) && mine === ticket)
            set({ error: `Could not load terminals: ${failureMessage(error)}` });
        }
      },

      async makePairingCode() {
        set({ pairingBusy: true, pairedNotice: '', error: '' });
        try {
          const made = await call('createPairingCode', { body: {} });
          set({
            pairing: {
              code: groupCode(made.code),
              deadline: pairingDeadline(made.expiresAt, now()),
              known: (get().terminals ?? []).map((t) => t.id),
            },
          });
          void get().refresh(); // the list it compares against should be current
        } catch (error) {
          if (!isStale(error))
            set({ error: `Could not make a pairing code: ${failureMessage(error)}` });
        } finally {
          set({ pairingBusy: false });
        }
      },

      closePairing: () => set({ pairing: null }),

      async rename(id, name) {
        const trimmed = name.trim();
        if (!trimmed) {
          rowError(id, 'Enter a name for the terminal (1 to 50 characters).');
          return false;
        }
        try {
          replace(await call('updateTerminal', { params: { id }, body: { name: trimmed } }));
          get().clearRowError(id);
          return true;
        } catch (error) {
          if (!isStale(error)) rowError(id, `Not renamed: ${failureMessage(error)}`);
          return false;
        }
      },

      async setRemotePayments(id, enabled) {
        get().clearRowError(id);
        try {
          replace(
            await call('updateTerminal', {
              params: { id },
              body: { remotePaymentsEnabled: enabled },
            }),
          );
        } catch (error) {
          if (!isStale(error))
            rowError(id, `Remote payments not switched: ${failureMessage(error)}`);
        }
      },

      async moveTo(id, storeId) {
        get().clearRowError(id);
        try {
          replace(await call('updateTerminal', { params: { id }, body: { storeId } }));
        } catch (error) {
          if (!isStale(error)) rowError(id, `Not moved: ${failureMessage(error)}`);
        }
      },

      async unpair(id) {
        try {
          await call('deleteTerminal', { params: { id } });
          ticket++;
          set({ terminals: (get().terminals ?? []).filter((t) => t.id !== id) });
        } catch (error) {
          if (!isStale(error)) rowError(id, `Not unpaired: ${failureMessage(error)}`);
        }
      },

      async setMaxAmount(id, text) {
        const limitError = (message: string) =>
          set({ limitErrors: { ...get().limitErrors, [id]: message } });
        const amount = checkAmount(text);
        if (!amount.ok) {
          limitError(amount.error);
          return false;
        }
        try {
          replace(
            await call('updateTerminal', { params: { id }, body: { maxAmount: amount.pounds } }),
          );
          get().clearLimitError(id);
          return true;
        } catch (error) {
          if (!isStale(error))
            limitError(fieldErrors(error).maxAmount ?? `Not saved: ${failureMessage(error)}`);
          return false;
        }
      },

      clearLimitError(id) {
        if (!(id in get().limitErrors)) return;
        const { [id]: _gone, ...rest } = get().limitErrors;
        set({ limitErrors: rest });
      },

      clearRowError(id) {
        if (!(id in get().rowErrors)) return;
        const { [id]: _gone, ...rest } = get().rowErrors;
        set({ rowErrors: rest });
      },
    };
  });
}
export type TerminalsStore = ReturnType<typeof createTerminalsStore>;
