/** Creating payment requests: process-payment, and the same for remote payments. */
import { displayLinesInPence } from '../../shared/contract/line-items';
import { DEFAULT_EXPIRES_IN_MS, type ProcessPaymentBody } from '../../shared/contract/payments';
import { overTerminalLimit } from '../../shared/contract/terminals';
import { poundsToPence } from '../../shared/money';
import type { Clock } from '../kernel/clock';
import type { Caller, Environment } from '../kernel/caller';
import { ApiError, badField, storeArchived } from '../kernel/errors';
import type { Store } from '../kernel/store/port';
import { createReadCache } from '../kernel/store/read-cache';
import { createStaffBook, createStoreViews } from '../merchants';
import type { PaymentStatus } from '../../shared/payment-states';
import type { Method, RequestOptions, RequestRow } from './model';
import { newId } from '../kernel/ids';
import { createBatcher, writeAllOrEach } from '../kernel/store/batcher';
import {
  createCreatorStatements,
  type EnvironmentSettings,
  type MerchantRow,
  type NewConsumer,
  type NewRow,
} from './repo/create';

export type { MerchantRow } from './repo/create';

export interface NewRequest {
  body: ProcessPaymentBody;
  terminalId?: string | null;
  /**
   * What the caller has already read in this request (a saved-card charge reads the merchant
   * and the customer before it gets here), so that it is not read twice.
   */
  known?: { merchant: MerchantRow; customerId: string };
  /** A cash sale (cash.ts): the request offers CASH alone, which no merchant setting turns off. */
  cash?: boolean;
}

/** The request's own expiry, else the merchant's default, else the service's. */
function expiresInMs(asked: number | undefined, merchantDefaultSeconds: number | undefined) {
  if (asked !== undefined) return asked;
  return merchantDefaultSeconds !== undefined
    ? merchantDefaultSeconds * 1000
    : DEFAULT_EXPIRES_IN_MS;
}

