import type { Migration } from './migration';

/**
 * the basket kept with its payment (process-payment and process-remote-payment `lineItems`), in the
 * order given, for the status read and every receipt. `line_count` on the request spares the reads
 * of a payment without lines a second statement.
 */
const migration: Migration = {
  name: 'line-items',
  sql: `
  CREATE TABLE payment_line_items (
    payment_request_id TEXT NOT NULL REFERENCES payment_requests(id),
    position INTEGER NOT NULL,
    description TEXT NOT NULL,
    quantity INTEGER NOT NULL,
    unit_pence INTEGER NOT NULL,
    PRIMARY KEY (payment_request_id, position)
  ) WITHOUT ROWID;
  ALTER TABLE payment_requests ADD COLUMN line_count INTEGER NOT NULL DEFAULT 0;
  `,
};
export default migration;
