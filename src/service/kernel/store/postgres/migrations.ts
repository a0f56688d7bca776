/**
 * The service database's numbered migrations on PostgreSQL, numbered apart from SQLite's
 * (`../migrations.ts`): a PostgreSQL database starts at the schema SQLite reached after all of
 * its migrations, so its first migration is their sum. Each runs once, in a transaction under
 * the migration lock (`migrate.ts`); never edit one that has shipped, add the next, and when
 * SQLite gets a migration, add its PostgreSQL twin here (the schema test compares the two).
 *
 * Same tables, columns, names and meaning as SQLite's; the types are chosen so rows read back as
 * SQLite's do: INTEGER is BIGINT (read as a JS number: ms timestamps, pence, 0/1 flags), TEXT is
 * TEXT, REAL is DOUBLE PRECISION, BLOB is BYTEA.
 *
 * What SQLite does its own way:
 * - events.seq (INTEGER PRIMARY KEY AUTOINCREMENT) is an identity column; like AUTOINCREMENT it
 *   never hands out a number twice, even after the newest events are deleted.
 * - customers_fts (an FTS5 trigram table kept by triggers) is a pg_trgm GIN index over the same
 *   three columns, which serves `ILIKE '%text%'` (`src/service/customers/search.ts`).
 * - Triggers are PL/pgSQL functions.
 */
