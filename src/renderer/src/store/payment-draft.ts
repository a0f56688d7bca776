/**
 * The payment staff are keying in on Take payment: the amount on the keypad, its method and its
 * note. It lives outside the panel so an error or a dialog loses nothing, but it is cleared when
 * staff leave the tab (`clearEntry`): an amount keyed before a tab change must not be started by
 * mistake minutes later (docs/kiosk.md).
 */
import { create } from 'zustand';
import type { EntryAction } from '../lib/keypad-entry';
import { entryReducer, refusedByLimit } from '../lib/keypad-entry';
import type { MethodChoice } from '../lib/labels';

interface PaymentDraft {
  pence: number;
  method: MethodChoice;
  notes: string;
  /** What happened to the payment just started when it did not go straight to the display. */
  notice: string | null;
  /** Applies a key; false when it was refused because the amount would pass `maxPence`. */
  key(action: EntryAction, maxPence?: number): boolean;
  /** Forgets the amount and the note (staff left Take payment). */
  clearEntry(): void;
}

export const usePaymentDraft = create<PaymentDraft>()((set, get) => ({
  pence: 0,
  method: null,
  notes: '',
  notice: null,
  key: (action, maxPence) => {
    const { pence } = get();
    if (refusedByLimit(pence, action, maxPence)) return false;
    set({ pence: entryReducer(pence, action, maxPence) });
    return true;
  },
  clearEntry: () => set({ pence: 0, notes: '' }),
}));
