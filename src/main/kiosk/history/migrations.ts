/**
 * The kiosk history database's numbered migrations (its own list, separate from the service's).
 * Each runs once, in a transaction that also sets PRAGMA user_version to its number; never edit
 * one that has shipped, add the next.
 */
export const migrations: readonly string[] = [
  // 1: the payments this kiosk has seen, and every status change it applied to them.
  `
  CREATE TABLE payments (
    payment_request_id TEXT PRIMARY KEY,
    origin TEXT NOT NULL CHECK (origin IN ('remote', 'counter')),
    amount_pence INTEGER NOT NULL,
    currency TEXT NOT NULL DEFAULT 'GBP',
    order_id TEXT,
    notes TEXT,
    metadata TEXT NOT NULL DEFAULT '{}',
    payment_method_restriction TEXT,
    payment_url TEXT,
    qr_code_url TEXT,
    qr_code_url_png TEXT,
    template_url TEXT,
    status TEXT NOT NULL,
    paid_pence INTEGER NOT NULL DEFAULT 0,
    tip_pence INTEGER NOT NULL DEFAULT 0,
    paid_method TEXT,
    error_description TEXT,
    final INTEGER NOT NULL DEFAULT 0 CHECK (final IN (0, 1)),
    -- The service's time of the current status when a source said it; a report older than this
    -- is stale even where the state machine would allow the move (a retry after FAILED).
    status_at INTEGER,
    -- When the payment reached COMPLETED (today's takings count by this, not by created_at).
    completed_at INTEGER,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    expires_at INTEGER
  );
  -- Newest first, with the id breaking ties so keyset paging is total. order_id rides along so a
  -- "contains" search (which no index can seek) scans this small index, not the wide rows.
  CREATE INDEX payments_by_created
    ON payments (created_at DESC, payment_request_id DESC, order_id);
  -- NOCASE so a case-insensitive prefix search (LIKE 'abc%') can use the index.
  CREATE INDEX payments_by_order ON payments (order_id COLLATE NOCASE);
  CREATE INDEX payments_by_status ON payments (status, created_at DESC, payment_request_id DESC);
  CREATE INDEX payments_by_amount ON payments (amount_pence, created_at DESC, payment_request_id DESC);
  CREATE INDEX payments_unfinished ON payments (created_at) WHERE final = 0;
  CREATE INDEX payments_by_completion ON payments (completed_at) WHERE completed_at IS NOT NULL;

  CREATE TABLE status_changes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    payment_request_id TEXT NOT NULL REFERENCES payments(payment_request_id),
    -- NULL on the first row: the status the payment was first seen in.
    from_status TEXT,
    to_status TEXT NOT NULL,
    source TEXT NOT NULL CHECK (source IN ('push', 'webhook', 'poll', 'local')),
    occurred_at INTEGER NOT NULL,
    recorded_at INTEGER NOT NULL
  );
  CREATE INDEX status_changes_by_payment ON status_changes (payment_request_id, id);
  `,
  // 2, bank feed: the end-of-day reports the back office fetched, readable offline.
  `
  CREATE TABLE end_of_day_reports (
    date TEXT PRIMARY KEY,
    report TEXT NOT NULL,
    fetched_at INTEGER NOT NULL
  );
  `,
  // 3, refunds: the refunds of this kiosk's payments and every status change heard of them.
  `
  CREATE TABLE refunds (
    refund_id TEXT PRIMARY KEY,
    payment_request_id TEXT NOT NULL REFERENCES payments(payment_request_id),
    amount_pence INTEGER NOT NULL,
    currency TEXT NOT NULL DEFAULT 'GBP',
    refund_type TEXT NOT NULL CHECK (refund_type IN ('PARTIAL', 'FULL')),
    status TEXT NOT NULL,
    final INTEGER NOT NULL DEFAULT 0 CHECK (final IN (0, 1)),
    -- The service's time of the current status; older reports are stale.
    status_at INTEGER,
    -- When it reached COMPLETED: today's takings subtract refunds completed today.
    completed_at INTEGER,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX refunds_by_payment ON refunds (payment_request_id, created_at);
  CREATE INDEX refunds_unfinished ON refunds (created_at) WHERE final = 0;
  CREATE INDEX refunds_by_completion ON refunds (completed_at) WHERE completed_at IS NOT NULL;

  CREATE TABLE refund_changes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    refund_id TEXT NOT NULL REFERENCES refunds(refund_id),
    from_status TEXT,
    to_status TEXT NOT NULL,
    source TEXT NOT NULL CHECK (source IN ('push', 'webhook', 'poll', 'local')),
    occurred_at INTEGER NOT NULL,
    recorded_at INTEGER NOT NULL
  );
  CREATE INDEX refund_changes_by_refund ON refund_changes (refund_id, id);
  `,
  // 4, hardening: the payments the kiosk asked for, with the Idempotency-Key it sent, written
  //    before the request leaves so a retry after a lost answer reuses the key (attempts.ts).
  `
  CREATE TABLE payment_attempts (
    idempotency_key TEXT PRIMARY KEY,
    order_id TEXT NOT NULL,
    amount_pence INTEGER NOT NULL,
    notes TEXT,
    payment_method_restriction TEXT,
    -- Set once the service answered; NULL while the answer is outstanding.
    payment_request_id TEXT,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX payment_attempts_open ON payment_attempts (amount_pence, created_at)
    WHERE payment_request_id IS NULL;
  `,
  // 5, card on file at the counter: saved-card charges staff made here, each written with its
  //    Idempotency-Key before the request leaves (card-charges.ts), and what was charged
  //    (customer, masked card, capture type) for the payment's detail, offline.
  `
  CREATE TABLE card_charges (
    idempotency_key TEXT PRIMARY KEY,
    order_id TEXT NOT NULL,
    customer_id TEXT NOT NULL,
    customer_name TEXT NOT NULL,
    payment_method_id TEXT NOT NULL,
    card_label TEXT NOT NULL,
    capture_type TEXT NOT NULL,
    amount_pence INTEGER NOT NULL,
    notes TEXT,
    -- Set once the service answered; NULL while the answer is outstanding.
    payment_request_id TEXT UNIQUE,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX card_charges_open ON card_charges (customer_id, amount_pence, created_at)
    WHERE payment_request_id IS NULL;
  `,
  // 6, the staff PIN the shop chose (staff-pin.ts): never the PIN itself, only its scrypt hash
  //    with a random salt and the cost it was made with. One row at most.
  `
  CREATE TABLE staff_pin (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    salt BLOB NOT NULL,
    hash BLOB NOT NULL,
    cost_n INTEGER NOT NULL,
    block_r INTEGER NOT NULL,
    parallel_p INTEGER NOT NULL,
    set_at INTEGER NOT NULL
  );
  `,
  // 7, receipts on a thermal printer: the network receipt printer named in Settings (one row
  //    at most), and the receipts it has not printed yet, kept until printed or dismissed so a
  //    printer that is off loses nothing, not even to a restart (printer/jobs.ts).
  `
  CREATE TABLE receipt_printer (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    settings TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE TABLE print_jobs (
    id TEXT PRIMARY KEY,
    payment_request_id TEXT NOT NULL REFERENCES payments(payment_request_id),
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX print_jobs_by_created ON print_jobs (created_at, id);
  `,
  // 8, the basket on the customer display: the lines a payment was for, built at the console
  //    or sent by the merchant's till system, kept with the payment for History and the receipt
  //    (basket.ts). Money in pence, as every amount here.
  `
  CREATE TABLE payment_lines (
    payment_request_id TEXT NOT NULL REFERENCES payments(payment_request_id),
    position INTEGER NOT NULL,
    description TEXT NOT NULL,
    quantity INTEGER NOT NULL CHECK (quantity > 0),
    unit_pence INTEGER NOT NULL CHECK (unit_pence >= 0),
    PRIMARY KEY (payment_request_id, position)
  ) WITHOUT ROWID;
  `,
  // 9, the staff PIN's lockout (staff-pin.ts): the wrong PINs in a row and the end of a lockout,
  //    kept with the PIN so that restarting the kiosk neither ends a lockout nor forgets the
  //    wrong PINs counted so far. One row at most; none is no wrong PIN and no lockout.
  `
  CREATE TABLE staff_pin_lockout (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    failures INTEGER NOT NULL CHECK (failures >= 0),
    locked_until INTEGER NOT NULL
  );
  `,
  // 10, who created a remote payment (its push event's createdBy: api, dashboard, mcp, agent),
  //    for the console's "From the dashboard"; null when the service did not say.
  `
  ALTER TABLE payments ADD COLUMN created_by TEXT;
  `,
  // 11, staff with their own PINs and roles (staff-pin.ts): each person's name, role and the
  //    scrypt hash of their PIN; wrong PINs counted per person ('*' for PINs that matched
  //    nobody); the shop's idle sign-out and manager-approval settings; and who did what
  //    (staff_actions: each payment, refund, capture, release or cancel, with the approver).
  //    The single shop PIN of earlier versions becomes the PIN of an owner called "Owner" (the
  //    same hash, so the old PIN still opens), and its lockout the kiosk-wide one.
  `
  CREATE TABLE staff (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('cashier', 'manager', 'owner')),
    salt BLOB NOT NULL,
    hash BLOB NOT NULL,
    cost_n INTEGER NOT NULL,
    block_r INTEGER NOT NULL,
    parallel_p INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  INSERT INTO staff (id, name, role, salt, hash, cost_n, block_r, parallel_p, created_at, updated_at)
    SELECT 'owner', 'Owner', 'owner', salt, hash, cost_n, block_r, parallel_p, set_at, set_at
    FROM staff_pin;
  CREATE TABLE staff_lockout (
    subject TEXT PRIMARY KEY,
    failures INTEGER NOT NULL CHECK (failures >= 0),
    locked_until INTEGER NOT NULL
  );
  INSERT INTO staff_lockout (subject, failures, locked_until)
    SELECT '*', failures, locked_until FROM staff_pin_lockout;
  DROP TABLE staff_pin;
  DROP TABLE staff_pin_lockout;
  CREATE TABLE staff_settings (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    idle_minutes INTEGER NOT NULL CHECK (idle_minutes BETWEEN 1 AND 240),
    approval_refund_pence INTEGER NOT NULL CHECK (approval_refund_pence >= 0)
  );
  INSERT INTO staff_settings (id, idle_minutes, approval_refund_pence) VALUES (1, 5, 2000);
  CREATE TABLE staff_actions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    payment_request_id TEXT NOT NULL,
    action TEXT NOT NULL CHECK (action IN ('payment', 'refund', 'capture', 'release', 'cancel')),
    refund_id TEXT,
    amount_pence INTEGER,
    staff_id TEXT NOT NULL,
    staff_name TEXT NOT NULL,
    staff_role TEXT NOT NULL,
    approver_id TEXT,
    approver_name TEXT,
    approver_role TEXT,
    at INTEGER NOT NULL
  );
  CREATE INDEX staff_actions_by_payment ON staff_actions (payment_request_id, id);
  `,
  // 12, staff the merchant set in the dashboard for this kiosk's store (central-settings.ts):
  //    kept beside the kiosk's own staff, marked central, replaced by each TERMINAL_STAFF push.
  `ALTER TABLE staff ADD COLUMN central INTEGER NOT NULL DEFAULT 0;`,
  // 13, the console locked from the dashboard (LOCK_CONSOLE): kept across a restart, so turning the kiosk off
  // and on does not open it; a manager's or the owner's sign-in clears it.
  `
  ALTER TABLE staff_settings ADD COLUMN console_locked INTEGER NOT NULL DEFAULT 0;
  `,
  // 14, a basket line's price lowered at the console (a price override, approved by a manager
  //    when a cashier lowers it): staff_actions takes the action 'price' with the line's
  //    description and the price it had (amount_pence is the price it was given). SQLite
  //    cannot widen a CHECK in place, so the table is copied into one that allows it.
  `
  CREATE TABLE staff_actions_next (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    payment_request_id TEXT NOT NULL,
    action TEXT NOT NULL
      CHECK (action IN ('payment', 'refund', 'capture', 'release', 'cancel', 'price')),
    refund_id TEXT,
    amount_pence INTEGER,
    staff_id TEXT NOT NULL,
    staff_name TEXT NOT NULL,
    staff_role TEXT NOT NULL,
    approver_id TEXT,
    approver_name TEXT,
    approver_role TEXT,
    at INTEGER NOT NULL,
    description TEXT,
    from_pence INTEGER
  );
  INSERT INTO staff_actions_next (id, payment_request_id, action, refund_id, amount_pence,
      staff_id, staff_name, staff_role, approver_id, approver_name, approver_role, at)
    SELECT id, payment_request_id, action, refund_id, amount_pence, staff_id, staff_name,
      staff_role, approver_id, approver_name, approver_role, at FROM staff_actions;
  DROP TABLE staff_actions;
  ALTER TABLE staff_actions_next RENAME TO staff_actions;
  CREATE INDEX staff_actions_by_payment ON staff_actions (payment_request_id, id);
  `,
];