export const postgresMigrations: readonly string[] = [
  // 1: everything SQLite's migrations 1 to 13 made.
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

  CREATE TABLE merchants (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    card_enabled BIGINT NOT NULL DEFAULT 1,
    remote_enabled BIGINT NOT NULL DEFAULT 1,
    tips_enabled BIGINT NOT NULL DEFAULT 1,
    created_at BIGINT NOT NULL
  );

  -- Secrets are stored as SHA-256 hashes; the plain secret is shown once.
  CREATE TABLE access_secrets (
    hash TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    environment TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    kind TEXT NOT NULL CHECK (kind IN ('merchant', 'terminal')),
    terminal_id TEXT,
    created_at BIGINT NOT NULL,
    revoked_at BIGINT
  );

  CREATE TABLE stores (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    name TEXT NOT NULL,
    is_primary BIGINT NOT NULL DEFAULT 0,
    address TEXT,
    created_at BIGINT NOT NULL
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
    created_at BIGINT NOT NULL
  );
  -- Emails are unique per merchant and environment whatever their case.
  CREATE UNIQUE INDEX customers_email_nocase ON customers(merchant_id, environment, lower(email))
    WHERE email IS NOT NULL;
  CREATE INDEX customers_page ON customers(merchant_id, environment, created_at);
  CREATE INDEX customers_phone ON customers(merchant_id, environment, phone_number)
    WHERE phone_number IS NOT NULL;

  -- Substring search over name, email and phone number (SQLite: the customers_fts trigram
  -- table). pg_trgm is a trusted extension: a database owner may create it.
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX customers_search ON customers USING gin (
    full_name gin_trgm_ops, email gin_trgm_ops, phone_number gin_trgm_ops
  );

  CREATE TABLE terminals (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    environment TEXT NOT NULL,
    store_id TEXT NOT NULL REFERENCES stores(id),
    name TEXT NOT NULL,
    remote_enabled BIGINT NOT NULL DEFAULT 1,
    fcm_token TEXT,
    -- Set once the terminal has opened its push stream or registered an FCM token.
    push_registered BIGINT NOT NULL DEFAULT 0,
    last_seen_at BIGINT,
    created_at BIGINT NOT NULL,
    deleted_at BIGINT,
    -- Each terminal's largest payment, in pence (default £10,000.00).
    max_amount_pence BIGINT NOT NULL DEFAULT 1000000
  );

  CREATE TABLE pairing_codes (
    code TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    store_id TEXT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
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
    created_at BIGINT NOT NULL
  );

  CREATE TABLE payment_requests (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    store_id TEXT NOT NULL,
    terminal_id TEXT,
    customer_ref TEXT NOT NULL,
    order_id TEXT NOT NULL,
    amount_pence BIGINT NOT NULL,
    currency TEXT NOT NULL DEFAULT 'GBP',
    status TEXT NOT NULL,
    payment_method TEXT,
    tip_pence BIGINT NOT NULL DEFAULT 0,
    paid_pence BIGINT NOT NULL DEFAULT 0,
    allowed_methods TEXT NOT NULL,
    options TEXT NOT NULL,
    notes TEXT,
    metadata TEXT NOT NULL DEFAULT '{}',
    template TEXT NOT NULL,
    error_description TEXT,
    expires_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    -- Kept in step with the COMPLETED refunds in the same transaction, so a status read is one row.
    refunded_pence BIGINT NOT NULL DEFAULT 0
  );
  CREATE INDEX payment_requests_merchant ON payment_requests(merchant_id, environment, created_at);
  CREATE INDEX payment_requests_open ON payment_requests(expires_at)
    WHERE status IN ('PAYMENT_NOT_INITIATED', 'AWAITING_AUTHORIZATION', 'FAILED');

  CREATE TABLE transactions (
    id TEXT PRIMARY KEY,
    payment_request_id TEXT NOT NULL REFERENCES payment_requests(id),
    method TEXT NOT NULL,
    status TEXT NOT NULL,
    amount_pence BIGINT NOT NULL,
    tip_pence BIGINT NOT NULL DEFAULT 0,
    error_description TEXT,
    bank_name TEXT,
    card_brand TEXT,
    card_last4 TEXT,
    card_type TEXT,
    capture_type TEXT,
    -- When the sandbox card network answers a PENDING card transaction.
    settle_at BIGINT,
    settle_outcome TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    -- A saved-card charge: the card used, and when its authorization expires (and, for
    -- CAPTURE_BEFORE_EXPIRY, when it is captured by itself).
    card_id TEXT,
    auth_expires_at BIGINT,
    auto_capture_at BIGINT,
    capture_outcome TEXT
  );
  CREATE INDEX transactions_request ON transactions(payment_request_id, created_at);
  CREATE INDEX transactions_settle ON transactions(settle_at) WHERE status = 'PENDING';
  -- Completed pay-by-bank attempts by completion time: their credits and reconciliation.
  CREATE INDEX transactions_pay_by_bank_completed ON transactions(updated_at)
    WHERE method = 'PAY_BY_BANK' AND status = 'COMPLETED';
  CREATE INDEX transactions_authorized ON transactions(auth_expires_at) WHERE status = 'AUTHORIZED';

  -- The outbox: every event is written in the same transaction as the change it reports. Only
  -- terminals' streams read by terminal_id; nothing looks an event up by id.
  CREATE TABLE events (
    seq BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    id TEXT NOT NULL,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    type TEXT NOT NULL,
    payment_request_id TEXT,
    terminal_id TEXT,
    body TEXT NOT NULL,
    created_at BIGINT NOT NULL
  );
  CREATE INDEX events_terminal ON events(terminal_id, seq) WHERE terminal_id IS NOT NULL;

  CREATE TABLE webhook_subscriptions (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    url TEXT NOT NULL,
    event_types TEXT NOT NULL,
    secret TEXT NOT NULL,
    description TEXT,
    created_at BIGINT NOT NULL,
    deleted_at BIGINT
  );

  CREATE TABLE webhook_deliveries (
    id TEXT PRIMARY KEY,
    subscription_id TEXT NOT NULL REFERENCES webhook_subscriptions(id),
    event_id TEXT NOT NULL,
    event_type TEXT NOT NULL,
    body TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('PENDING', 'DELIVERED', 'FAILED')),
    attempts BIGINT NOT NULL DEFAULT 0,
    next_attempt_at BIGINT,
    last_status_code BIGINT,
    last_error TEXT,
    created_at BIGINT NOT NULL,
    delivered_at BIGINT,
    -- A sandbox test delivery sent deliberately forged.
    tamper TEXT CHECK (tamper IN ('signature', 'timestamp'))
  );
  CREATE INDEX webhook_deliveries_due ON webhook_deliveries(next_attempt_at) WHERE status = 'PENDING';
  CREATE INDEX webhook_deliveries_subscription ON webhook_deliveries(subscription_id, created_at);

  -- Every attempt of a delivery; \`at\` is when it was sent, by its environment's clock.
  CREATE TABLE webhook_delivery_attempts (
    delivery_id TEXT NOT NULL,
    attempt BIGINT NOT NULL,
    at BIGINT NOT NULL,
    status_code BIGINT,
    error TEXT,
    duration_ms BIGINT NOT NULL,
    PRIMARY KEY (delivery_id, attempt)
  );

  -- Bank feed: hosted links, consents, accounts, their transactions, the used cursors.
  CREATE TABLE bank_links (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    redirect_url TEXT NOT NULL,
    stage TEXT NOT NULL CHECK (stage IN ('CHOOSE', 'SIGN_IN', 'CONSENT', 'DONE')),
    bank TEXT,
    consent_id TEXT,
    expires_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL
  );

  CREATE TABLE bank_consents (
    id TEXT PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    bank TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    revoked_at BIGINT
  );
  CREATE INDEX bank_consents_merchant ON bank_consents(merchant_id, environment, created_at);

  -- generated_until: every transaction dated up to it is stored; later ones are appended in
  -- date order, so the running balance is always computed at the tail.
  CREATE TABLE bank_accounts (
    id TEXT PRIMARY KEY,
    consent_id TEXT NOT NULL REFERENCES bank_consents(id),
    position BIGINT NOT NULL,
    profile TEXT NOT NULL,
    account_number TEXT NOT NULL,
    sort_code TEXT NOT NULL,
    per_day BIGINT NOT NULL,
    history_from BIGINT NOT NULL,
    generated_until BIGINT NOT NULL,
    balance_pence BIGINT NOT NULL,
    settles_since BIGINT
  );
  CREATE INDEX bank_accounts_consent ON bank_accounts(consent_id, position);

  CREATE TABLE bank_transactions (
    account_id TEXT NOT NULL,
    date_ms BIGINT NOT NULL,
    id TEXT NOT NULL,
    type TEXT NOT NULL CHECK (type IN ('CREDIT', 'DEBIT')),
    amount_pence BIGINT NOT NULL,
    currency TEXT NOT NULL,
    description TEXT NOT NULL,
    reference TEXT NOT NULL,
    merchant_name TEXT,
    category TEXT NOT NULL,
    payer TEXT,
    payee TEXT,
    balance_pence BIGINT NOT NULL,
    book_at BIGINT NOT NULL,
    payment_tx_id TEXT,
    PRIMARY KEY (account_id, date_ms, id)
  );
  CREATE UNIQUE INDEX bank_transactions_payment ON bank_transactions(payment_tx_id)
    WHERE payment_tx_id IS NOT NULL;

  CREATE TABLE bank_cursor_uses (nonce TEXT PRIMARY KEY, expires_at BIGINT NOT NULL);
  CREATE INDEX bank_cursor_uses_expiry ON bank_cursor_uses(expires_at);

  -- Refunds of payment requests.
  CREATE TABLE refunds (
    id TEXT PRIMARY KEY,
    payment_request_id TEXT NOT NULL REFERENCES payment_requests(id) ON DELETE CASCADE,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    status TEXT NOT NULL
      CHECK (status IN ('INITIATED', 'PENDING', 'COMPLETED', 'FAILED', 'CANCELLED')),
    refund_type TEXT NOT NULL CHECK (refund_type IN ('PARTIAL', 'FULL')),
    amount_pence BIGINT NOT NULL CHECK (amount_pence > 0),
    -- The amount paid (tips included) when the refund was made, as the record reports it.
    paid_pence BIGINT NOT NULL,
    currency TEXT NOT NULL,
    -- The completed transaction refunded (the record's paymentIdempotencyId).
    payment_transaction_id TEXT NOT NULL,
    notes TEXT,
    -- NULL when no metadata was supplied: the record then has no metadata field.
    metadata TEXT,
    -- When the sandbox bank moves the refund on by itself (service clock); NULL once final.
    due_at BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
  );
  CREATE INDEX refunds_request ON refunds(payment_request_id, created_at);
  CREATE INDEX refunds_due ON refunds(due_at) WHERE due_at IS NOT NULL;
  CREATE INDEX refunds_open ON refunds(payment_request_id) WHERE status IN ('INITIATED', 'PENDING');

  -- Idempotency keys: status NULL is a reservation whose handler has not finished.
  CREATE TABLE idempotency_keys (
    scope TEXT NOT NULL,
    key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    status BIGINT,
    body TEXT,
    boot TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (scope, key)
  );
  CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);

  -- Agent Pay: agent identities, the nonces of signed requests, spending contracts with their
  -- authorization links, and the payments made under them.
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
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
  );
  CREATE UNIQUE INDEX agents_key ON agents(merchant_id, environment, key_thumbprint);
  CREATE INDEX agents_merchant ON agents(merchant_id, environment, created_at);

  CREATE TABLE agent_nonces (
    scope TEXT NOT NULL,
    nonce TEXT NOT NULL,
    expires_at BIGINT NOT NULL,
    PRIMARY KEY (scope, nonce)
  );
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
    terms_version BIGINT,
    pending_limits TEXT,
    pending_requested_at BIGINT,
    -- The secret of the current authorization link (creation or pending update) and its expiry.
    auth_token TEXT UNIQUE,
    auth_expires_at BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    -- Who approves the contract (one-time code sent there).
    approver_email TEXT,
    approver_phone TEXT
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
    amount_pence BIGINT NOT NULL,
    currency TEXT NOT NULL,
    payee TEXT,
    reference TEXT,
    order_id TEXT,
    payment_request_id TEXT,
    settle_at BIGINT,
    settle_outcome TEXT,
    error_description TEXT,
    created_at BIGINT NOT NULL,
    settled_at BIGINT
  );
  CREATE INDEX contract_payments_usage ON contract_payments(contract_id, created_at);
  CREATE INDEX contract_payments_due ON contract_payments(settle_at) WHERE status = 'PENDING';
  CREATE INDEX contract_payments_settled_sends
    ON contract_payments(merchant_id, environment, settled_at)
    WHERE type = 'SEND' AND status = 'COMPLETED';

  -- One code per authorization link at a time, kept as a salted SHA-256 hash.
  CREATE TABLE contract_approval_codes (
    auth_token TEXT PRIMARY KEY,
    contract_id TEXT NOT NULL REFERENCES contracts(id),
    code_salt TEXT,
    code_hash TEXT,
    code_expires_at BIGINT,
    failures BIGINT NOT NULL DEFAULT 0,
    sends BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
  );
  CREATE INDEX contract_approval_codes_contract ON contract_approval_codes(contract_id);

  -- metadata[key]=value filters: one row per pair, beside the JSON the API returns.
  CREATE TABLE customer_metadata (
    customer_id TEXT NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    -- The customer's, copied so a filter pages newest first from this index alone.
    created_at BIGINT NOT NULL,
    PRIMARY KEY (customer_id, key)
  );
  CREATE INDEX customer_metadata_filter
    ON customer_metadata(merchant_id, environment, key, value, created_at);

  -- totalCount of an unfiltered list without counting every row, kept by triggers.
  CREATE TABLE customer_counts (
    merchant_id TEXT NOT NULL,
    environment TEXT NOT NULL,
    n BIGINT NOT NULL,
    PRIMARY KEY (merchant_id, environment)
  );
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
    created_at BIGINT NOT NULL
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
    expires_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    used_at BIGINT
  );

  -- A card typed at checkout with savePaymentMethod, waiting for its 3DS challenge to end.
  CREATE TABLE checkout_card_saves (
    transaction_id TEXT PRIMARY KEY,
    customer_id TEXT NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
    card TEXT NOT NULL,
    card_id TEXT,
    created_at BIGINT NOT NULL
  );

  -- A browser's session proving it holds a one-time code sent to the customer.
  CREATE TABLE checkout_verifications (
    session_hash TEXT PRIMARY KEY,
    payment_request_id TEXT NOT NULL,
    customer_id TEXT NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
    recipient TEXT NOT NULL,
    code_hash TEXT,
    attempts BIGINT NOT NULL DEFAULT 0,
    code_expires_at BIGINT NOT NULL,
    verified_until BIGINT,
    created_at BIGINT NOT NULL
  );
  CREATE INDEX checkout_verifications_request
    ON checkout_verifications(payment_request_id, created_at);

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
    attempts BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    sent_at BIGINT
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
    created_at BIGINT NOT NULL
  );
  CREATE INDEX terminal_lookups_terminal ON terminal_lookups(terminal_id, created_at);
  CREATE INDEX terminal_lookups_merchant ON terminal_lookups(merchant_id, environment, created_at);
  `,
  // 2: SQLite's 14 (webhook delivery claims).
  `
  ALTER TABLE webhook_deliveries ADD COLUMN claimed_until BIGINT;
  `,
  // 3: SQLite's 15 (brute-force limits shared by the instances).
  `
  CREATE TABLE failure_buckets (
    bucket TEXT PRIMARY KEY,
    tokens DOUBLE PRECISION NOT NULL,
    at BIGINT NOT NULL,
    recent TEXT NOT NULL
  );
  `,
  // 4: PostgreSQL only: the database announces its own changes, so no writer can forget to.
  // counter_announce NOTIFYs counter_changes with 'topic' or 'topic:key' (TG_ARGV: topic, key
  // column) when the transaction commits: each instance's caches forget what another changed
  // (read-cache.ts). The events table's triggers make writers of events take turns (the lock is
  // taken before any row gets its seq, so seq order is commit order) and wake every instance's
  // feed (outbox.ts).
  `
  CREATE FUNCTION counter_announce() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_LEVEL = 'STATEMENT' THEN
      PERFORM pg_notify('counter_changes', TG_ARGV[0]);
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM pg_notify('counter_changes', TG_ARGV[0] || ':' || (to_jsonb(OLD) ->> TG_ARGV[1]));
    ELSE
      PERFORM pg_notify('counter_changes', TG_ARGV[0] || ':' || (to_jsonb(NEW) ->> TG_ARGV[1]));
    END IF;
    RETURN NULL;
  END $$;

  CREATE TRIGGER payment_requests_changed AFTER UPDATE ON payment_requests
    FOR EACH ROW EXECUTE FUNCTION counter_announce('payment', 'id');
  CREATE TRIGGER payment_requests_deleted AFTER DELETE ON payment_requests
    FOR EACH STATEMENT EXECUTE FUNCTION counter_announce('payment');
  CREATE TRIGGER transactions_changed AFTER INSERT OR UPDATE ON transactions
    FOR EACH ROW EXECUTE FUNCTION counter_announce('payment', 'payment_request_id');
  CREATE TRIGGER transactions_deleted AFTER DELETE ON transactions
    FOR EACH STATEMENT EXECUTE FUNCTION counter_announce('payment');
  CREATE TRIGGER access_secrets_changed
    AFTER UPDATE OF hash, revoked_at, kind, merchant_id, environment, terminal_id OR DELETE
    ON access_secrets FOR EACH STATEMENT EXECUTE FUNCTION counter_announce('caller');
  CREATE TRIGGER terminals_moved AFTER UPDATE OF store_id OR DELETE ON terminals
    FOR EACH STATEMENT EXECUTE FUNCTION counter_announce('caller');
  CREATE TRIGGER webhook_subscriptions_changed AFTER INSERT OR UPDATE OR DELETE
    ON webhook_subscriptions FOR EACH STATEMENT EXECUTE FUNCTION counter_announce('webhook_subscriptions');

  CREATE FUNCTION events_take_turn() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_advisory_xact_lock(hashtext('counter:events'));
    RETURN NULL;
  END $$;
  CREATE TRIGGER events_take_turn BEFORE INSERT ON events
    FOR EACH STATEMENT EXECUTE FUNCTION events_take_turn();
  CREATE FUNCTION events_stored() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('counter_events', NULL);
    RETURN NULL;
  END $$;
  CREATE TRIGGER events_stored AFTER INSERT ON events
    FOR EACH STATEMENT EXECUTE FUNCTION events_stored();
  `,
  // 5: SQLite's 16 (the basket kept with its payment).
  `
  CREATE TABLE payment_line_items (
    payment_request_id TEXT NOT NULL REFERENCES payment_requests(id),
    position BIGINT NOT NULL,
    description TEXT NOT NULL,
    quantity BIGINT NOT NULL,
    unit_pence BIGINT NOT NULL,
    PRIMARY KEY (payment_request_id, position)
  );
  ALTER TABLE payment_requests ADD COLUMN line_count BIGINT NOT NULL DEFAULT 0;
  `,
  // 6: SQLite's 17 (access secrets' ids, last four characters and last use).
  `
  ALTER TABLE access_secrets ADD COLUMN id TEXT;
  ALTER TABLE access_secrets ADD COLUMN last_four TEXT;
  ALTER TABLE access_secrets ADD COLUMN last_used_at BIGINT;
  UPDATE access_secrets SET id = md5(random()::text || hash) WHERE id IS NULL;
  CREATE UNIQUE INDEX access_secrets_id ON access_secrets(id);
  CREATE INDEX access_secrets_merchant ON access_secrets(merchant_id, created_at);
  `,
  // 7: SQLite's 18 (a contract's end: valid_to, revocation; the receipt signing key).
  `
  ALTER TABLE contracts ADD COLUMN valid_to BIGINT;
  ALTER TABLE contracts ADD COLUMN revoked_at BIGINT;
  ALTER TABLE contracts ADD COLUMN revoked_by TEXT CHECK (revoked_by IN ('BUSINESS', 'APPROVER'));
  ALTER TABLE contracts ADD COLUMN revoke_token_hash TEXT;
  UPDATE contracts SET valid_to =
    (EXTRACT(EPOCH FROM ((limits::jsonb ->> 'validTo')::timestamptz)) * 1000)::bigint;
  CREATE INDEX contracts_valid_to ON contracts(valid_to)
    WHERE status IN ('ACTIVE', 'PENDING_AUTHORIZATION');
  CREATE UNIQUE INDEX contracts_revoke_token ON contracts(revoke_token_hash);
  CREATE TABLE receipt_keys (
    generation BIGINT PRIMARY KEY,
    kid TEXT NOT NULL UNIQUE,
    private_key_pem TEXT NOT NULL,
    public_jwk TEXT NOT NULL,
    created_at BIGINT NOT NULL
  );
  `,
  // 8: SQLite's 19 (the merchant profile and settings).
  `
  ALTER TABLE merchants ADD COLUMN address TEXT;
  ALTER TABLE merchants ADD COLUMN company_number TEXT;
  ALTER TABLE merchants ADD COLUMN vat_number TEXT;
  ALTER TABLE merchants ADD COLUMN support_email TEXT;
  ALTER TABLE merchants ADD COLUMN support_phone TEXT;
  ALTER TABLE merchants ADD COLUMN default_expiry_seconds BIGINT NOT NULL DEFAULT 180;
  UPDATE merchants SET address = (SELECT s.address FROM stores s
    WHERE s.merchant_id = merchants.id AND s.is_primary = 1 ORDER BY s.created_at LIMIT 1);
  CREATE TABLE merchant_logos (
    merchant_id TEXT PRIMARY KEY REFERENCES merchants(id),
    content_type TEXT NOT NULL CHECK (content_type IN ('image/png', 'image/svg+xml')),
    data TEXT NOT NULL,
    updated_at BIGINT NOT NULL
  );
  `,
  // 9: PostgreSQL only: a merchant's settings, kept by every new payment's creator, are announced
  // when they change (see 4).
  `
  CREATE TRIGGER merchants_changed AFTER UPDATE ON merchants
    FOR EACH ROW EXECUTE FUNCTION counter_announce('merchant', 'id');
  `,
  // 10: SQLite's 20 (stores a merchant manages: archived_at).
  `
  ALTER TABLE stores ADD COLUMN archived_at BIGINT;
  CREATE INDEX stores_merchant ON stores(merchant_id, created_at);
  CREATE INDEX transactions_completed ON transactions(updated_at) WHERE status = 'COMPLETED';
  CREATE INDEX refunds_completed ON refunds(merchant_id, environment, updated_at)
    WHERE status = 'COMPLETED';
  `,
  // 11: SQLite's 21 (a terminal's stream lease).
  `
  ALTER TABLE terminals ADD COLUMN streaming_until BIGINT;
  `,
  // 12: SQLite's 22 (a sandbox clock per merchant).
  `
  CREATE TABLE sandbox_clocks (
    merchant_id TEXT PRIMARY KEY REFERENCES merchants(id),
    offset_ms BIGINT NOT NULL
  );
  INSERT INTO sandbox_clocks (merchant_id, offset_ms)
    SELECT m.id, CAST(meta.value AS BIGINT) FROM merchants m JOIN meta ON meta.key = 'clock_offset_ms'
    WHERE CAST(meta.value AS BIGINT) <> 0;
  DELETE FROM meta WHERE key = 'clock_offset_ms';
  `,
  // 13: SQLite's 23 (Agent Pay approvers per merchant; where a link's code went, its session).
  `
  CREATE TABLE agent_approvers (
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    environment TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    channel TEXT NOT NULL CHECK (channel IN ('EMAIL', 'SMS')),
    address TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (merchant_id, environment, address)
  );
  CREATE TABLE agent_approver_codes (
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    environment TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    list_digest TEXT,
    code_salt TEXT,
    code_hash TEXT,
    code_expires_at BIGINT,
    failures BIGINT NOT NULL DEFAULT 0,
    sends BIGINT NOT NULL DEFAULT 0,
    window_started_at BIGINT NOT NULL,
    PRIMARY KEY (merchant_id, environment)
  );
  ALTER TABLE contract_approval_codes ADD COLUMN sent_channel TEXT;
  ALTER TABLE contract_approval_codes ADD COLUMN sent_to TEXT;
  ALTER TABLE contract_approval_codes ADD COLUMN session_hash TEXT;
  ALTER TABLE contract_approval_codes ADD COLUMN session_until BIGINT;
  `,
  // 14: PostgreSQL only: a new receipt signing key (a rotation, by any instance or by
  // `receipt-key rotate`) is announced, so every instance signs with it at once (see 4).
  `
  CREATE TRIGGER receipt_keys_changed AFTER INSERT OR UPDATE OR DELETE ON receipt_keys
    FOR EACH STATEMENT EXECUTE FUNCTION counter_announce('receipt_keys');
  `,
  // 15: SQLite's 24 (each environment's own shop: the sandbox's copy of the profile, settings,
  // logo and stores; a store's environment). The sandbox's settings are kept by every new
  // payment's creator with production's, under the merchant's key: announced as 9 does.
  `
  ALTER TABLE stores ADD COLUMN environment TEXT NOT NULL DEFAULT 'production'
    CHECK (environment IN ('sandbox', 'production'));
  CREATE TABLE sandbox_stores (
    store_id TEXT PRIMARY KEY REFERENCES stores(id),
    name TEXT NOT NULL,
    address TEXT,
    archived_at BIGINT
  );
  CREATE TABLE sandbox_profiles (
    merchant_id TEXT PRIMARY KEY REFERENCES merchants(id),
    name TEXT NOT NULL,
    address TEXT,
    company_number TEXT,
    vat_number TEXT,
    support_email TEXT,
    support_phone TEXT,
    card_enabled BIGINT NOT NULL,
    remote_enabled BIGINT NOT NULL,
    tips_enabled BIGINT NOT NULL,
    default_expiry_seconds BIGINT NOT NULL
  );
  CREATE TABLE sandbox_logos (
    merchant_id TEXT PRIMARY KEY REFERENCES merchants(id),
    content_type TEXT NOT NULL CHECK (content_type IN ('image/png', 'image/svg+xml')),
    data TEXT NOT NULL,
    updated_at BIGINT NOT NULL
  );
  CREATE TRIGGER sandbox_profiles_changed AFTER INSERT OR UPDATE ON sandbox_profiles
    FOR EACH ROW EXECUTE FUNCTION counter_announce('merchant', 'merchant_id');
  `,
  // 16: SQLite's 25 (logos are PNG only; stored SVG logos wait in svg_logos_to_convert).
  `
  CREATE TABLE svg_logos_to_convert (
    merchant_id TEXT NOT NULL REFERENCES merchants(id),
    environment TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
    data TEXT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (merchant_id, environment)
  );
  INSERT INTO svg_logos_to_convert (merchant_id, environment, data, updated_at)
    SELECT merchant_id, 'production', data, updated_at FROM merchant_logos
    WHERE content_type <> 'image/png';
  INSERT INTO svg_logos_to_convert (merchant_id, environment, data, updated_at)
    SELECT merchant_id, 'sandbox', data, updated_at FROM sandbox_logos
    WHERE content_type <> 'image/png';
  DELETE FROM merchant_logos WHERE content_type <> 'image/png';
  DELETE FROM sandbox_logos WHERE content_type <> 'image/png';
  ALTER TABLE merchant_logos DROP CONSTRAINT merchant_logos_content_type_check;
  ALTER TABLE merchant_logos ADD CONSTRAINT merchant_logos_content_type_check
    CHECK (content_type = 'image/png');
  ALTER TABLE sandbox_logos DROP CONSTRAINT sandbox_logos_content_type_check;
  ALTER TABLE sandbox_logos ADD CONSTRAINT sandbox_logos_content_type_check
    CHECK (content_type = 'image/png');
  `,
];
