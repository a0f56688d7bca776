/**
 * Counter payments waiting for the customer display, not yet created at the service. A payment
 * request's expiry is fixed when the service creates it, so a payment keyed in while another is
 * on the display waits here and becomes a request only when its turn comes: the customer gets
 * its whole time to pay. The line is kept in `held-payments.json` beside the history, so a
 * restart loses nothing staff keyed in.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { BasketLine } from '../../shared/bridge';

const Member = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(['cashier', 'manager', 'owner']),
});

const HeldRecord = z.object({
  id: z.string(),
  amountPence: z.number().int().positive(),
  notes: z.string().nullable(),
  method: z.enum(['PAY_BY_BANK', 'CARD']).nullable(),
  createdAt: z.number(),
  /** Why the service did not take it when its turn came. */
  error: z.string().nullable(),
  /** The service could not be reached: try again when it answers. */
  retryable: z.boolean(),
  /** The basket it is for, kept with the payment once it is created. */
  lines: z.array(BasketLine).optional(),
  /**
   * The tip step's outcome: the customer's tip in pence (0: no tip), null when staff skipped it;
   * absent until then (with tips on, its turn asks the customer first).
   */
  tipPence: z.number().int().nonnegative().nullable().optional(),
  /** Who keyed it in: named as who took it when it runs, whoever is signed in by then. */
  staff: Member.optional(),
  /** Its basket's prices lowered when it was keyed in, with the manager who approved each. */
  overrides: z
    .array(
      z.object({
        overrideId: z.string(),
        description: z.string(),
        fromPence: z.number().int(),
        toPence: z.number().int(),
        staff: Member,
        approvedBy: Member.nullable(),
      }),
    )
    .optional(),
});
export type Held = z.infer<typeof HeldRecord>;

export function createHeldLine(dataDir: string | null, now: () => number) {
  const file = dataDir ? join(dataDir, 'held-payments.json') : null;
  let line: Held[] = [];
  if (file) {
    try {
      line = z.array(HeldRecord).parse(JSON.parse(readFileSync(file, 'utf8')));
    } catch {
      line = []; // none yet, or unreadable: an empty line is the safe reading
    }
  }

  function save() {
    if (!file) return;
    // Write then rename, so a crash mid-write leaves the previous line, never half a file.
    writeFileSync(`${file}.tmp`, JSON.stringify(line));
    renameSync(`${file}.tmp`, file);
  }

  return {
    list: (): readonly Held[] => line,
    add(
      request: Pick<Held, 'amountPence' | 'notes' | 'method' | 'lines' | 'staff' | 'overrides'>,
    ): Held {
      const entry: Held = {
        id: `held-${randomBytes(6).toString('hex')}`,
        ...request,
        createdAt: now(),
        error: null,
        retryable: false,
      };
      line = [...line, entry];
      save();
      return entry;
    },
    remove(id: string): boolean {
      const before = line.length;
      line = line.filter((entry) => entry.id !== id);
      if (line.length !== before) save();
      return line.length !== before;
    },
    fail(id: string, error: string, retryable: boolean) {
      line = line.map((entry) => (entry.id === id ? { ...entry, error, retryable } : entry));
      save();
    },
    /** The tip step's outcome for a held payment (see `tipPence`). */
    setTip(id: string, tipPence: number | null): boolean {
      if (!line.some((entry) => entry.id === id)) return false;
      line = line.map((entry) => (entry.id === id ? { ...entry, tipPence } : entry));
      save();
      return true;
    },
    /** Clears the error so the next turn asks the service again. */
    retry(id: string): boolean {
      if (!line.some((entry) => entry.id === id)) return false;
      line = line.map((entry) =>
        entry.id === id ? { ...entry, error: null, retryable: false } : entry,
      );
      save();
      return true;
    },
    clear() {
      line = [];
      save();
    },
  };
}
