/**
 * The shift module's SQL, over the kiosk's history database: its own tables (migrations.ts), and
 * reads of the history's payments and refunds for the X report. Where the history records who
 * took or refunded a payment (staff_actions, when present), the report names them.
 */
import type { Connection, Statement } from '../../../sqlite';
import type { CompletedRefund, Method, TakenPayment } from './figures';

export interface ShiftRow {
  id: string;
  opened_at: number;
  opened_by: string;
  float_pence: number;
  closed_at: number | null;
  z_number: number | null;
}

export interface MovementRow {
  kind: 'PAY_IN' | 'PAY_OUT';
  amount_pence: number;
  reason: string;
  staff: string;
  at: number;
}

export interface ZRow {
  number: number;
  shift_id: string;
  report: string;
  hash: string;
  created_at: number;
}

export interface OutboxRow {
  number: number;
  attempts: number;
  last_error: string | null;
  next_at: number;
  report: string;
}

function hasTable(db: Connection, name: string): boolean {
  return !!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name);
}

type Window = { from: number; to: number };

/**
 * When the kiosk recorded a payment's or refund's completion, by its own clock, as the shift's
 * opening and closing are: counted by the service's time instead, one completed in the last
 * seconds before a close by a service whose clock runs ahead would fall after it, in no shift at
 * all. Every move writes its change row; a row without one keeps the service's time.
 */
const paymentAt = `COALESCE((SELECT min(c.recorded_at) FROM status_changes c
  WHERE c.payment_request_id = p.payment_request_id AND c.to_status = 'COMPLETED'), p.completed_at)`;
const refundAt = `COALESCE((SELECT min(c.recorded_at) FROM refund_changes c
  WHERE c.refund_id = r.refund_id AND c.to_status = 'COMPLETED'), r.completed_at)`;
/** How far the two clocks may disagree: the service's time narrows the rows read by its index. */
const SKEW_MS = 24 * 60 * 60 * 1000;

/** The history's payments and refunds the kiosk saw complete in [from, to), and who did them. */
function historyReads(db: Connection) {
  const staffed = hasTable(db, 'staff_actions');
  const paymentStaff = staffed
    ? `(SELECT staff_name FROM staff_actions a WHERE a.payment_request_id = p.payment_request_id
         AND a.action = 'payment' ORDER BY a.id LIMIT 1)`
    : 'NULL';
  const refundStaff = staffed
    ? `(SELECT staff_name FROM staff_actions a WHERE a.refund_id = r.refund_id
         AND a.action = 'refund' ORDER BY a.id LIMIT 1)`
    : 'NULL';
  const payments = db.prepare<
    [Window],
    { method: Method | null; taken: number; tip: number; staff: string | null }
  >(
    `SELECT p.paid_method AS method, p.tip_pence AS tip, ${paymentStaff} AS staff,
       CASE WHEN p.paid_pence > 0 THEN p.paid_pence ELSE p.amount_pence + p.tip_pence END AS taken
     FROM payments p
     WHERE p.status = 'COMPLETED' AND p.currency = 'GBP'
       AND p.completed_at >= @from - ${SKEW_MS} AND p.completed_at < @to + ${SKEW_MS}
       AND ${paymentAt} >= @from AND ${paymentAt} < @to
     ORDER BY p.completed_at`,
  );
  const refunds = db.prepare<
    [Window],
    { method: Method | null; amount: number; staff: string | null }
  >(
    `SELECT p.paid_method AS method, r.amount_pence AS amount, ${refundStaff} AS staff
     FROM refunds r JOIN payments p ON p.payment_request_id = r.payment_request_id
     WHERE r.status = 'COMPLETED' AND r.currency = 'GBP'
       AND r.completed_at >= @from - ${SKEW_MS} AND r.completed_at < @to + ${SKEW_MS}
       AND ${refundAt} >= @from AND ${refundAt} < @to
     ORDER BY r.completed_at`,
  );
  return {
    payments: (from: number, to: number): TakenPayment[] =>
      payments
        .all({ from, to })
        .map((r) => ({ method: r.method, takenPence: r.taken, tipPence: r.tip, staff: r.staff })),
    refunds: (from: number, to: number): CompletedRefund[] =>
      refunds
        .all({ from, to })
        .map((r) => ({ method: r.method, amountPence: r.amount, staff: r.staff })),
  };
}

