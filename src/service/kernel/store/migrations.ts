/**
 * The service database's numbered migrations. Each runs once, in a transaction that also sets
 * PRAGMA user_version to its number; never edit one that has shipped, add the next.
 */
export const migrations: readonly string[] = [
  // 1: merchants, secrets, stores, payment requests and their transactions, the event outbox,
  //    webhook subscriptions and deliveries.
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

  CREATE TABLE merchants (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    card_enabled INTEGER NOT NULL DEFAULT 1,
    remote_enabled INTEGER NOT NULL DEFAULT 1,
    tips_enabled INTEGER NOT NULL DEFAULT 1,
    created_at INTEGER NOT NULL
  );

  -- Secrets are stored as SHA-256 hashes; the plain secret is shown once.
  CREATE TABLE access_secrets (
    hash TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    environment TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    kind TEXT NOT NULL CHECK (kind IN ('merchant', 'terminal')),
    terminal_id TEXT,
    created_at INTEGER NOT NULL,
    revoked_at INTEGER
  );

  CREATE TABLE stores (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    name TEXT NOT NULL,
    is_primary INTEGER NOT NULL DEFAULT 0,
    address TEXT,
    created_at INTEGER NOT NULL
  );

  CREATE TABLE customers (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    environment TEXT NOT NULL,
    full_name TEXT NOT NULL,
    email TEXT,
    type TEXT NOT NULL DEFAULT 'INDIVIDUAL',
    phone_country_code TEXT,
    phone_number TEXT,
    address TEXT,
    city TEXT,
    postcode TEXT,
    vat_number TEXT,
    metadata TEXT NOT NULL DEFAULT '{}',
    created_at INTEGER NOT NULL
  );
  CREATE UNIQUE INDEX customers_email ON customers(merchant_id, environment, email) WHERE email IS NOT NULL;

  CREATE TABLE terminals (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    environment TEXT NOT NULL,
    store_id TEXT NOT NULL REFERENCES stores(id),
    name TEXT NOT NULL,
    remote_enabled INTEGER NOT NULL DEFAULT 1,
    fcm_token TEXT,
    -- Set once the terminal has opened its push stream or registered an FCM token.
    push_registered INTEGER NOT NULL DEFAULT 0,
    last_seen_at INTEGER,
    created_at INTEGER NOT NULL,
    deleted_at INTEGER
  );

  CREATE TABLE pairing_codes (
    code TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    store_id TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
  );

  -- consumerDetails of a remote payment, kept as a record linked to the payment.
  CREATE TABLE consumers (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    first_name TEXT,
    last_name TEXT,
    email TEXT,
    phone_country_code TEXT,
    phone_number TEXT,
    created_at INTEGER NOT NULL
  );

  CREATE TABLE payment_requests (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    store_id TEXT NOT NULL,
    terminal_id TEXT,
    customer_ref TEXT NOT NULL,
    order_id TEXT NOT NULL,
    amount_pence INTEGER NOT NULL,
    currency TEXT NOT NULL DEFAULT 'GBP',
    status TEXT NOT NULL,
    payment_method TEXT,
    tip_pence INTEGER NOT NULL DEFAULT 0,
    paid_pence INTEGER NOT NULL DEFAULT 0,
    allowed_methods TEXT NOT NULL,
    options TEXT NOT NULL,
    notes TEXT,
    metadata TEXT NOT NULL DEFAULT '{}',
    template TEXT NOT NULL,
    error_description TEXT,
    expires_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX payment_requests_merchant ON payment_requests(merchant_id, environment, created_at);
  CREATE INDEX payment_requests_open ON payment_requests(expires_at)
    WHERE status IN ('PAYMENT_NOT_INITIATED', 'AWAITING_AUTHORIZATION', 'FAILED');

  CREATE TABLE transactions (
    id TEXT PRIMARY KEY,
    payment_request_id TEXT NOT NULL REFERENCES payment_requests(id),
    method TEXT NOT NULL,
    status TEXT NOT NULL,
    amount_pence INTEGER NOT NULL,
    tip_pence INTEGER NOT NULL DEFAULT 0,
    error_description TEXT,
    bank_name TEXT,
    card_brand TEXT,
    card_last4 TEXT,
    card_type TEXT,
    capture_type TEXT,
    -- When the sandbox card network answers a PENDING card transaction.
    settle_at INTEGER,
    settle_outcome TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX transactions_request ON transactions(payment_request_id, created_at);
  CREATE INDEX transactions_settle ON transactions(settle_at) WHERE status = 'PENDING';

  -- The outbox: every event is written in the same transaction as the change it reports.
  CREATE TABLE events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    type TEXT NOT NULL,
    payment_request_id TEXT,
    terminal_id TEXT,
    body TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX events_terminal ON events(terminal_id, seq);

  CREATE TABLE webhook_subscriptions (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    url TEXT NOT NULL,
    event_types TEXT NOT NULL,
    secret TEXT NOT NULL,
    description TEXT,
    created_at INTEGER NOT NULL,
    deleted_at INTEGER
  );

  CREATE TABLE webhook_deliveries (
    id TEXT PRIMARY KEY,
    subscription_id TEXT NOT NULL REFERENCES webhook_subscriptions(id),
    event_id TEXT NOT NULL,
    event_type TEXT NOT NULL,
    body TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('PENDING', 'DELIVERED', 'FAILED')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER,
    last_status_code INTEGER,
    last_error TEXT,
    created_at INTEGER NOT NULL,
    delivered_at INTEGER
  );
  CREATE INDEX webhook_deliveries_due ON webhook_deliveries(next_attempt_at) WHERE status = 'PENDING';
  CREATE INDEX webhook_deliveries_subscription ON webhook_deliveries(subscription_id, created_at);
  `,
  // 2, terminals: each terminal's largest payment, in pence (default £10,000.00, docs/terminals.md).
  `
  ALTER TABLE terminals ADD COLUMN max_amount_pence INTEGER NOT NULL DEFAULT 1000000;
  `,
  // 3, bank feed (src/service/bank): hosted links, consents, accounts, their transactions, the
  // settlement account, and the used bank-feed cursors.
  `
  CREATE TABLE bank_links (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    redirect_url TEXT NOT NULL,
    stage TEXT NOT NULL CHECK (stage IN ('CHOOSE', 'SIGN_IN', 'CONSENT', 'DONE')),
    bank TEXT,
    consent_id TEXT,
    expires_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL
  );

  CREATE TABLE bank_consents (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    bank TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    revoked_at INTEGER
  );
  CREATE INDEX bank_consents_merchant ON bank_consents(merchant_id, environment, created_at);

  -- generated_until: every transaction dated up to it is stored; later ones are appended in
  -- date order, so the running balance is always computed at the tail.
  CREATE TABLE bank_accounts (
    id TEXT PRIMARY KEY,
    consent_id TEXT NOT NULL REFERENCES bank_consents(id),
    position INTEGER NOT NULL,
    profile TEXT NOT NULL,
    account_number TEXT NOT NULL,
    sort_code TEXT NOT NULL,
    per_day INTEGER NOT NULL,
    history_from INTEGER NOT NULL,
    generated_until INTEGER NOT NULL,
    balance_pence INTEGER NOT NULL,
    settles_since INTEGER
  );
  CREATE INDEX bank_accounts_consent ON bank_accounts(consent_id, position);

  CREATE TABLE bank_transactions (
    account_id TEXT NOT NULL,
    date_ms INTEGER NOT NULL,
    id TEXT NOT NULL,
    type TEXT NOT NULL CHECK (type IN ('CREDIT', 'DEBIT')),
    amount_pence INTEGER NOT NULL,
    currency TEXT NOT NULL,
    description TEXT NOT NULL,
    reference TEXT NOT NULL,
    merchant_name TEXT,
    category TEXT NOT NULL,
    payer TEXT,
    payee TEXT,
    balance_pence INTEGER NOT NULL,
    book_at INTEGER NOT NULL,
    payment_tx_id TEXT,
    PRIMARY KEY (account_id, date_ms, id)
  ) WITHOUT ROWID;
  CREATE UNIQUE INDEX bank_transactions_payment ON bank_transactions(payment_tx_id)
    WHERE payment_tx_id IS NOT NULL;

  CREATE TABLE bank_cursor_uses (nonce TEXT PRIMARY KEY, expires_at INTEGER NOT NULL);
  CREATE INDEX bank_cursor_uses_expiry ON bank_cursor_uses(expires_at);

  -- Completed pay-by-bank attempts by completion time: their credits and reconciliation.
  CREATE INDEX transactions_pay_by_bank_completed ON transactions(updated_at)
    WHERE method = 'PAY_BY_BANK' AND status = 'COMPLETED';
  `,
  // 4, refunds: refunds of payment requests, and the refunded total on each payment request.
  `
  CREATE TABLE refunds (
    id TEXT PRIMARY KEY,
    payment_request_id TEXT NOT NULL REFERENCES payment_requests(id) ON DELETE CASCADE,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    status TEXT NOT NULL
      CHECK (status IN ('INITIATED', 'PENDING', 'COMPLETED', 'FAILED', 'CANCELLED')),
    refund_type TEXT NOT NULL CHECK (refund_type IN ('PARTIAL', 'FULL')),
    amount_pence INTEGER NOT NULL CHECK (amount_pence > 0),
    -- The amount paid (tips included) when the refund was made, as the record reports it.
    paid_pence INTEGER NOT NULL,
    currency TEXT NOT NULL,
    -- The completed transaction refunded (the record's paymentIdempotencyId).
    payment_transaction_id TEXT NOT NULL,
    notes TEXT,
    -- NULL when no metadata was supplied: the record then has no metadata field.
    metadata TEXT,
    -- When the sandbox bank moves the refund on by itself (service clock); NULL once final.
    due_at INTEGER,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX refunds_request ON refunds(payment_request_id, created_at);
  CREATE INDEX refunds_due ON refunds(due_at) WHERE due_at IS NOT NULL;

  -- Kept in step with the COMPLETED refunds in the same transaction, so a status read is one row.
  ALTER TABLE payment_requests ADD COLUMN refunded_pence INTEGER NOT NULL DEFAULT 0;
  `,
  // 5, hardening: idempotency keys. An answer is kept for 24 hours of the service's clock;
  //    status NULL is a reservation whose handler has not finished (boot says which process).
  `
  CREATE TABLE idempotency_keys (
    scope TEXT NOT NULL,
    key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    status INTEGER,
    body TEXT,
    boot TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (scope, key)
  ) WITHOUT ROWID;
  CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);
  `,
  // 6, Agent Pay (src/service/agent): agent identities, the nonces of signed requests, spending
  // contracts with their authorization links, and the payments made under them.
  `
  CREATE TABLE agents (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    environment TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    name TEXT NOT NULL,
    description TEXT,
    public_key_pem TEXT NOT NULL,
    -- RFC 7638 JWK thumbprint of the public key: one agent per key, business and environment.
    key_thumbprint TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'ACTIVE',
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE UNIQUE INDEX agents_key ON agents(merchant_id, environment, key_thumbprint);
  CREATE INDEX agents_merchant ON agents(merchant_id, environment, created_at);

  -- Nonces of signed requests, kept until their timestamp leaves the window: a replay is refused.
  CREATE TABLE agent_nonces (
    scope TEXT NOT NULL,
    nonce TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    PRIMARY KEY (scope, nonce)
  ) WITHOUT ROWID;
  CREATE INDEX agent_nonces_expiry ON agent_nonces(expires_at);

  CREATE TABLE contracts (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    environment TEXT NOT NULL,
    agent_id TEXT NOT NULL REFERENCES agents(id),
    type TEXT NOT NULL CHECK (type IN ('SEND', 'COLLECT')),
    name TEXT NOT NULL,
    description TEXT,
    status TEXT NOT NULL,
    -- The enforced limits as on the wire (pounds), validFrom filled in.
    limits TEXT NOT NULL,
    service_customer_id TEXT REFERENCES customers(id),
    linked_method TEXT,
    terms_version INTEGER,
    pending_limits TEXT,
    pending_requested_at INTEGER,
    -- The secret of the current authorization link (creation or pending update) and its expiry.
    auth_token TEXT UNIQUE,
    auth_expires_at INTEGER,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX contracts_agent ON contracts(agent_id, created_at);
  CREATE INDEX contracts_auth_expiry ON contracts(auth_expires_at) WHERE auth_token IS NOT NULL;

  CREATE TABLE contract_payments (
    id TEXT PRIMARY KEY,
    contract_id TEXT NOT NULL REFERENCES contracts(id),
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    type TEXT NOT NULL CHECK (type IN ('SEND', 'COLLECT')),
    -- PENDING holds the amount as reserved; COMPLETED counts as used; FAILED counts for nothing.
    status TEXT NOT NULL CHECK (status IN ('PENDING', 'COMPLETED', 'FAILED')),
    amount_pence INTEGER NOT NULL,
    currency TEXT NOT NULL,
    payee TEXT,
    reference TEXT,
    order_id TEXT,
    payment_request_id TEXT,
    settle_at INTEGER,
    settle_outcome TEXT,
    error_description TEXT,
    created_at INTEGER NOT NULL,
    settled_at INTEGER
  );
  CREATE INDEX contract_payments_usage ON contract_payments(contract_id, created_at);
  CREATE INDEX contract_payments_due ON contract_payments(settle_at) WHERE status = 'PENDING';
  `,
  // 7, customers area: customer search and metadata filters, saved cards, card-saving links,
  //    the outbox of messages to customers, terminal customer lookups, and the columns a
  //    saved-card charge needs on its card transaction.
  `
  -- Emails are unique per merchant and environment whatever their case.
  DROP INDEX customers_email;
  CREATE UNIQUE INDEX customers_email_nocase ON customers(merchant_id, environment, lower(email))
    WHERE email IS NOT NULL;
  CREATE INDEX customers_page ON customers(merchant_id, environment, created_at);
  CREATE INDEX customers_phone ON customers(merchant_id, environment, phone_number)
    WHERE phone_number IS NOT NULL;

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
  CREATE TRIGGER customer_counts_insert AFTER INSERT ON customers BEGIN
    INSERT INTO customer_counts (merchant_id, environment, n) VALUES (new.merchant_id, new.environment, 1)
      ON CONFLICT (merchant_id, environment) DO UPDATE SET n = n + 1;
  END;
  CREATE TRIGGER customer_counts_delete AFTER DELETE ON customers BEGIN
    UPDATE customer_counts SET n = n - 1
    WHERE merchant_id = old.merchant_id AND environment = old.environment;
  END;

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
  // 8, Agent Pay (issue 13): settled SEND payments as DEBITs of the bank feed's settlement
  // account, read by the ledger's catch-up per merchant and time window.
  `
  CREATE INDEX contract_payments_settled_sends
    ON contract_payments(merchant_id, environment, settled_at)
    WHERE type = 'SEND' AND status = 'COMPLETED';
  `,
  // 9, throughput (issues 11 and 12): every status change writes an event, so the outbox keeps
  // only the indexes something reads. Nothing looks an event up by id (ids are unique by
  // construction, src/service/kernel/ids.ts), and only terminals' streams read by terminal_id, so that
  // index skips the many events that belong to no terminal. Each index dropped is one B-tree
  // fewer for every event insert to write (docs/benchmarks.md). The sequence is carried over as
  // it was: a sandbox reset may have deleted the newest events, and a terminal resuming its
  // stream must never see a seq it has had before.
  `
  CREATE TABLE events_next (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    type TEXT NOT NULL,
    payment_request_id TEXT,
    terminal_id TEXT,
    body TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  INSERT INTO events_next
    SELECT seq, id, merchant_id, environment, type, payment_request_id, terminal_id, body, created_at
    FROM events;
  INSERT INTO sqlite_sequence (name, seq)
    SELECT 'events_next', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'events_next');
  UPDATE sqlite_sequence
    SET seq = MAX(seq, COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'events'), 0))
    WHERE name = 'events_next';
  DROP TABLE events;
  ALTER TABLE events_next RENAME TO events;
  CREATE INDEX events_terminal ON events(terminal_id, seq) WHERE terminal_id IS NOT NULL;
  `,
  // 10, refunds (issue 12): the refunds still in flight, per payment. The over-refund check adds
  // these to the payment's refunded total (refunded_pence, kept with the COMPLETED ones) instead
  // of summing every refund the payment ever had, which grew with each refund made.
  `
  CREATE INDEX refunds_open ON refunds(payment_request_id) WHERE status IN ('INITIATED', 'PENDING');
  `,
  // 11, saved cards at checkout: a payment link alone no longer shows or charges the customer's
  // saved cards. A browser asks for a one-time code sent to the customer and proves it holds
  // it; the row is that browser's session, found by the hash of its cookie. The code is kept
  // only as an HMAC keyed by the cookie, and cleared once used or burnt.
  `
  CREATE TABLE checkout_verifications (
    session_hash TEXT PRIMARY KEY,
    payment_request_id TEXT NOT NULL,
    customer_id TEXT NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
    recipient TEXT NOT NULL,
    code_hash TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    code_expires_at INTEGER NOT NULL,
    verified_until INTEGER,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX checkout_verifications_request
    ON checkout_verifications(payment_request_id, created_at);
  `,
  // 12, Agent Pay: only the human approves a contract. A contract names its approver (an e-mail
  // address or a phone number); approving on the authorization page needs the one-time code
  // sent there. One code per authorization link at a time, kept as a salted SHA-256 hash;
  // `failures` counts wrong codes across every code of that link, and `sends` the codes sent.
  `
  ALTER TABLE contracts ADD COLUMN approver_email TEXT;
  ALTER TABLE contracts ADD COLUMN approver_phone TEXT;
  CREATE TABLE contract_approval_codes (
    auth_token TEXT PRIMARY KEY,
    contract_id TEXT NOT NULL REFERENCES contracts(id),
    code_salt TEXT,
    code_hash TEXT,
    code_expires_at INTEGER,
    failures INTEGER NOT NULL DEFAULT 0,
    sends INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX contract_approval_codes_contract ON contract_approval_codes(contract_id);
  `,
  // 13, webhooks: every attempt of a delivery, not only the last (the delivery row keeps the
  //     summary). `at` is when the attempt was sent, by its environment's clock; `error` is the
  //     dispatcher's fixed words (null for an HTTP answer); `tamper` marks a sandbox test
  //     delivery sent deliberately forged (a wrong signature, or a stale timestamp).
  `
  CREATE TABLE webhook_delivery_attempts (
    delivery_id TEXT NOT NULL,
    attempt INTEGER NOT NULL,
    at INTEGER NOT NULL,
    status_code INTEGER,
    error TEXT,
    duration_ms INTEGER NOT NULL,
    PRIMARY KEY (delivery_id, attempt)
  ) WITHOUT ROWID;
  ALTER TABLE webhook_deliveries ADD COLUMN tamper TEXT CHECK (tamper IN ('signature', 'timestamp'));
  `,
  // 14, webhooks: a delivery being sent is claimed until this real time (ms), so that no other
  //     sender (another instance on a shared database, or a second wake of this one) sends it
  //     too; an instance that dies mid-delivery leaves it to the others once the claim lapses.
  `
  ALTER TABLE webhook_deliveries ADD COLUMN claimed_until INTEGER;
  `,
  // 15, brute-force limits kept in the database, for instances that share one (PostgreSQL; one
  //     process keeps them in memory): a token bucket per client address and kind of credential,
  //     `at` in wall-clock ms, `recent` the JSON list of the last wrong secrets' hashes.
  `
  CREATE TABLE failure_buckets (
    bucket TEXT PRIMARY KEY,
    tokens REAL NOT NULL,
    at INTEGER NOT NULL,
    recent TEXT NOT NULL
  );
  `,
  // 16, the basket kept with its payment (process-payment and process-remote-payment
  //     `lineItems`), in the order given, for the status read and every receipt. `line_count` on
  //     the request spares the reads of a payment without lines a second statement.
  `
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
  // 17, access secrets a merchant manages itself (GET/POST/DELETE /api/merchant/secrets): an id
  //     to name one by (secrets made before get a random one), the last four characters to tell
  //     them apart (unknown for those: only their hash was kept), and when each was last used
  //     (written at most once a minute per secret: http/auth.ts).
  `
  ALTER TABLE access_secrets ADD COLUMN id TEXT;
  ALTER TABLE access_secrets ADD COLUMN last_four TEXT;
  ALTER TABLE access_secrets ADD COLUMN last_used_at INTEGER;
  UPDATE access_secrets SET id = lower(hex(randomblob(16))) WHERE id IS NULL;
  CREATE UNIQUE INDEX access_secrets_id ON access_secrets(id);
  CREATE INDEX access_secrets_merchant ON access_secrets(merchant_id, created_at);
  `,
  // 18, Agent Pay, a contract's end: valid_to is limits.validTo in ms (read as EXPIRED once the
  //     contract's environment clock passes it, and swept by it); revoked_at/revoked_by say who
  //     revoked it (BUSINESS or APPROVER); revoke_token_hash is the SHA-256 of the human's revoke
  //     link, sent to them when the contract became ACTIVE. receipt_keys holds the ES256 key that
  //     signs payment receipts, made once per database (generation 1; the JWKS lists every one).
  `
  ALTER TABLE contracts ADD COLUMN valid_to INTEGER;
  ALTER TABLE contracts ADD COLUMN revoked_at INTEGER;
  ALTER TABLE contracts ADD COLUMN revoked_by TEXT CHECK (revoked_by IN ('BUSINESS', 'APPROVER'));
  ALTER TABLE contracts ADD COLUMN revoke_token_hash TEXT;
  UPDATE contracts SET valid_to =
    CAST(ROUND((julianday(json_extract(limits, '$.validTo')) - 2440587.5) * 86400000) AS INTEGER);
  CREATE INDEX contracts_valid_to ON contracts(valid_to)
    WHERE status IN ('ACTIVE', 'PENDING_AUTHORIZATION');
  CREATE UNIQUE INDEX contracts_revoke_token ON contracts(revoke_token_hash);
  CREATE TABLE receipt_keys (
    generation INTEGER PRIMARY KEY,
    kid TEXT NOT NULL UNIQUE,
    private_key_pem TEXT NOT NULL,
    public_jwk TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  `,
  // 19, the merchant profile and settings: what receipts and payment pages say
  //     about the shop (the primary store's address becomes the merchant's, as pages showed it),
  //     the default lifetime of a payment that names none, and the logo, kept apart from the
  //     merchant row that every new payment reads.
  `
  ALTER TABLE merchants ADD COLUMN address TEXT;
  ALTER TABLE merchants ADD COLUMN company_number TEXT;
  ALTER TABLE merchants ADD COLUMN vat_number TEXT;
  ALTER TABLE merchants ADD COLUMN support_email TEXT;
  ALTER TABLE merchants ADD COLUMN support_phone TEXT;
  ALTER TABLE merchants ADD COLUMN default_expiry_seconds INTEGER NOT NULL DEFAULT 180;
  UPDATE merchants SET address = (SELECT s.address FROM stores s
    WHERE s.merchant_id = merchants.id AND s.is_primary = 1 ORDER BY s.created_at LIMIT 1);
  CREATE TABLE merchant_logos (
    merchant_id TEXT PRIMARY KEY REFERENCES merchants(id),
    content_type TEXT NOT NULL CHECK (content_type IN ('image/png', 'image/svg+xml')),
    data TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  );
  `,
  // 20, stores a merchant manages (POST/PATCH /api/stores): archived_at is when the store was
  //     archived (NULL while open); an archived store's terminals take no new payments. The
  //     completed transactions and refunds by time, for each store's takings (GET /api/stores/takings).
  `
  ALTER TABLE stores ADD COLUMN archived_at INTEGER;
  CREATE INDEX stores_merchant ON stores(merchant_id, created_at);
  CREATE INDEX transactions_completed ON transactions(updated_at) WHERE status = 'COMPLETED';
  CREATE INDEX refunds_completed ON refunds(merchant_id, environment, updated_at)
    WHERE status = 'COMPLETED';
  `,
  // 21, a terminal's stream lease: until when (real time) an instance holds its push stream,
  //     so that instances sharing a database answer `online` alike (terminals/model.ts).
  `
  ALTER TABLE terminals ADD COLUMN streaming_until INTEGER;
  `,
  // 22, a sandbox clock per merchant: how far each merchant moved its own sandbox clock ahead of
  //     real time (kernel/clock.ts); a merchant without a row runs on real time. The one offset
  //     every merchant shared until now becomes each existing merchant's own, so no sandbox
  //     clock goes back.
  `
  CREATE TABLE sandbox_clocks (
    merchant_id TEXT PRIMARY KEY REFERENCES merchants(id),
    offset_ms INTEGER NOT NULL
  );
  INSERT INTO sandbox_clocks (merchant_id, offset_ms)
    SELECT m.id, CAST(meta.value AS INTEGER) FROM merchants m JOIN meta ON meta.key = 'clock_offset_ms'
    WHERE CAST(meta.value AS INTEGER) <> 0;
  DELETE FROM meta WHERE key = 'clock_offset_ms';
  `,
  // 23, Agent Pay: who approves is the service's choice, never the agent's. agent_approvers is
  //     each merchant's own list of approvers per environment (e-mail addresses lower-cased, phone
  //     numbers with their +); agent_approver_codes the one pending code that confirms a change
  //     adding approvers, for the list whose digest it holds. On an authorization link, the code
  //     row remembers where its code was sent (the human chose) and the browser session that
  //     typed a right code (its SHA-256), in which a COLLECT customer then sees their cards.
  `
  CREATE TABLE agent_approvers (
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    environment TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    channel TEXT NOT NULL CHECK (channel IN ('EMAIL', 'SMS')),
    address TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (merchant_id, environment, address)
  );
  CREATE TABLE agent_approver_codes (
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    environment TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    list_digest TEXT,
    code_salt TEXT,
    code_hash TEXT,
    code_expires_at INTEGER,
    failures INTEGER NOT NULL DEFAULT 0,
    sends INTEGER NOT NULL DEFAULT 0,
    window_started_at INTEGER NOT NULL,
    PRIMARY KEY (merchant_id, environment)
  );
  ALTER TABLE contract_approval_codes ADD COLUMN sent_channel TEXT;
  ALTER TABLE contract_approval_codes ADD COLUMN sent_to TEXT;
  ALTER TABLE contract_approval_codes ADD COLUMN session_hash TEXT;
  ALTER TABLE contract_approval_codes ADD COLUMN session_until INTEGER;
  `,
  // 24, each environment's own shop: a sandbox secret changes the sandbox's copy of the profile,
  //     settings, logo and stores, never production's (docs/security.md). sandbox_profiles and
  //     sandbox_logos are the sandbox's profile and settings and its logo, made from production's at
  //     the sandbox's first change (until then the sandbox shows production's); sandbox_stores the
  //     sandbox's name, address and archiving of a production store, made likewise. A store's
  //     environment is the one that added it: a sandbox store is the sandbox's alone, and every
  //     store there was is production's.
  `
  ALTER TABLE stores ADD COLUMN environment TEXT NOT NULL DEFAULT 'production'
    CHECK (environment IN ('sandbox', 'production'));
  CREATE TABLE sandbox_stores (
    store_id TEXT PRIMARY KEY REFERENCES stores(id),
    name TEXT NOT NULL,
    address TEXT,
    archived_at INTEGER
  );
  CREATE TABLE sandbox_profiles (
    merchant_id TEXT PRIMARY KEY REFERENCES merchants(id),
    name TEXT NOT NULL,
    address TEXT,
    company_number TEXT,
    vat_number TEXT,
    support_email TEXT,
    support_phone TEXT,
    card_enabled INTEGER NOT NULL,
    remote_enabled INTEGER NOT NULL,
    tips_enabled INTEGER NOT NULL,
    default_expiry_seconds INTEGER NOT NULL
  );
  CREATE TABLE sandbox_logos (
    merchant_id TEXT PRIMARY KEY REFERENCES merchants(id),
    content_type TEXT NOT NULL CHECK (content_type IN ('image/png', 'image/svg+xml')),
    data TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  );
  `,
  // 25, logos are PNG only (docs/security.md, "The merchant's logo"): an SVG is drawn into a PNG
  //     at upload and never served. Stored SVG logos move to svg_logos_to_convert, which the
  //     service draws into PNGs at start (merchants/logo-convert.ts); both logo tables are made
  //     again with a CHECK that holds them to image/png.
  `
  CREATE TABLE svg_logos_to_convert (
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    environment TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    data TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (merchant_id, environment)
  );
  INSERT INTO svg_logos_to_convert (merchant_id, environment, data, updated_at)
    SELECT merchant_id, 'production', data, updated_at FROM merchant_logos
    WHERE content_type <> 'image/png';
  INSERT INTO svg_logos_to_convert (merchant_id, environment, data, updated_at)
    SELECT merchant_id, 'sandbox', data, updated_at FROM sandbox_logos
    WHERE content_type <> 'image/png';
  CREATE TABLE merchant_logos_png (
    merchant_id TEXT PRIMARY KEY REFERENCES merchants(id),
    content_type TEXT NOT NULL CHECK (content_type = 'image/png'),
    data TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  );
  INSERT INTO merchant_logos_png (merchant_id, content_type, data, updated_at)
    SELECT merchant_id, content_type, data, updated_at FROM merchant_logos
    WHERE content_type = 'image/png';
  DROP TABLE merchant_logos;
  ALTER TABLE merchant_logos_png RENAME TO merchant_logos;
  CREATE TABLE sandbox_logos_png (
    merchant_id TEXT PRIMARY KEY REFERENCES merchants(id),
    content_type TEXT NOT NULL CHECK (content_type = 'image/png'),
    data TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  );
  INSERT INTO sandbox_logos_png (merchant_id, content_type, data, updated_at)
    SELECT merchant_id, content_type, data, updated_at FROM sandbox_logos
    WHERE content_type = 'image/png';
  DROP TABLE sandbox_logos;
  ALTER TABLE sandbox_logos_png RENAME TO sandbox_logos;
  `,
];
