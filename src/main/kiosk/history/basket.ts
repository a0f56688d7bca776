/**
 * The basket each payment was for (docs/kiosk.md, The basket): its lines in the order staff or
 * the till system gave them, kept beside the payment in kiosk.db so History and the receipt show
 * them offline. A payment taken as a plain amount has none.
 */
import type { Connection } from '../../../sqlite';
import type { BasketLine } from '../../../shared/basket';

interface LineRow {
  description: string;
  quantity: number;
  unit_pence: number;
}

export function createBasketStore(db: Connection) {
  const insert = db.prepare<[string, number, string, number, number]>(
    `INSERT INTO payment_lines (payment_request_id, position, description, quantity, unit_pence)
     VALUES (?, ?, ?, ?, ?)`,
  );
  const clear = db.prepare<[string]>('DELETE FROM payment_lines WHERE payment_request_id = ?');
  const select = db.prepare<[string], LineRow>(
    `SELECT description, quantity, unit_pence FROM payment_lines
     WHERE payment_request_id = ? ORDER BY position`,
  );
  /** One transaction: a basket is kept whole or not at all. */
  const replace = db.transaction((paymentRequestId: string, lines: readonly BasketLine[]) => {
    clear.run(paymentRequestId);
    lines.forEach((line, position) =>
      insert.run(paymentRequestId, position, line.description, line.quantity, line.unitPence),
    );
  });

  return {
    /** Keeps `lines` as the payment's basket (the payment must be in the history already). */
    save(paymentRequestId: string, lines: readonly BasketLine[]) {
      replace(paymentRequestId, lines);
    },
    of(paymentRequestId: string): BasketLine[] {
      return select.all(paymentRequestId).map((r) => ({
        description: r.description,
        quantity: r.quantity,
        unitPence: r.unit_pence,
      }));
    },
  };
}
export type BasketStore = ReturnType<typeof createBasketStore>;
