/**
 * The creator's SQL (create.ts): the merchant's settings in both environments, its primary store,
 * the customer and terminal a new payment names, and the requests' and baskets' inserts.
 * Prepared once, when the creator is made.
 */
import type { BasketLine } from '../../../shared/basket';
import type { PaymentStatus } from '../../../shared/payment-states';
import type { Environment } from '../../kernel/caller';
import type { Store } from '../../kernel/store/port';
import { insertMany } from '../../kernel/store/insert-many';

/**
 * The merchant's settings a new payment is made under (PATCH /api/merchant), in the payment's
 * environment (the sandbox has its own copy: merchants/profile.ts). They are copied into the
 * payment as it is created (its methods, its tips option, its expiry), so a later change applies
 * to new payments only, never to one already in flight.
 */
export interface MerchantRow {
  card_enabled: number;
  remote_enabled: number;
  /** Absent where the caller read no more than the above: its payments take no tip. */
  tips_enabled?: number;
  /** Absent where the caller always gives expiresIn. */
  default_expiry_seconds?: number;
}

export type EnvironmentSettings = Record<Environment, Required<MerchantRow>>;

/** A new request as create.ts's prepare makes it, ready to insert. */
export interface NewRow {
  id: string;
  merchantId: string;
  environment: Environment;
  storeId: string;
  terminalId: string | null;
  customerRef: string;
  orderId: string;
  amount: number;
  methods: string;
  options: string;
  notes: string | null;
  metadata: string;
  template: string;
  expiresAt: number;
  now: number;
  status: PaymentStatus;
  lines: BasketLine[];
}

/** The customer a remote payment names, as the consumers table keeps it. */
export interface NewConsumer {
  id: string;
  merchantId: string;
  environment: Environment;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  code: string | null;
  number: string | null;
  now: number;
}

export function createCreatorStatements(store: Store) {
  // Both environments' settings in one read, kept under the merchant's id, which is what a
  // change of either announces.
  const merchantRows = store.prepare<[string, string], { sandbox: number } & Required<MerchantRow>>(
    `SELECT 0 AS sandbox, card_enabled, remote_enabled, tips_enabled, default_expiry_seconds
     FROM merchants WHERE id = ?
     UNION ALL
     SELECT 1, card_enabled, remote_enabled, tips_enabled, default_expiry_seconds
     FROM sandbox_profiles WHERE merchant_id = ?`,
  );
  async function readSettings(id: string): Promise<EnvironmentSettings | undefined> {
    const rows = await merchantRows.all(id, id);
    const production = rows.find((row) => row.sandbox === 0);
    if (!production) return undefined;
    const settingsOf = (row: Required<MerchantRow>): Required<MerchantRow> => ({
      card_enabled: row.card_enabled,
      remote_enabled: row.remote_enabled,
      tips_enabled: row.tips_enabled,
      default_expiry_seconds: row.default_expiry_seconds,
    });
    const copy = rows.find((row) => row.sandbox === 1);
    // The sandbox runs on production's settings until it changes its own copy.
    return { production: settingsOf(production), sandbox: settingsOf(copy ?? production) };
  }
  const primaryStoreOf = store.prepare<[string], { id: string }>(
    'SELECT id FROM stores WHERE merchant_id = ? AND is_primary = 1',
  );
  const customer = store.prepare<[string, string, string], { id: string }>(
    'SELECT id FROM customers WHERE id = ? AND merchant_id = ? AND environment = ?',
  );
  const terminalLimit = store.prepare<[string], { max_amount_pence: number }>(
    'SELECT max_amount_pence FROM terminals WHERE id = ?',
  );
  // Positional, as the lifecycle's insertTx (repo/lifecycle.ts): every payment request and saved-card charge writes
  // these columns.
  const insertRequests = insertMany(store, 'payment_requests', [
    'id',
    'merchant_id',
    'environment',
    'store_id',
    'terminal_id',
    'customer_ref',
    'order_id',
    'amount_pence',
    'status',
    'allowed_methods',
    'options',
    'notes',
    'metadata',
    'template',
    'expires_at',
    'created_at',
    'updated_at',
    'line_count',
  ]);
  const insertLines = insertMany(store, 'payment_line_items', [
    'payment_request_id',
    'position',
    'description',
    'quantity',
    'unit_pence',
  ]);
  /** A new request's values in the order of insertRequests' columns. */
  const values = (r: NewRow) => [
    r.id,
    r.merchantId,
    r.environment,
    r.storeId,
    r.terminalId,
    r.customerRef,
    r.orderId,
    r.amount,
    r.status,
    r.methods,
    r.options,
    r.notes,
    r.metadata,
    r.template,
    r.expiresAt,
    r.now,
    r.now,
    r.lines.length,
  ];

  /**
   * Requests and their baskets, all or none: a basket is written only with its request, in one
   * transaction (the caller's, a savepoint of it, or its own).
   */
  async function insertAll(rows: NewRow[]): Promise<void> {
    const lines = rows.flatMap((row) =>
      row.lines.map((line, position) => [
        row.id,
        position,
        line.description,
        line.quantity,
        line.unitPence,
      ]),
    );
    if (lines.length === 0) return insertRequests(rows.map(values));
    await store.tx(async () => {
      await insertRequests(rows.map(values));
      await insertLines(lines);
    });
  }

  // The customer a remote payment names (its consumerDetails), kept beside its request.
  const insertConsumer = store.prepare<NewConsumer>(`
    INSERT INTO consumers (id, merchant_id, environment, first_name, last_name, email,
      phone_country_code, phone_number, created_at)
    VALUES (@id, @merchantId, @environment, @firstName, @lastName, @email, @code, @number, @now)`);

  return { readSettings, primaryStoreOf, customer, terminalLimit, insertAll, insertConsumer };
}
