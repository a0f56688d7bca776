/**
 * Every status change of a refund: initiation (with the over-refund check), the sandbox bank's
 * progress by the clock of the refund's environment, and its answers through the sandbox control. Each change is a
 * compare-and-set on the current status, checked against the shared state machine
 * (src/shared/refund-states.ts), and writes its events to the outbox in the same transaction.
 */
import type { RefundCreateBody } from '../../shared/contract/refunds';
import { formatPence, penceToPounds, poundsToPence } from '../../shared/money';
import { canMoveRefund, type RefundStatus } from '../../shared/refund-states';
import type { Clock, Sweep } from '../kernel/clock';
import type { Outbox } from '../kernel/events/outbox';
import { badField, badRequest, notFound } from '../kernel/errors';
import type { PaymentReader, RequestRow } from '../payments';
import type { Store } from '../kernel/store/port';
import type { RefundRow } from './model';
import { createRefundStatements, type RefundReader } from './repo';
import { newId } from '../kernel/ids';

/** The sandbox bank readies a refund this long (service time) after it is initiated… */
export const REFUND_PENDING_AFTER_MS = 1_000;
/** …and completes it this long after it was initiated. */
export const REFUND_COMPLETED_AFTER_MS = 3_000;

const SANDBOX_FAILURE = 'The sandbox bank could not return the money';

/** A refund's events: REFUND_STATUS, and for a terminal's payment POS_PAYMENT_STATUS. */
async function emit(
  outbox: Outbox,
  refund: RefundRow,
  request: RequestRow,
  errorDescription?: string,
) {
  const data = {
    paymentRequestId: request.id,
    terminalId: request.terminal_id,
    refundId: refund.id,
    orderId: request.order_id,
    status: refund.status,
    amount: penceToPounds(refund.amount_pence),
    refundAmount: penceToPounds(refund.amount_pence),
    refundType: refund.refund_type,
    paidAmount: penceToPounds(refund.paid_pence),
    refundedAmount: penceToPounds(request.refunded_pence),
    currency: refund.currency,
    paymentMethod: request.payment_method,
    ...(errorDescription ? { errorDescription } : {}),
    ...(refund.metadata !== null ? { metadata: JSON.parse(refund.metadata) } : {}),
    ...(refund.staff ? { staff: JSON.parse(refund.staff) } : {}),
  };
  const base = {
    merchantId: refund.merchant_id,
    environment: refund.environment,
    paymentRequestId: request.id,
    terminalId: request.terminal_id,
  };
  await outbox.emit({ ...base, type: 'REFUND_STATUS', data });
  // A terminal payment's refund reaches that terminal too, as the POS event type it listens for.
  if (request.terminal_id)
    await outbox.emit({
      ...base,
      type: 'POS_PAYMENT_STATUS',
      data: {
        ...data,
        type: 'REFUND_STATUS',
        customFields: [
          { fieldName: 'terminalId', value: request.terminal_id },
          { fieldName: 'orderId', value: request.order_id },
          { fieldName: 'refundId', value: refund.id },
        ],
      },
    });
}

