/**
 * GET /api/payment-requests/{id}/history (extension, merchant secret): a payment's status
 * changes and who made it, for the dashboard's payment page. The service keeps no history table:
 * every status change already writes its event to the outbox in the change's own transaction
 * (lifecycle/moves.ts), so the events are the history, read-only here.
 */
import type { z } from 'zod';
import type { PaymentHistory, PaymentSource } from '../../shared/contract/payments';
import { RemoteCreator } from '../../shared/contract/terminals';
import { routes } from '../../shared/contract/routes';
import type { PaymentStatus } from '../../shared/payment-states';
import { iso } from '../kernel/clock';
import type { Area } from '../http/context';
import { mount } from '../http/mount';
import { requestWithTransactionsFor } from './access';
import type { PaymentsContext } from './context';
import type { RequestRow, TransactionRow } from './model';
import { createHistoryStatements, HISTORY_EVENT_LIMIT, type HistoryEventRow } from './repo/history';

type Change = z.input<typeof PaymentHistory>['changes'][number];

export const paymentHistoryRoutes: Area<PaymentsContext> = (app, ctx) => {
  const sql = createHistoryStatements(ctx.store);

  mount(app, ctx.auth, routes.getPaymentHistory, async ({ params, caller }) => {
    let { row, txs } = await requestWithTransactionsFor(
      ctx.payments,
      caller,
      params.paymentRequestId,
    );
    // As with the status read, an open request past its expiry is expired first (and so has
    // its EXPIRED change in the history).
    if (await ctx.lifecycle.expireIfDue(row))
      ({ row, txs } = (await ctx.payments.withTransactions(row.id))!);
    const scope = [row.id, row.merchant_id, row.environment] as const;
    const events = await sql.events.all(...scope, HISTORY_EVENT_LIMIT);
    const agent = (await sql.agentPayment.get(...scope)) !== undefined;
    const source = sourceOf(row, txs, events, agent);
    const createdBy = source === 'REMOTE' ? creatorOf(events) : undefined;
    return {
      paymentRequestId: row.id,
      source,
      ...(createdBy ? { createdBy } : {}),
      changes: changesOf(row, txs, events),
    };
  });
};

function sourceOf(
  row: RequestRow,
  txs: readonly TransactionRow[],
  events: readonly HistoryEventRow[],
  agent: boolean,
): PaymentSource {
  if (agent) return 'AGENT';
  if (createdPaying(row, txs)) return 'SAVED_CARD';
  if (events.some((e) => e.type === 'REMOTE_PAYMENT_REQUEST')) return 'REMOTE';
  return row.terminal_id ? 'COUNTER' : 'API';
}

/** Who sent a remote payment, as its push event says (events stored before it was kept say not). */
function creatorOf(events: readonly HistoryEventRow[]) {
  const pushed = events.find((e) => e.type === 'REMOTE_PAYMENT_REQUEST');
  if (!pushed) return undefined;
  const said = (JSON.parse(pushed.body) as { data: { createdBy?: unknown } }).data.createdBy;
  const parsed = RemoteCreator.safeParse(said);
  return parsed.success ? parsed.data : undefined;
}

/** A saved-card charge is created already paying, with its card's transaction. */
const createdPaying = (row: RequestRow, txs: readonly TransactionRow[]) =>
  txs[0] !== undefined && txs[0].card_id !== null && txs[0].created_at === row.created_at;

/**
 * The changes, oldest first. A request is created waiting for its customer, with no event of
 * its own, unless it was created already paying (its first event is then its creation). An
 * event that repeats the status (a share of a split bill paid) is no change.
 */
function changesOf(
  row: RequestRow,
  txs: readonly TransactionRow[],
  events: readonly HistoryEventRow[],
): Change[] {
  const changes: Change[] = [];
  let from: PaymentStatus | null = null;
  if (!createdPaying(row, txs)) {
    changes.push({ from: null, to: 'PAYMENT_NOT_INITIATED', at: iso(row.created_at) });
    from = 'PAYMENT_NOT_INITIATED';
  }
  for (const event of events) {
    if (event.type === 'REMOTE_PAYMENT_REQUEST') continue;
    const data = (
      JSON.parse(event.body) as { data: { status: PaymentStatus; errorDescription?: string } }
    ).data;
    if (data.status === from) continue;
    changes.push({
      from,
      to: data.status,
      at: iso(event.created_at),
      ...(data.errorDescription ? { errorDescription: data.errorDescription } : {}),
    });
    from = data.status;
  }
  return changes;
}