/** The module's statements, written out: a composite build names every exported type. */
export interface ShiftStatements {
  history: {
    payments(from: number, to: number): TakenPayment[];
    refunds(from: number, to: number): CompletedRefund[];
  };
  open: Statement<[], ShiftRow>;
  byId: Statement<[string], ShiftRow>;
  insertShift: Statement<[string, number, string, number]>;
  closeShift: Statement<[number, number, string]>;
  movements: Statement<[string], MovementRow>;
  insertMovement: Statement<[string, string, number, string, string, number]>;
  lastZ: Statement<[], ZRow>;
  zByNumber: Statement<[number], ZRow>;
  zPage: Statement<[number], ZRow>;
  insertZ: Statement<[number, string, string, string, number]>;
  enqueue: Statement<[number]>;
  nextToSend: Statement<[], OutboxRow>;
  waiting: Statement<[], { n: number; oldest: number | null; error: string | null }>;
  claim: Statement<[number, number, number]>;
  sent: Statement<[number]>;
  failed: Statement<[string, number, number]>;
}

export function shiftStatements(db: Connection): ShiftStatements {
  return {
    history: historyReads(db),
    open: db.prepare<[], ShiftRow>('SELECT * FROM shifts WHERE closed_at IS NULL'),
    byId: db.prepare<[string], ShiftRow>('SELECT * FROM shifts WHERE id = ?'),
    insertShift: db.prepare<[string, number, string, number]>(
      'INSERT INTO shifts (id, opened_at, opened_by, float_pence) VALUES (?, ?, ?, ?)',
    ),
    closeShift: db.prepare<[number, number, string]>(
      'UPDATE shifts SET closed_at = ?, z_number = ? WHERE id = ? AND closed_at IS NULL',
    ),
    movements: db.prepare<[string], MovementRow>(
      'SELECT kind, amount_pence, reason, staff, at FROM shift_movements WHERE shift_id = ? ORDER BY id',
    ),
    insertMovement: db.prepare<[string, string, number, string, string, number]>(
      `INSERT INTO shift_movements (shift_id, kind, amount_pence, reason, staff, at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    lastZ: db.prepare<[], ZRow>('SELECT * FROM z_reports ORDER BY number DESC LIMIT 1'),
    zByNumber: db.prepare<[number], ZRow>('SELECT * FROM z_reports WHERE number = ?'),
    zPage: db.prepare<[number], ZRow>('SELECT * FROM z_reports ORDER BY number DESC LIMIT ?'),
    insertZ: db.prepare<[number, string, string, string, number]>(
      'INSERT INTO z_reports (number, shift_id, report, hash, created_at) VALUES (?, ?, ?, ?, ?)',
    ),
    enqueue: db.prepare<[number]>('INSERT INTO z_outbox (number) VALUES (?)'),
    nextToSend: db.prepare<[], OutboxRow>(
      `SELECT o.number, o.attempts, o.last_error, o.next_at, z.report
       FROM z_outbox o JOIN z_reports z ON z.number = o.number ORDER BY o.number LIMIT 1`,
    ),
    waiting: db.prepare<[], { n: number; oldest: number | null; error: string | null }>(
      `SELECT count(*) AS n, min(number) AS oldest,
         (SELECT last_error FROM z_outbox ORDER BY number LIMIT 1) AS error FROM z_outbox`,
    ),
    /** Takes the report for one send: no other sender picks it up until `until`. */
    claim: db.prepare<[number, number, number]>(
      'UPDATE z_outbox SET next_at = ? WHERE number = ? AND next_at = ?',
    ),
    sent: db.prepare<[number]>('DELETE FROM z_outbox WHERE number = ?'),
    failed: db.prepare<[string, number, number]>(
      'UPDATE z_outbox SET attempts = attempts + 1, last_error = ?, next_at = ? WHERE number = ?',
    ),
  };
}
