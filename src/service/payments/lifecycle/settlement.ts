/**
 * The sandbox card network's settlement: every PENDING card payment whose time has come is
 * answered at a scheduler tick, whole requests together in one transaction (docs/benchmarks.md).
 */
import type { Sweep } from '../../kernel/clock';
import type { EmitInput } from '../../kernel/events/outbox';
import { badRequest, notFound } from '../../kernel/errors';
import { optionsOf, type RequestRow } from '../model';
import type { DueTx } from '../repo/lifecycle';
import { DECLINED, type LifecycleDeps, type StatusMoves } from './moves';
import type { Outcome } from './attempts';

export function createSettlement(
  { clock, outbox, reader, sql }: LifecycleDeps,
  { moved, answered, statusEvents }: StatusMoves,
  /** attempts.ts's finish: an attempt's outcome, inside outbox.tx. */
  finish: (
    tx: DueTx,
    row: RequestRow,
    outcome: Outcome,
    errorDescription?: string,
  ) => Promise<RequestRow>,
) {
  const { dueSettlements, dueRequests, settleTxs, settleRequests } = sql;

  /** What the sandbox card network answers for a PENDING card transaction. */
  const networkAnswer = (tx: DueTx) =>
    tx.settle_outcome === 'FAILED' || tx.settle_outcome === 'AUTHORIZED'
      ? tx.settle_outcome
      : 'COMPLETED';

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
    /** The payments this batch completes: their receipts keep the shop as it is now. */
    const completed: string[] = [];
    for (const { tx, row } of batch) {
      const outcome = networkAnswer(tx);
      if (outcome === 'COMPLETED') completed.push(row.id);
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
    await sql.shops.keep(completed, now);
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
      return await outbox.tx(async () => {
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

  return { settleDue };
}
