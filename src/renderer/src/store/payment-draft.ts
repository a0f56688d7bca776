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
import type { BasketLine } from '../../../shared/basket';

interface PaymentDraft {
  pence: number;
  /** CASH: staff key in what was handed over and the sale is recorded at once (CashTender). */
  method: MethodChoice | 'CASH';
  notes: string;
  /** The basket staff are building; when it has lines, its total is the amount (not the keypad). */
  lines: BasketLine[];
  /** What happened to the payment just started when it did not go straight to the display. */
  notice: string | null;
  /** Applies a key; false when it was refused because the amount would pass `maxPence`. */
  key(action: EntryAction, maxPence?: number): boolean;
  /** Adds a line, or replaces line `index` (staff edited it). */
  putLine(line: BasketLine, index?: number): void;
  removeLine(index: number): void;
  /** Forgets the amount, the note and the basket (staff left Take payment). */
  clearEntry(): void;
}

export const usePaymentDraft = create<PaymentDraft>()((set, get) => ({
  pence: 0,
  method: null,
  notes: '',
  lines: [],
  notice: null,
  key: (action, maxPence) => {
    const { pence } = get();
    if (refusedByLimit(pence, action, maxPence)) return false;
    set({ pence: entryReducer(pence, action, maxPence) });
    return true;
  },
  putLine: (line, index) => {
    const lines = [...get().lines];
    if (index === undefined || index >= lines.length) lines.push(line);
    else lines[index] = line;
    set({ lines });
  },
  removeLine: (index) => set({ lines: get().lines.filter((_, i) => i !== index) }),
  clearEntry: () => set({ pence: 0, notes: '', lines: [] }),
}));
