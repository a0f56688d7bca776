/**
 * Payment attempts: the customer starts paying by bank or card (a new transaction the request
 * follows), and the attempt's outcome, from the bank, the card network or a 3DS challenge.
 */
import { formatPence } from '../../../shared/money';
import { OPEN_STATUSES } from '../../../shared/payment-states';
import { badField, badRequest, notFound } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import {
  allowedMethodsOf,
  optionsOf,
  type Method,
  type RequestRow,
  type TransactionRow,
} from '../model';
import type { DueTx } from '../repo/lifecycle';
import { DECLINED, type LifecycleDeps, type StatusMoves } from './moves';

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
  /** CASH: what the customer handed over, in pence. */
  tenderedPence?: number;
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

export type Outcome = 'COMPLETED' | 'FAILED' | 'AUTHORIZED' | 'PENDING';

/**
 * The tip an attempt pays: the one the customer chose before the request was made, if they did
 * (an attempt naming another is refused), else the attempt's own.
 */
function attemptTip(row: RequestRow, tipPence: number | undefined): number {
  const chosen = optionsOf(row).chosenTipPence;
  if (chosen === undefined) return tipPence ?? 0;
  if (tipPence !== undefined && tipPence !== chosen)
    throw badField(
      'tipAmount',
      `must be ${formatPence(chosen, row.currency)}, the tip the customer chose, or left out`,
    );
  return chosen;
}

export function createAttempts(
  { clock, outbox, reader, sql }: LifecycleDeps,
  { move, answered, closeOpenAttempts, requireRequest, statusEvent }: StatusMoves,
  expireIfDue: (row: RequestRow) => Promise<boolean>,
) {
  const { insertTx, casTx, casPaid, openTxs } = sql;

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
      tenderedPence: input.tenderedPence ?? null,
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
    await insertTx(attemptRow(row, input, row.amount_pence, input.tipPence ?? 0));
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
      const tip = attemptTip(row, input.tipPence);
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
      await insertTx(tx);
      // A split bill stays AWAITING_AUTHORIZATION while its shares are paid one by one; each
      // share's own progress is on its transaction.
      const next = options.splitBill ? 'AWAITING_AUTHORIZATION' : input.status;
      // PENDING: the card is with the network, so the method is settled and the event says so.
      const method = next === 'PENDING' ? { method: input.method } : {};
      if (row.status !== next) await move(row, next, { error: null, ...method });
      return (await reader.transaction(tx.id))!;
    });
  }

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

  return { startFirstAttempt, startAttempt, finishAttempt, finish };
}
