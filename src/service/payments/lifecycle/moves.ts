/**
 * The lifecycle's common steps: a request's move to a new status (a compare-and-set checked
 * against the state machine, with its events), closing its open attempts, and reading it.
 */
import { penceToPounds } from '../../../shared/money';
import { canMove, type PaymentStatus } from '../../../shared/payment-states';
import type { Clock } from '../../kernel/clock';
import type { EmitInput, Outbox } from '../../kernel/events/outbox';
import { badRequest, notFound } from '../../kernel/errors';
import { metadataOf, staffOf, type Method, type PaymentReader, type RequestRow } from '../model';
import type { DueTx, LifecycleStatements } from '../repo/lifecycle';

export const DECLINED = 'The payment was declined';

/** What every part of the lifecycle is made with (lifecycle.ts, createLifecycle). */
export interface LifecycleDeps {
  clock: Clock;
  outbox: Outbox;
  reader: PaymentReader;
  /** The lifecycle's statements, prepared once (repo/lifecycle.ts). */
  sql: LifecycleStatements;
}

/** Compare-and-set of the request's status; emits the change's events. */
export type Patch = { method?: Method; error?: string | null; paid?: number; tip?: number };

export function createStatusMoves({ clock, outbox, reader, sql }: LifecycleDeps) {
  const { casRequest, casTx, openTxs } = sql;

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
      staff: staffOf(row),
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
    // Its receipts show the shop as it is at this moment, whatever the profile later says.
    if (to === 'COMPLETED') await sql.shops.keep([row.id], next.updated_at);
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

  return {
    statusEvents,
    statusEvent,
    moved,
    answered,
    move,
    closeOpenAttempts,
    requireRequest,
  };
}
export type StatusMoves = ReturnType<typeof createStatusMoves>;
