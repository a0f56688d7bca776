import type { Migration } from './migration';

/**
 * customers area: customer search and metadata filters, saved cards, card-saving links, the outbox
 * of messages to customers, terminal customer lookups, and the columns a saved-card charge needs on
 * its card transaction.
 */
const migration: Migration = {
  name: 'customers',
  sql: [
    `
  -- Emails are unique per merchant and environment whatever their case.
  DROP INDEX customers_email;
  CREATE UNIQUE INDEX customers_email_nocase ON customers(merchant_id, environment, lower(email))
    WHERE email IS NOT NULL;
  CREATE INDEX customers_page ON customers(merchant_id, environment, created_at);
  CREATE INDEX customers_phone ON customers(merchant_id, environment, phone_number)
    WHERE phone_number IS NOT NULL;

  `,
    {
      sqlite: `
  -- Substring search over name, email and phone number: a trigram index kept in step with
  -- customers by triggers (external content, keyed by the customers rowid).
  CREATE VIRTUAL TABLE customers_fts USING fts5(
    full_name, email, phone_number, content='customers', content_rowid='rowid', tokenize='trigram'
  );
  CREATE TRIGGER customers_fts_insert AFTER INSERT ON customers BEGIN
    INSERT INTO customers_fts(rowid, full_name, email, phone_number)
    VALUES (new.rowid, new.full_name, new.email, new.phone_number);
  END;
  CREATE TRIGGER customers_fts_delete AFTER DELETE ON customers BEGIN
    INSERT INTO customers_fts(customers_fts, rowid, full_name, email, phone_number)
    VALUES ('delete', old.rowid, old.full_name, old.email, old.phone_number);
  END;
  CREATE TRIGGER customers_fts_update AFTER UPDATE OF full_name, email, phone_number ON customers BEGIN
    INSERT INTO customers_fts(customers_fts, rowid, full_name, email, phone_number)
    VALUES ('delete', old.rowid, old.full_name, old.email, old.phone_number);
    INSERT INTO customers_fts(rowid, full_name, email, phone_number)
    VALUES (new.rowid, new.full_name, new.email, new.phone_number);
  END;
  `,
      postgres: `
  -- Substring search over name, email and phone number (SQLite: the customers_fts trigram
  -- table). pg_trgm is a trusted extension: a database owner may create it.
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX customers_search ON customers USING gin (
    full_name gin_trgm_ops, email gin_trgm_ops, phone_number gin_trgm_ops
  );
  `,
    },
    `

  -- metadata[key]=value filters: one row per pair, beside the JSON the API returns.
  CREATE TABLE customer_metadata (
    customer_id TEXT NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    -- The customer's, copied so a filter pages newest first from this index alone.
    created_at INTEGER NOT NULL,
    PRIMARY KEY (customer_id, key)
  );
  CREATE INDEX customer_metadata_filter
    ON customer_metadata(merchant_id, environment, key, value, created_at);

  -- totalCount of an unfiltered list without counting every row.
  CREATE TABLE customer_counts (
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (merchant_id, environment)
  );
  INSERT INTO customer_counts (merchant_id, environment, n)
    SELECT merchant_id, environment, count(*) FROM customers GROUP BY merchant_id, environment;
  `,
    {
      sqlite: `
  CREATE TRIGGER customer_counts_insert AFTER INSERT ON customers BEGIN
    INSERT INTO customer_counts (merchant_id, environment, n) VALUES (new.merchant_id, new.environment, 1)
      ON CONFLICT (merchant_id, environment) DO UPDATE SET n = n + 1;
  END;
  CREATE TRIGGER customer_counts_delete AFTER DELETE ON customers BEGIN
    UPDATE customer_counts SET n = n - 1
    WHERE merchant_id = old.merchant_id AND environment = old.environment;
  END;
  `,
      postgres: `
  CREATE FUNCTION customer_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO customer_counts (merchant_id, environment, n)
      VALUES (NEW.merchant_id, NEW.environment, 1)
      ON CONFLICT (merchant_id, environment) DO UPDATE SET n = customer_counts.n + 1;
    RETURN NULL;
  END $$;
  CREATE TRIGGER customer_counts_insert AFTER INSERT ON customers
    FOR EACH ROW EXECUTE FUNCTION customer_counts_insert();
  CREATE FUNCTION customer_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE customer_counts SET n = n - 1
      WHERE merchant_id = OLD.merchant_id AND environment = OLD.environment;
    RETURN NULL;
  END $$;
  CREATE TRIGGER customer_counts_delete AFTER DELETE ON customers
    FOR EACH ROW EXECUTE FUNCTION customer_counts_delete();
  `,
    },
    `

  -- A saved card keeps only masked data; behaviour is what the sandbox card network will answer
  -- when it is charged (the test card it was saved from), never the number.
  CREATE TABLE saved_cards (
    id TEXT PRIMARY KEY,
    customer_id TEXT NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    name TEXT NOT NULL,
    type TEXT NOT NULL,
    last4 TEXT NOT NULL,
    category TEXT NOT NULL,
    card_type TEXT NOT NULL,
    brand TEXT NOT NULL,
    country TEXT NOT NULL,
    expiry_date TEXT NOT NULL,
    metadata TEXT NOT NULL DEFAULT '{}',
    behaviour TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX saved_cards_customer ON saved_cards(customer_id, created_at);

  -- Single-use links to the hosted card-saving page.
  CREATE TABLE card_links (
    token TEXT PRIMARY KEY,
    customer_id TEXT NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    success_url TEXT,
    failure_url TEXT,
    -- Set while the customer is in the 3DS step: the masked card waiting to be saved.
    pending_card TEXT,
    status TEXT NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'SAVED', 'FAILED')),
    card_id TEXT,
    expires_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    used_at INTEGER
  );

  -- A card typed at checkout with savePaymentMethod, waiting for its 3DS challenge to end.
  CREATE TABLE checkout_card_saves (
    transaction_id TEXT PRIMARY KEY,
    customer_id TEXT NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
    card TEXT NOT NULL,
    card_id TEXT,
    created_at INTEGER NOT NULL
  );

  -- The outbox of messages to customers (email or SMS); sent by SMTP when one is configured.
  CREATE TABLE messages (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    customer_id TEXT,
    channel TEXT NOT NULL CHECK (channel IN ('EMAIL', 'SMS')),
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    link TEXT,
    status TEXT NOT NULL CHECK (status IN ('STORED', 'QUEUED', 'SENT', 'FAILED')),
    error TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    sent_at INTEGER
  );
  CREATE INDEX messages_merchant ON messages(merchant_id, environment, created_at);
  CREATE INDEX messages_queued ON messages(created_at) WHERE status = 'QUEUED';

  -- Every customer lookup a terminal makes, for rate limits and for the merchant to see.
  CREATE TABLE terminal_lookups (
    id TEXT PRIMARY KEY,
    terminal_id TEXT NOT NULL,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    by TEXT NOT NULL CHECK (by IN ('email', 'phone')),
    query TEXT NOT NULL,
    customer_id TEXT,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX terminal_lookups_terminal ON terminal_lookups(terminal_id, created_at);
  CREATE INDEX terminal_lookups_merchant ON terminal_lookups(merchant_id, environment, created_at);

  -- A saved-card charge: the card used, and when its authorization expires (and, for
  -- CAPTURE_BEFORE_EXPIRY, when it is captured by itself).
  ALTER TABLE transactions ADD COLUMN card_id TEXT;
  ALTER TABLE transactions ADD COLUMN auth_expires_at INTEGER;
  ALTER TABLE transactions ADD COLUMN auto_capture_at INTEGER;
  ALTER TABLE transactions ADD COLUMN capture_outcome TEXT;
  CREATE INDEX transactions_authorized ON transactions(auth_expires_at) WHERE status = 'AUTHORIZED';
  `,
  ],
};
export default migration;
