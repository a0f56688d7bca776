/**
 * Every status change of a payment request: attempts by bank or card, their outcomes, cancel,
 * expiry and the sandbox card network's settlement. Each change is a compare-and-set on the
 * current status, checked against the shared state machine, and writes its event to the outbox
 * in the same transaction (docs/payment-states.md).
 */
import { formatPence, penceToPounds } from '../../shared/money';
import { OPEN_STATUSES, canMove, type PaymentStatus } from '../../shared/payment-states';
import type { Clock, Sweep } from '../kernel/clock';
import { sweepQuery } from '../kernel/sweep';
import type { EmitInput, Outbox } from '../kernel/events/outbox';
import { ApiError, badField, badRequest, notFound } from '../kernel/errors';
import type { Environment } from '../kernel/caller';
import { insertionOrder, type Store } from '../kernel/store/port';
import {
  allowedMethodsOf,
  metadataOf,
  optionsOf,
  type Method,
  type PaymentReader,
  type RequestRow,
  type TransactionRow,
} from './model';
import { newId } from '../kernel/ids';

const DECLINED = 'The payment was declined';

/** How long the sandbox card network takes to answer a submitted card payment. */
export const CARD_SETTLE_MS = 400;

export interface AttemptInput {
  method: Method;
  tipPence?: number;
  /** Split bill: this payer's share; otherwise the whole outstanding amount. */
  sharePence?: number;
  bankName?: string;
  card?: { brand: string; last4: string; type: string };
  /** The first status of the attempt's transaction. */
  status: 'AWAITING_AUTHORIZATION' | 'PENDING';
  /** For PENDING card attempts: what the card network will answer, and why if it fails. */
  settle?: { outcome: 'COMPLETED' | 'FAILED' | 'AUTHORIZED'; errorDescription?: string };
  /** A card authorization to capture later (saved-card charges, sandbox simulate). */
  authorization?: Authorization;
}

/** How a card authorization ends: captured by hand, by itself before expiry, or released. */
export interface Authorization {
  captureType: 'AUTO_CAPTURE' | 'MANUAL_CAPTURE' | 'CAPTURE_BEFORE_EXPIRY';
  cardId?: string;
  expiresAt?: number;
  autoCaptureAt?: number;
  /** FAILED: the issuer refuses the capture (a test card), with this reason. */
  captureOutcome?: { outcome: 'FAILED'; errorDescription: string };
}

/** What settling a card transaction needs of it. */
type DueTx = Pick<
  TransactionRow,
  | 'id'
  | 'payment_request_id'
  | 'status'
  | 'method'
  | 'amount_pence'
  | 'tip_pence'
  | 'error_description'
  | 'settle_outcome'
>;