export function createPaymentCreator(store: Store, clock: Clock) {
  const { readSettings, primaryStoreOf, customer, terminalLimit, insertAll, insertConsumer } =
    createCreatorStatements(store);
  // Every new payment reads its merchant's settings, which change only through PATCH
  // /api/merchant (`merchantChanged`; on a shared database the store announces it): kept, even
  // when read inside the group commit's transaction, which never writes a merchant.
  const settings = createReadCache<EnvironmentSettings>(store, 'merchant', {
    inTransactions: true,
  });
  const merchant = {
    // A kept value is answered as it is: no promise on the hot path.
    get(id: string, environment: Environment) {
      const kept = settings.get(id);
      if (kept) return kept[environment];
      return settings.read(id, () => readSettings(id)).then((read) => read?.[environment]);
    },
  };
  const storeOf = createStoreViews(store).openOrArchived;
  const staffBook = createStaffBook(store);
  // A merchant's primary store is committed with the merchant (bootstrap) and never changes,
  // goes or is archived, so it is read once, even inside a transaction.
  const primaryStores = new Map<string, string>();
  async function primaryStore(merchantId: string): Promise<string> {
    let id = primaryStores.get(merchantId);
    if (id === undefined)
      primaryStores.set(merchantId, (id = (await primaryStoreOf.get(merchantId))!.id));
    return id;
  }
  // The requests asked for in one turn of the event loop, outside any transaction, are written
  // by one INSERT: on PostgreSQL one round trip for the batch, where a transaction would take a
  // BEGIN, an INSERT each and a COMMIT (docs/benchmarks.md). One batch at a time: those asked
  // for while it is on its way go in the next, so under load batches grow rather than multiply.
  const insertBatched = createBatcher<NewRow, void>((rows) => writeAllOrEach(rows, insertAll), {
    inFlight: 1,
  });

  /** Validates what only the service can know; returns the row to insert. */
  async function prepare(caller: Caller, { body, terminalId = null, known, cash }: NewRequest) {
    const m = known?.merchant ?? (await merchant.get(caller.merchantId, caller.environment));
    if (!m) throw new ApiError(401, 'Unknown merchant');
    const enabled: Method[] = m.card_enabled ? ['PAY_BY_BANK', 'CARD'] : ['PAY_BY_BANK'];

    const primary = await primaryStore(caller.merchantId);
    let storeId = body.storeId ?? primary;
    if (caller.kind === 'terminal') {
      if (body.storeId && body.storeId !== caller.storeId)
        throw badField('storeId', "must be the terminal's own store");
      storeId = caller.storeId;
    }
    // Any store but the primary may be archived (PATCH /api/stores/{id}): read now, never
    // remembered, so archiving stops the store's terminals at their next payment.
    if (storeId !== primary) {
      const named = await storeOf(storeId, caller.merchantId, caller.environment);
      if (!named) throw badField('storeId', 'is not a store of this merchant');
      if (named.archived_at !== null) throw storeArchived(named.name);
    }

    // A terminal's largest payment holds for every payment bound to it: started at the counter
    // (its own secret) or pushed from the dashboard.
    const amount = poundsToPence(body.amount);
    const limit =
      terminalId === null ? undefined : (await terminalLimit.get(terminalId))?.max_amount_pence;
    if (limit !== undefined && amount > limit) {
      const message = overTerminalLimit(amount, limit);
      throw new ApiError(400, message, [{ field: 'amount', message }]);
    }

    const methods: Method[] = cash ? ['CASH'] : (body.paymentMethod ?? enabled);
    const disabled = cash ? undefined : methods.find((method) => !enabled.includes(method));
    if (disabled) throw badField('paymentMethod', `${disabled} is not enabled for this merchant`);
    if (body.savePaymentMethod && !m.card_enabled)
      throw badField('savePaymentMethod', 'requires card payments, which are not enabled');
    if (
      body.serviceCustomerId &&
      body.serviceCustomerId !== known?.customerId &&
      !(await customer.get(body.serviceCustomerId, caller.merchantId, caller.environment))
    )
      throw badField('serviceCustomerId', 'does not match a customer of this business');

    // A tip the customer already chose is refused rather than dropped when tips are off.
    if (body.tipAmount !== undefined && body.tipAmount > 0 && m.tips_enabled !== 1)
      throw badField('tipAmount', "cannot be taken: tips are off in the merchant's settings");
    const options: RequestOptions = {
      enableTips: body.enableTips && m.tips_enabled === 1,
      ...(body.tipAmount === undefined ? {} : { chosenTipPence: poundsToPence(body.tipAmount) }),
      allowRetry: body.allowRetry,
      splitBill: body.splitBill,
      autoRedirect: body.autoRedirect,
      redirectUrl: body.redirectUrl,
      callbackParams: body.callbackParams,
      savePaymentMethod: body.savePaymentMethod,
      serviceCustomerId: body.serviceCustomerId,
      consumerDetails: body.consumerDetails,
      // A terminal names its own store's staff only; a merchant secret any of its stores'.
      staff: body.staff
        ? await staffBook.takenBy(caller, caller.kind === 'terminal' ? storeId : null, body.staff)
        : undefined,
    };
    const id = newId();
    const now = clock.now(caller.environment, caller.merchantId);
    return {
      id,
      merchantId: caller.merchantId,
      environment: caller.environment,
      storeId,
      terminalId,
      customerRef: body.customerId,
      orderId: body.orderId,
      amount,
      methods: JSON.stringify(methods),
      options: JSON.stringify(options),
      notes: body.notes ?? null,
      metadata: JSON.stringify(body.metadata ?? {}),
      template: body.template ?? 'EXTERNAL_DISPLAY',
      expiresAt: now + expiresInMs(body.expiresIn, m.default_expiry_seconds),
      now,
      status: 'PAYMENT_NOT_INITIATED' as PaymentStatus,
      // The contract has checked that they add up to the amount.
      lines: displayLinesInPence(body.lineItems ?? []),
    };
  }

  /**
   * Stores the request: inside the caller's transaction if there is one, else with the other
   * requests of this moment. Resolves once it is committed (or its transaction will commit it).
   */
  async function create(caller: Caller, request: NewRequest): Promise<string> {
    const row = await prepare(caller, request);
    await (store.inTransaction ? insertAll([row]) : insertBatched(row));
    return row.id;
  }

  /**
   * Stores a request whose customer is already paying (a saved-card charge): it starts at its
   * first attempt's status, and the row is returned so the lifecycle need not read it back.
   * Call inside the transaction that records the attempt (lifecycle.startFirstAttempt).
   */
  async function createPaying(
    caller: Caller,
    request: NewRequest,
    status: PaymentStatus,
  ): Promise<RequestRow> {
    const row = { ...(await prepare(caller, request)), status };
    await insertAll([row]);
    return {
      id: row.id,
      merchant_id: row.merchantId,
      environment: row.environment,
      store_id: row.storeId,
      terminal_id: row.terminalId,
      customer_ref: row.customerRef,
      order_id: row.orderId,
      amount_pence: row.amount,
      currency: 'GBP',
      status,
      payment_method: null,
      tip_pence: 0,
      paid_pence: 0,
      refunded_pence: 0,
      allowed_methods: row.methods,
      options: row.options,
      notes: row.notes,
      metadata: row.metadata,
      template: row.template,
      error_description: null,
      expires_at: row.expiresAt,
      created_at: row.now,
      updated_at: row.now,
      line_count: row.lines.length,
    };
  }

  return {
    create,
    createPaying,
    /** Keeps the customer a remote payment names; call it in the transaction creating it. */
    addConsumer: async (consumer: NewConsumer): Promise<void> => {
      await insertConsumer.run(consumer);
    },
    /** Call after changing a merchant's settings (in either environment). */
    merchantChanged: (merchantId: string) => settings.changed(merchantId),
  };
}
export type PaymentCreator = ReturnType<typeof createPaymentCreator>;