export function createRefundLifecycle(
  store: Store,
  clock: Clock,
  outbox: Outbox,
  payments: PaymentReader,
  reader: RefundReader,
) {
  const { inFlight, insert, cas, due } = createRefundStatements(store);

  /**
   * POST /api/refund/{id}: the over-refund check and the insert are one transaction. The route
   * runs this in the group commit, which runs refunds one after another, each seeing those before
   * it, so concurrent refunds cannot over-refund; it is written there directly (a savepoint of
   * its own would be two more statements). Called outside a transaction, it opens one.
   */
  async function initiate(requestId: string, body: RefundCreateBody): Promise<RefundRow> {
    if (!store.inTransaction) return await outbox.tx(async () => await initiate(requestId, body));
    // Concurrent refunds of one payment, on any instance, queue on its row: the over-refund check
    // then sees every refund committed before it. SQLite has one writer at a time already.
    if (store.dialect !== 'sqlite') await payments.lockForRefund(requestId);
    const request = await payments.get(requestId);
    if (!request) throw notFound('No payment request with this id');
    if (request.status !== 'COMPLETED')
      throw badRequest(
        `Only a COMPLETED payment can be refunded; this payment request is ${request.status}`,
      );
    const remaining =
      request.paid_pence - request.refunded_pence - (await inFlight.get(request.id))!.pence;
    if (remaining <= 0 && body.amount === undefined)
      throw badRequest('This payment has already been refunded in full (or is being refunded)');
    const amount = body.amount === undefined ? remaining : poundsToPence(body.amount);
    if (amount > remaining)
      throw badField(
        'amount',
        `is more than is left to refund (${formatPence(remaining, request.currency)} of ${formatPence(request.paid_pence, request.currency)} paid)`,
      );
    const now = clock.now(request.environment, request.merchant_id);
    const row: RefundRow = {
      id: newId(),
      payment_request_id: request.id,
      merchant_id: request.merchant_id,
      environment: request.environment,
      status: 'INITIATED',
      refund_type: amount === request.paid_pence ? 'FULL' : 'PARTIAL',
      amount_pence: amount,
      paid_pence: request.paid_pence,
      currency: request.currency,
      payment_transaction_id: (await payments.paidTransaction(request.id))?.id ?? request.id,
      notes: body.refundNotes ?? null,
      metadata: body.metadata === undefined ? null : JSON.stringify(body.metadata),
      due_at: now + REFUND_PENDING_AFTER_MS,
      staff: body.staff ? JSON.stringify(body.staff) : null,
      created_at: now,
      updated_at: now,
    };
    await insert.run({
      id: row.id,
      requestId: row.payment_request_id,
      merchantId: row.merchant_id,
      environment: row.environment,
      type: row.refund_type,
      amount: row.amount_pence,
      paid: row.paid_pence,
      currency: row.currency,
      txId: row.payment_transaction_id,
      notes: row.notes,
      metadata: row.metadata,
      dueAt: row.due_at,
      staff: row.staff,
      now,
    });
    await emit(outbox, row, request);
    // Cash goes back from the drawer there and then: no bank to wait for, so the refund is
    // COMPLETED in this same transaction (through PENDING, as the state machine has it).
    if (request.payment_method === 'CASH') {
      const pending = await move(row, 'PENDING', request);
      return (await move(pending.refund, 'COMPLETED', pending.request)).refund;
    }
    return row;
  }

  /**
   * Compare-and-set of one refund's status, with its events; call inside outbox.tx. `request` is
   * the refunded payment as it is now (read here when not given); returned as it is after.
   */
  async function move(
    refund: RefundRow,
    to: RefundStatus,
    current?: RequestRow,
  ): Promise<{ refund: RefundRow; request: RequestRow }> {
    let request = current ?? (await payments.get(refund.payment_request_id))!;
    if (!canMoveRefund(refund.status, to))
      throw badRequest(`The refund is ${refund.status} and cannot become ${to}`);
    const now = clock.now(refund.environment, refund.merchant_id);
    const dueAt = to === 'PENDING' ? refund.created_at + REFUND_COMPLETED_AFTER_MS : null;
    const changed = (await cas.run({ id: refund.id, from: refund.status, to, dueAt, now })).changes;
    if (changed === 0) throw badRequest('The refund changed meanwhile; read it again');
    if (to === 'COMPLETED') {
      await payments.recordRefunded(refund.payment_request_id, refund.amount_pence);
      request = { ...request, refunded_pence: request.refunded_pence + refund.amount_pence };
    }
    const next: RefundRow = { ...refund, status: to, due_at: dueAt, updated_at: now };
    await emit(outbox, next, request, to === 'FAILED' ? SANDBOX_FAILURE : undefined);
    return { refund: next, request };
  }

  /** The sandbox control: the bank's answer now. COMPLETED passes through PENDING. */
  async function simulate(
    refundId: string,
    outcome: 'COMPLETED' | 'FAILED' | 'CANCELLED',
  ): Promise<RefundRow> {
    return await outbox.tx(async () => {
      let refund = await reader.get(refundId);
      if (!refund) throw notFound('No refund with this id');
      if (outcome === 'COMPLETED' && refund.status === 'INITIATED')
        refund = (await move(refund, 'PENDING')).refund;
      return (await move(refund, outcome)).refund;
    });
  }

  /**
   * The sandbox bank moves every refund whose time has come on its own clock (scheduler tick,
   * clock advance).
   */
  async function advanceDue(): Promise<number> {
    let count = 0;
    for (const sweep of clock.sweeps()) count += await advanceDueIn(sweep);
    return count;
  }

  async function advanceDueIn(sweep: Sweep): Promise<number> {
    let count = 0;
    // A clock moved far ahead may make both steps of a refund due at once: loop until none is.
    for (let round = 0; round < 4; round++) {
      const rows = await due(sweep, sweep.now, sweep.environment);
      if (rows.length === 0) break;
      const next = (refund: RefundRow) => (refund.status === 'INITIATED' ? 'PENDING' : 'COMPLETED');
      try {
        // One commit for the whole batch. The payments come from the reader, whose cache
        // usually has them (a refund's route read its payment just before), and each one's row
        // as this batch leaves it is carried to its next refund.
        count += await outbox.tx(async () => {
          const requests = new Map<string, RequestRow>();
          for (const refund of rows) {
            const id = refund.payment_request_id;
            const moved = await move(
              refund,
              next(refund),
              requests.get(id) ?? (await payments.get(id)),
            );
            requests.set(id, moved.request);
          }
          return rows.length;
        });
      } catch {
        // A lost compare-and-set (the sandbox control got there first): each on its own, so
        // only that move is undone.
        for (const refund of rows)
          try {
            await outbox.tx(async () => await move(refund, next(refund)));
            count++;
          } catch {
            // The refund has moved on already.
          }
      }
    }
    return count;
  }

  return { initiate, simulate, advanceDue };
}
export type RefundLifecycle = ReturnType<typeof createRefundLifecycle>;