export function createLifecycle(store: Store, clock: Clock, outbox: Outbox, reader: PaymentReader) {
  const casRequest = store.prepare(`
    UPDATE payment_requests
    SET status = @to, payment_method = COALESCE(@method, payment_method),
        error_description = @error, paid_pence = @paid, tip_pence = @tip, updated_at = @now
    WHERE id = @id AND status = @from`);
  // Positional: binding by name costs better-sqlite3 a property lookup per parameter, and this
  // insert runs in every payment attempt (docs/benchmarks.md).
  const insertTx = store.prepare<ReturnType<typeof txValues>>(`
    INSERT INTO transactions (id, payment_request_id, method, status, amount_pence, tip_pence,
      bank_name, card_brand, card_last4, card_type, capture_type, settle_at, settle_outcome,
      error_description, card_id, auth_expires_at, auto_capture_at, capture_outcome,
      created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  /** An attempt's values in the order of insertTx's columns. */
  const txValues = (t: ReturnType<typeof attemptRow>) => [
    t.id,
    t.requestId,
    t.method,
    t.status,
    t.amount,
    t.tip,
    t.bankName,
    t.brand,
    t.last4,
    t.cardType,
    t.captureType,
    t.settleAt,
    t.settleOutcome,
    t.error,
    t.cardId,
    t.authExpiresAt,
    t.autoCaptureAt,
    t.captureOutcome,
    t.now,
    t.now,
  ];
  const casTx = store.prepare(`
    UPDATE transactions SET status = @to, error_description = @error, settle_at = @settleAt, updated_at = @now
    WHERE id = @id AND status = @from`);
  const casPaid = store.prepare(`
    UPDATE payment_requests SET paid_pence = @paid, tip_pence = @tip, updated_at = @now
    WHERE id = @id AND status = 'AWAITING_AUTHORIZATION'`);
  const openTxs = store.prepare<[string], TransactionRow>(`
    SELECT * FROM transactions WHERE payment_request_id = ? AND status IN ('AWAITING_AUTHORIZATION', 'PENDING')`);
  // The sweeps below each run once per pass of clock.sweeps(), with that pass's now.
  const dueExpiries = sweepQuery<[number, Environment], RequestRow>(
    store,
    (only) => `
    SELECT * FROM payment_requests
    WHERE status IN ('PAYMENT_NOT_INITIATED', 'AWAITING_AUTHORIZATION', 'FAILED') AND expires_at <= ?
      AND environment = ? ${only('merchant_id')}`,
  );
  // Only what the settlement uses: it reads every transaction due at a tick. A transaction's
  // environment and merchant are its request's.
  const dueSettlements = sweepQuery<[number, Environment], DueTx>(
    store,
    (only) => `
    SELECT t.id, t.payment_request_id, t.status, t.method, t.amount_pence, t.tip_pence,
      t.error_description, t.settle_outcome
    FROM transactions t JOIN payment_requests p ON p.id = t.payment_request_id
    WHERE t.status = 'PENDING' AND t.settle_at IS NOT NULL AND t.settle_at <= ?
      AND p.environment = ? ${only('p.merchant_id')}`,
  );
  const dueRequests = sweepQuery<[Environment, number], RequestRow>(
    store,
    (only) => `
    SELECT * FROM payment_requests WHERE environment = ? ${only('merchant_id')} AND id IN (
      SELECT payment_request_id FROM transactions
      WHERE status = 'PENDING' AND settle_at IS NOT NULL AND settle_at <= ?)`,
  );

  /** The events of the request's arrival at its status: PAYMENTS_STATUS, and for a terminal's
   * payment POS_PAYMENT_STATUS. */
  function statusEvents(row: RequestRow): EmitInput[] {
    const expired = row.status === 'EXPIRED';
    const data = {
      paymentRequestId: row.id,
      terminalId: row.terminal_id,
      orderId: row.order_id,
      status: row.status,
      amount: penceToPounds(row.amount_pence),
      paidAmount: penceToPounds(row.paid_pence),
      tipAmount: penceToPounds(row.tip_pence),
      currency: row.currency,
      paymentMethod: row.payment_method,
      ...(row.error_description ? { errorDescription: row.error_description } : {}),
      metadata: metadataOf(row),
    };
    const base = {
      merchantId: row.merchant_id,
      environment: row.environment,
      paymentRequestId: row.id,
      terminalId: row.terminal_id,
    };
    const events: EmitInput[] = [
      { ...base, type: expired ? 'EXPIRED_STATUS' : 'PAYMENTS_STATUS', data },
    ];
    if (row.terminal_id)
      events.push({
        ...base,
        type: 'POS_PAYMENT_STATUS',
        data: {
          ...data,
          type: expired ? 'EXPIRED_STATUS' : 'PAYMENTS_STATUS',
          customFields: [
            { fieldName: 'terminalId', value: row.terminal_id },
            { fieldName: 'orderId', value: row.order_id },
          ],
        },
      });
    return events;
  }

  async function statusEvent(row: RequestRow) {
    for (const event of statusEvents(row)) await outbox.emit(event);
  }

  /** Compare-and-set of the request's status; emits the change's events. */
  type Patch = { method?: Method; error?: string | null; paid?: number; tip?: number };

  /** The request as it is once moved to `to` (checked against the state machine). */
  function moved(row: RequestRow, to: PaymentStatus, patch: Patch, now: number): RequestRow {
    if (!canMove(row.status, to))
      throw badRequest(`The payment request is ${row.status} and cannot become ${to}`);
    return {
      ...row,
      status: to,
      payment_method: patch.method ?? row.payment_method,
      error_description: patch.error === undefined ? row.error_description : patch.error,
      paid_pence: patch.paid ?? row.paid_pence,
      tip_pence: patch.tip ?? row.tip_pence,
      updated_at: now,
    };
  }

  /**
   * How a card or bank answer moves a whole request (not a split bill's share): `error` is the
   * attempt's failure reason, null unless FAILED.
   */
  function answered(
    tx: DueTx,
    row: RequestRow,
    outcome: 'FAILED' | 'AUTHORIZED' | 'COMPLETED',
    error: string | null,
  ): Patch {
    if (outcome === 'FAILED') return { error };
    if (outcome === 'AUTHORIZED') return { method: tx.method, error: null };
    return {
      method: tx.method,
      paid: row.paid_pence + tx.amount_pence + tx.tip_pence,
      tip: row.tip_pence + tx.tip_pence,
      error: null,
    };
  }

  async function move(row: RequestRow, to: PaymentStatus, patch: Patch = {}): Promise<RequestRow> {
    const next = moved(row, to, patch, clock.now(row.environment, row.merchant_id));
    reader.invalidate(row.id);
    const changed = (
      await casRequest.run({
        id: row.id,
        from: row.status,
        to,
        method: patch.method ?? null,
        error: next.error_description,
        paid: next.paid_pence,
        tip: next.tip_pence,
        now: next.updated_at,
      })
    ).changes;
    if (changed === 0) throw badRequest('The payment request changed meanwhile; read it again');
    await statusEvent(next);
    return next;
  }

  async function closeOpenAttempts(row: RequestRow, to: PaymentStatus, why: string) {
    reader.invalidate(row.id);
    const now = clock.now(row.environment, row.merchant_id);
    for (const tx of await openTxs.all(row.id))
      await casTx.run({ id: tx.id, from: tx.status, to, error: why, settleAt: null, now });
  }

  async function requireRequest(id: string): Promise<RequestRow> {
    const row = await reader.get(id);
    if (!row) throw notFound('No payment request with this id');
    return row;
  }

  /** Expires the request now if its time has passed; true when it did. */
  async function expireIfDue(row: RequestRow): Promise<boolean> {
    if (
      !OPEN_STATUSES.includes(row.status) ||
      row.expires_at > clock.now(row.environment, row.merchant_id)
    )
      return false;
    await outbox.tx(async () => {
      await closeOpenAttempts(row, 'FAILED', 'The payment request expired');
      await move(row, 'EXPIRED');
    });
    return true;
  }

  /** The transaction row of a new attempt. */
  function attemptRow(request: RequestRow, input: AttemptInput, amount: number, tip: number) {
    const now = clock.now(request.environment, request.merchant_id);
    return {
      id: newId(),
      requestId: request.id,
      method: input.method,
      status: input.status,
      amount,
      tip,
      bankName: input.bankName ?? null,
      brand: input.card?.brand ?? null,
      last4: input.card?.last4 ?? null,
      cardType: input.card?.type ?? null,
      captureType:
        input.method === 'CARD' ? (input.authorization?.captureType ?? 'AUTO_CAPTURE') : null,
      cardId: input.authorization?.cardId ?? null,
      authExpiresAt: input.authorization?.expiresAt ?? null,
      autoCaptureAt: input.authorization?.autoCaptureAt ?? null,
      captureOutcome: input.authorization?.captureOutcome
        ? JSON.stringify(input.authorization.captureOutcome)
        : null,
      settleAt: input.status === 'PENDING' ? now + CARD_SETTLE_MS : null,
      settleOutcome: input.settle?.outcome ?? null,
      error: input.settle?.errorDescription ?? null,
      now,
    };
  }

  /**
   * The first attempt of a request created already paying (payments/create.ts createPaying, for
   * saved-card charges): nothing to check or close, so no read; the request's arrival at the
   * attempt's status is its first status change and gets its event. Call inside outbox.tx with
   * the request's insert.
   */
  async function startFirstAttempt(row: RequestRow, input: AttemptInput): Promise<void> {
    if (row.status !== input.status)
      throw new Error(`a request created ${row.status} cannot start a ${input.status} attempt`);
    await insertTx.run(...txValues(attemptRow(row, input, row.amount_pence, input.tipPence ?? 0)));
    await statusEvent(row);
  }

  /** The customer starts paying: a new transaction, the request follows its status. */
  async function startAttempt(requestId: string, input: AttemptInput): Promise<TransactionRow> {
    return outbox.tx(async () => {
      const row = await requireRequest(requestId);
      if (await expireIfDue(row)) throw badRequest('The payment request has expired');
      const options = optionsOf(row);
      if (row.status === 'FAILED' && !options.allowRetry)
        throw badRequest('The payment failed and this request does not allow another try');
      if (!OPEN_STATUSES.includes(row.status))
        throw badRequest(`The payment request is already ${row.status}`);
      if (!allowedMethodsOf(row).includes(input.method))
        throw badRequest(`${input.method} is not offered for this payment request`);
      const tip = input.tipPence ?? 0;
      if (tip < 0) throw badRequest('The tip cannot be negative');
      // The merchant's tips setting was applied when the request was made (payments/create.ts).
      if (tip > 0 && !options.enableTips)
        throw badRequest('Tips are not enabled for this payment request');
      const outstanding = row.amount_pence - (row.paid_pence - row.tip_pence);
      const amount =
        options.splitBill && input.sharePence !== undefined
          ? Math.min(Math.max(input.sharePence, 1), outstanding)
          : outstanding;
      // Every way a tip arrives (the hosted page's forms, a saved card, the sandbox's simulate)
      // starts here, so the cap holds for all of them: at most what this attempt pays.
      if (tip > amount)
        throw badField(
          'tipAmount',
          `must be at most ${formatPence(amount, row.currency)}, the amount being paid`,
        );
      if ((await openTxs.all(row.id)).some((t) => t.status === 'PENDING'))
        throw badRequest('A card payment is being processed; wait for its outcome');
      await closeOpenAttempts(row, 'FAILED', 'Replaced by a new attempt');
      const tx = attemptRow(row, input, amount, tip);
      reader.invalidate(row.id);
      await insertTx.run(...txValues(tx));
      // A split bill stays AWAITING_AUTHORIZATION while its shares are paid one by one; each
      // share's own progress is on its transaction.
      const next = options.splitBill ? 'AWAITING_AUTHORIZATION' : input.status;
      // PENDING: the card is with the network, so the method is settled and the event says so.
      const method = next === 'PENDING' ? { method: input.method } : {};
      if (row.status !== next) await move(row, next, { error: null, ...method });
      return (await reader.transaction(tx.id))!;
    });
  }

  type Outcome = 'COMPLETED' | 'FAILED' | 'AUTHORIZED' | 'PENDING';

  /** An attempt's outcome: the bank's answer, the card network's, or a 3DS challenge's. */
  async function finishAttempt(
    txId: string,
    outcome: Outcome,
    errorDescription?: string,
  ): Promise<RequestRow> {
    return outbox.tx(async () => {
      const tx = await reader.transaction(txId);
      if (!tx) throw notFound('No such payment attempt');
      return await finish(
        tx,
        await requireRequest(tx.payment_request_id),
        outcome,
        errorDescription,
      );
    });
  }

  /** finishAttempt with the attempt and its request already read; call inside outbox.tx. */
  async function finish(
    tx: DueTx,
    row: RequestRow,
    outcome: Outcome,
    errorDescription?: string,
  ): Promise<RequestRow> {
    if (tx.status !== 'AWAITING_AUTHORIZATION' && tx.status !== 'PENDING')
      throw badRequest(`This payment attempt is already ${tx.status}`);
    const now = clock.now(row.environment, row.merchant_id);
    const error = outcome === 'FAILED' ? (errorDescription ?? DECLINED) : null;
    reader.invalidate(row.id);
    const changed = (
      await casTx.run({
        id: tx.id,
        from: tx.status,
        to: outcome,
        error: error ?? tx.error_description,
        settleAt: outcome === 'PENDING' ? now + CARD_SETTLE_MS : null,
        now,
      })
    ).changes;
    if (changed === 0) throw badRequest('The payment attempt changed meanwhile; read it again');
    const split = optionsOf(row).splitBill;
    switch (outcome) {
      case 'PENDING':
        if (split) return row;
        return row.status === 'PENDING' ? row : await move(row, 'PENDING', { method: tx.method });
      case 'FAILED':
        // One payer's failed share leaves the bill open for another try.
        if (split && row.status === 'AWAITING_AUTHORIZATION') return row;
        return await move(row, 'FAILED', answered(tx, row, outcome, error));
      case 'AUTHORIZED':
        return await move(row, 'AUTHORIZED', answered(tx, row, outcome, null));
      case 'COMPLETED': {
        const patch = answered(tx, row, outcome, null);
        const { paid = 0, tip = 0 } = patch;
        if (paid - tip >= row.amount_pence) return await move(row, 'COMPLETED', patch);
        // A share of a split bill: the request waits for the rest, and says how much is paid.
        const changed = (await casPaid.run({ id: row.id, paid, tip, now })).changes;
        if (changed === 0) throw badRequest('The payment request changed meanwhile; read it again');
        const next = await requireRequest(row.id);
        await statusEvent(next);
        return next;
      }
    }
  }

  /** POST /api/payment-request/cancel: allowed while nothing has been paid. */
  async function cancel(row: RequestRow): Promise<RequestRow> {
    if (await expireIfDue(row)) throw badRequest('The payment request has already expired');
    if (!OPEN_STATUSES.includes(row.status) || row.paid_pence > 0)
      throw badRequest(`The payment request has already been processed (${row.status})`);
    return outbox.tx(async () => {
      await closeOpenAttempts(row, 'CANCELLED', 'The payment request was cancelled');
      return await move(row, 'CANCELLED', { error: null });
    });
  }

  /** Expires every open request whose time has come in its environment. Returns how many. */
  async function expireDue(): Promise<number> {
    let count = 0;
    for (const sweep of clock.sweeps())
      for (const row of await dueExpiries(sweep, sweep.now, sweep.environment))
        if (await expireIfDue(row)) count++;
    return count;
  }

  /** What the sandbox card network answers for a PENDING card transaction. */
  const networkAnswer = (tx: DueTx) =>
    tx.settle_outcome === 'FAILED' || tx.settle_outcome === 'AUTHORIZED'
      ? tx.settle_outcome
      : 'COMPLETED';

  // Answers for many payments in one statement per table (rows as JSON arrays), where one each
  // was two updates and an event per payment: under a stream of saved-card charges the
  // settlement was a large part of a charge's cost, most of it in statements (docs/benchmarks.md).
  // The rows of a JSON array: SQLite's json_each names each element `value`; PostgreSQL's
  // jsonb_array_elements is given the same name, and its numbers are cast to the columns' type.
  const rowsOf =
    store.dialect === 'sqlite' ? 'json_each(@batch)' : 'jsonb_array_elements(@batch::jsonb)';
  const int = (expr: string) => (store.dialect === 'sqlite' ? expr : `(${expr})::bigint`);
  const settleTxs = store.prepare<{ batch: string; now: number }>(`
    UPDATE transactions SET status = j.value ->> 1, error_description = j.value ->> 2,
      settle_at = NULL, updated_at = @now
    FROM ${rowsOf} AS j${store.dialect === 'sqlite' ? '' : '(value)'}
    WHERE transactions.id = j.value ->> 0 AND transactions.status = 'PENDING'`);
  const settleRequests = store.prepare<{ batch: string; now: number }>(`
    UPDATE payment_requests SET status = j.value ->> 1,
      payment_method = COALESCE(j.value ->> 2, payment_method), error_description = j.value ->> 3,
      paid_pence = ${int('j.value ->> 4')}, tip_pence = ${int('j.value ->> 5')}, updated_at = @now
    FROM ${rowsOf} AS j${store.dialect === 'sqlite' ? '' : '(value)'}
    WHERE payment_requests.id = j.value ->> 0 AND payment_requests.status = 'PENDING'`);

  /**
   * Whether `finish` would move the whole request with the attempt: a PENDING request paid in
   * one go (not a split bill's share, which leaves the bill open).
   */
  function settlesWhole(tx: DueTx, row: RequestRow | undefined): row is RequestRow {
    if (row?.status !== 'PENDING' || tx.status !== 'PENDING' || optionsOf(row).splitBill)
      return false;
    return (
      networkAnswer(tx) !== 'COMPLETED' ||
      tx.amount_pence >= row.amount_pence - row.paid_pence + row.tip_pence
    );
  }

  /**
   * `finish` with the network's answer for many whole requests at once (see settlesWhole), all
   * of one environment, whose time is `now`.
   */
  async function settleTogether(
    batch: { tx: DueTx; row: RequestRow }[],
    now: number,
  ): Promise<void> {
    if (batch.length === 0) return;
    const txChanges: unknown[] = [];
    const requestChanges: unknown[] = [];
    const events: EmitInput[] = [];
    for (const { tx, row } of batch) {
      const outcome = networkAnswer(tx);
      const error = outcome === 'FAILED' ? (tx.error_description ?? DECLINED) : null;
      const next = moved(row, outcome, answered(tx, row, outcome, error), now);
      reader.invalidate(row.id);
      txChanges.push([tx.id, outcome, error ?? tx.error_description]);
      requestChanges.push([
        row.id,
        outcome,
        next.payment_method,
        error,
        next.paid_pence,
        next.tip_pence,
      ]);
      events.push(...statusEvents(next));
    }
    const changed =
      (await settleTxs.run({ batch: JSON.stringify(txChanges), now })).changes +
      (await settleRequests.run({ batch: JSON.stringify(requestChanges), now })).changes;
    if (changed !== 2 * batch.length)
      throw badRequest('A payment changed meanwhile; read it again');
    await outbox.emitMany(events);
  }

  /** The sandbox card network answers every PENDING card payment whose time has come. */
  async function settleDue(): Promise<number> {
    let count = 0;
    for (const sweep of clock.sweeps()) count += await settleDueIn(sweep);
    return count;
  }

  async function settleDueIn(sweep: Sweep): Promise<number> {
    const { now, environment } = sweep;
    const due = await dueSettlements(sweep, now, environment);
    if (due.length === 0) return 0;
    const settle = async (tx: DueTx, row: RequestRow | undefined) => {
      if (!row) throw notFound('No payment request for this attempt');
      await finish(tx, row, networkAnswer(tx), tx.error_description ?? undefined);
    };
    try {
      // One transaction for everything due now, and whole requests (nearly all) settled together
      // by settleTogether: a commit, a savepoint, reads and updates per settlement were most of
      // a busy stream of card charges' cost (bench customers). A request has at most one PENDING
      // attempt (startAttempt refuses a second).
      return outbox.tx(async () => {
        // Saved-card charges are cached from their creation; the rest are read in one go.
        const requests = new Map<string, RequestRow>();
        for (const { payment_request_id: id } of due) {
          const row = reader.cached(id);
          if (row) requests.set(id, row);
        }
        if (requests.size < due.length)
          for (const row of await dueRequests(sweep, environment, now))
            if (!requests.has(row.id)) requests.set(row.id, row);
        const whole: { tx: DueTx; row: RequestRow }[] = [];
        for (const tx of due) {
          const row = requests.get(tx.payment_request_id);
          if (settlesWhole(tx, row)) whole.push({ tx, row });
          else await settle(tx, row);
        }
        await settleTogether(whole, now);
        return due.length;
      });
    } catch {
      // Something in the batch failed: settle each on its own, so one bad row holds no other up.
      let count = 0;
      let failure: unknown;
      for (const { id } of due)
        try {
          await outbox.tx(async () => {
            const tx = await reader.transaction(id);
            if (tx?.status !== 'PENDING') return; // moved on meanwhile
            await settle(tx, await reader.get(tx.payment_request_id));
            count++;
          });
        } catch (error) {
          failure ??= error;
        }
      if (failure) throw failure;
      return count;
    }
  }

  // ---- card authorizations (saved-card charges; docs/customers.md) ----

  const authorizedTx = store.prepare<[string], TransactionRow>(`
    SELECT * FROM transactions WHERE payment_request_id = ? AND status = 'AUTHORIZED'
    ORDER BY created_at DESC, ${insertionOrder(store)} DESC LIMIT 1`);
  const dueCaptures = sweepQuery<[number, Environment], TransactionRow>(
    store,
    (only) => `
    SELECT t.* FROM transactions t JOIN payment_requests p ON p.id = t.payment_request_id
    WHERE t.status = 'AUTHORIZED' AND t.auto_capture_at <= ? AND p.environment = ?
      ${only('p.merchant_id')}`,
  );
  const dueReleases = sweepQuery<[number, Environment], TransactionRow>(
    store,
    (only) => `
    SELECT t.* FROM transactions t JOIN payment_requests p ON p.id = t.payment_request_id
    WHERE t.status = 'AUTHORIZED' AND t.auth_expires_at <= ? AND p.environment = ?
      ${only('p.merchant_id')}`,
  );
  const casCapturedTx = store.prepare(`
    UPDATE transactions SET status = @to, error_description = @error, updated_at = @now
    WHERE id = @id AND status = 'AUTHORIZED'`);

  /** Released when its authorization expired uncaptured (the hold is gone; no money moved). */
  const EXPIRED_HOLD = 'The authorization expired before it was captured; the hold was released';

  /** The request's authorized card transaction, or a 400 saying why there is none. */
  async function authorizationOf(row: RequestRow): Promise<TransactionRow> {
    const tx = await authorizedTx.get(row.id);
    if (tx) return tx;
    const card = (await reader.transactions(row.id)).filter((t) => t.method === 'CARD').at(-1);
    if (!card) throw badRequest('This is not a card payment');
    if ((card.capture_type ?? 'AUTO_CAPTURE') === 'AUTO_CAPTURE')
      throw badRequest('This is an AUTO_CAPTURE payment: it is captured automatically');
    if (row.status === 'COMPLETED') throw badRequest('This payment has already been captured');
    if (row.status === 'PENDING')
      throw badRequest('This payment is still being authorized; try again once it is AUTHORIZED');
    throw badRequest(`This payment is ${row.status} and has no authorization to act on`);
  }

  /** Ends an authorization: captured (COMPLETED or FAILED) or released (CANCELLED). */
  async function endAuthorization(
    row: RequestRow,
    tx: TransactionRow,
    to: 'COMPLETED' | 'FAILED' | 'CANCELLED',
    why: string | null,
    capturedPence = 0,
  ): Promise<RequestRow> {
    reader.invalidate(row.id);
    const now = clock.now(row.environment, row.merchant_id);
    const changed = (await casCapturedTx.run({ id: tx.id, to, error: why, now })).changes;
    if (changed === 0) throw badRequest('The payment changed meanwhile; read it again');
    return await move(row, to, {
      error: why,
      ...(to === 'COMPLETED' ? { paid: capturedPence, method: 'CARD' as const } : {}),
    });
  }

  /** Releases an authorization whose time is up; true when it did. */
  async function releaseIfExpired(row: RequestRow, tx: TransactionRow): Promise<boolean> {
    if (
      tx.auth_expires_at === null ||
      tx.auth_expires_at > clock.now(row.environment, row.merchant_id)
    )
      return false;
    await outbox.tx(async () => await endAuthorization(row, tx, 'CANCELLED', EXPIRED_HOLD));
    return true;
  }

  /**
   * Captures an authorized card payment, all of it or a lower amount. The sandbox network may
   * refuse (a test card): the payment is then FAILED with the reason, and `captured` is false.
   */
  async function capture(
    row: RequestRow,
    amountPence?: number,
    /** The scheduler capturing at its capture time, which always came before the expiry. */
    scheduled = false,
  ): Promise<{ captured: boolean; row: RequestRow }> {
    const tx = await authorizationOf(row);
    if (!scheduled && (await releaseIfExpired(row, tx)))
      throw badRequest('The authorization has expired and its hold was released');
    const amount = amountPence ?? tx.amount_pence;
    if (amount > tx.amount_pence)
      throw new ApiError(400, 'amount: must not be more than the authorized amount', [
        { field: 'amount', message: 'must not be more than the authorized amount' },
      ]);
    return outbox.tx(async () => {
      const refusal = tx.capture_outcome
        ? (JSON.parse(tx.capture_outcome) as { errorDescription: string })
        : null;
      if (refusal)
        return {
          captured: false,
          row: await endAuthorization(row, tx, 'FAILED', refusal.errorDescription),
        };
      return { captured: true, row: await endAuthorization(row, tx, 'COMPLETED', null, amount) };
    });
  }

  /** Cancels an authorized card payment and releases the hold. */
  async function cancelAuthorization(row: RequestRow, reason: string): Promise<RequestRow> {
    const tx = await authorizationOf(row);
    if (await releaseIfExpired(row, tx))
      throw badRequest('The authorization has already expired and its hold was released');
    return outbox.tx(async () => await endAuthorization(row, tx, 'CANCELLED', reason));
  }

  /**
   * The scheduler's part: CAPTURE_BEFORE_EXPIRY payments are captured at their capture time,
   * and any authorization still uncaptured at its expiry is released.
   */
  async function authorizationsDue(): Promise<number> {
    let count = 0;
    for (const sweep of clock.sweeps()) {
      const { now, environment } = sweep;
      for (const tx of await dueCaptures(sweep, now, environment)) {
        const row = await reader.get(tx.payment_request_id);
        if (row?.status !== 'AUTHORIZED') continue;
        await capture(row, undefined, true);
        count++;
      }
      for (const tx of await dueReleases(sweep, now, environment)) {
        const row = await reader.get(tx.payment_request_id);
        if (row?.status !== 'AUTHORIZED') continue;
        if (await releaseIfExpired(row, tx)) count++;
      }
    }
    return count;
  }

  return {
    startFirstAttempt,
    startAttempt,
    finishAttempt,
    cancel,
    expireDue,
    settleDue,
    expireIfDue,
    requireRequest,
    capture,
    cancelAuthorization,
    authorizationsDue,
  };
}
export type Lifecycle = ReturnType<typeof createLifecycle>;

export { ApiError };
