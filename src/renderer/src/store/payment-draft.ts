/**
 * The payment staff are keying in, kept outside the Take payment panel so switching tabs loses
 * nothing: the amount on the keypad, its method and its note.
 */
import { create } from 'zustand';
import type { EntryAction } from '../lib/keypad-entry';
import { entryReducer } from '../lib/keypad-entry';
import type { MethodChoice } from '../lib/labels';

interface PaymentDraft {
  pence: number;
  method: MethodChoice;
  notes: string;
  /** What happened to the payment just started when it did not go straight to the display. */
  notice: string | null;
  key(action: EntryAction): void;
}

export const usePaymentDraft = create<PaymentDraft>()((set) => ({
  pence: 0,
  method: null,
  notes: '',
  notice: null,
  key: (action) => set((draft) => ({ pence: entryReducer(draft.pence, action) })),
}));
