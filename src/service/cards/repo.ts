/**
 * The cards area's SQL, in one place: saved cards, card-saving links, checkout's code
 * verifications, the charge's one-statement read, and the shop's name for the pages (the cards
 * held at checkout until 3-D Secure are the hosted page's: hosted/repo.ts).
 * Each factory prepares its statements once, when the module that runs them is built. The cards
 * area writes only its own tables; it reads merchants' and customers' rows.
 */
import { insertionOrder, type Store } from '../kernel/store/port';
import { ofEnvironment, sandboxCopyJoin } from '../merchants';
import type { Chargeable } from './charges';
import type { VerificationRow } from './checkout-verification';
import type { LinkRow } from './links';
import type { SavedCardRow } from './model';

/** Saved cards (model.ts). */
export function savedCardStatements(store: Store) {
  const insert = store.prepare(`
    INSERT INTO saved_cards (id, customer_id, merchant_id, environment, name, type, last4, category,
      card_type, brand, country, expiry_date, metadata, behaviour, created_at)
    VALUES (@id, @customer_id, @merchant_id, @environment, @name, @type, @last4, @category,
      @card_type, @brand, @country, @expiry_date, @metadata, @behaviour, @created_at)`);
  const ofCustomer = store.prepare<[string, number, number], SavedCardRow>(
    `SELECT * FROM saved_cards WHERE customer_id = ?
     ORDER BY created_at, ${insertionOrder(store)} LIMIT ? OFFSET ?`,
  );
  const countOf = store.prepare<[string], { n: number }>(
    'SELECT count(*) AS n FROM saved_cards WHERE customer_id = ?',
  );
  const byId = store.prepare<[string, string], SavedCardRow>(
    'SELECT * FROM saved_cards WHERE id = ? AND customer_id = ?',
  );
  const setMetadata = store.prepare('UPDATE saved_cards SET metadata = ? WHERE id = ?');
  const newestOf = store.prepare<[string, string, string], SavedCardRow>(`
    SELECT * FROM saved_cards WHERE customer_id = ? AND merchant_id = ? AND environment = ?
    ORDER BY created_at DESC, ${insertionOrder(store)} DESC`);
  return { insert, ofCustomer, countOf, byId, setMetadata, newestOf };
}

/** Card-saving links (links.ts). */
export function linkStatements(store: Store) {
  const insert = store.prepare(`
    INSERT INTO card_links (token, customer_id, merchant_id, environment, success_url, failure_url,
      expires_at, created_at)
    VALUES (@token, @customerId, @merchantId, @environment, @successUrl, @failureUrl, @expiresAt, @now)`);
  const byToken = store.prepare<[string], LinkRow>('SELECT * FROM card_links WHERE token = ?');
  const setPending = store.prepare(
    "UPDATE card_links SET pending_card = ? WHERE token = ? AND status = 'OPEN'",
  );
  const finish = store.prepare(`
    UPDATE card_links SET status = @to, card_id = @cardId, used_at = @now, pending_card = NULL
    WHERE token = @token AND status = 'OPEN'`);
  return { insert, byToken, setPending, finish };
}

/** Checkout's code verifications (checkout-verification.ts). */
export function verificationStatements(store: Store) {
  const bySession = store.prepare<[string], VerificationRow>(
    'SELECT * FROM checkout_verifications WHERE session_hash = ?',
  );
  const sentFor = store.prepare<[string], { n: number }>(
    'SELECT count(*) AS n FROM checkout_verifications WHERE payment_request_id = ?',
  );
  const insert = store.prepare(`
    INSERT INTO checkout_verifications (session_hash, payment_request_id, customer_id, recipient,
      code_hash, code_expires_at, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?)`);
  // The row stays (it counts towards MAX_CODES_PER_REQUEST); only its code and session end.
  const close = store.prepare(
    'UPDATE checkout_verifications SET code_hash = NULL, verified_until = NULL WHERE session_hash = ?',
  );
  const wrong = store.prepare(`
    UPDATE checkout_verifications
    SET attempts = attempts + 1,
        code_hash = CASE WHEN attempts + 1 >= @max THEN NULL ELSE code_hash END
    WHERE session_hash = @session AND code_hash = @hash`);
  // Compare-and-set on the code's hash: a code opens a session once.
  const verify = store.prepare(`
    UPDATE checkout_verifications SET code_hash = NULL, verified_until = @until
    WHERE session_hash = @session AND code_hash = @hash`);
  return { bySession, sentFor, insert, close, wrong, verify };
}

/** The charge's read (charges.ts). */
export function chargeableStatement(store: Store) {
  // The merchant's settings, the customer and the card in one statement rather than three: each
  // statement has a fixed cost whatever it reads (docs/benchmarks.md), and a charge needs
  // only these columns. A missing customer or card comes back as NULLs, told apart by the charge. Bound
  // by position and read as an array (raw): better-sqlite3 otherwise looks every parameter up by
  // name and makes every column's name a property, a good part of the read's cost.
  // The settings are the caller's environment's (the sandbox's copy for a sandbox secret).
  const chargeable = store.prepareArrays<
    [
      customerId: string,
      environment: string,
      cardId: string,
      settingsOf: string,
      merchantId: string,
    ],
    Chargeable
  >(
    `
    SELECT ${ofEnvironment('card_enabled')}, ${ofEnvironment('remote_enabled')}, c.id, k.id,
           k.brand, k.last4, k.card_type, k.expiry_date, k.behaviour
    FROM merchants m
    LEFT JOIN customers c ON c.id = ? AND c.merchant_id = m.id AND c.environment = ?
    LEFT JOIN saved_cards k ON k.id = ? AND k.customer_id = c.id
    ${sandboxCopyJoin('?')}
    WHERE m.id = ?`,
  );
  return chargeable;
}

/** The shop's name, as the save-card page shows it (save-card-page.tsx). */
export function shopNameStatement(store: Store) {
  return store.prepare<[string], { name: string }>('SELECT name FROM merchants WHERE id = ?');
}
