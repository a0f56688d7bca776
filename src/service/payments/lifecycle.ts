/**
 * Every status change of a payment request: attempts by bank or card, their outcomes, cancel,
 * expiry and the sandbox card network's settlement. Each change is a compare-and-set on the
 * current status, checked against the shared state machine, and writes its event to the outbox
 * in the same transaction (docs/payment-states.md).
 */
import type { Clock } from '../kernel/clock';
import type { Outbox } from '../kernel/events/outbox';
import { ApiError } from '../kernel/errors';
import type { Store } from '../kernel/store/port';
import type { PaymentReader } from './model';
import { createLifecycleStatements } from './repo/lifecycle';
import { createStatusMoves, type LifecycleDeps } from './lifecycle/moves';
import { createExpiry } from './lifecycle/expiry';
import { createAttempts } from './lifecycle/attempts';
import { createSettlement } from './lifecycle/settlement';
import { createCaptureCancel } from './lifecycle/capture-cancel';

export { CARD_SETTLE_MS, type AttemptInput, type Authorization } from './lifecycle/attempts';

/**
 * The lifecycle, made of its parts (lifecycle/): the common status moves, attempts, expiry,
 * the card network's settlement, and capture and cancel. Its statements are prepared once, here
 * (repo/lifecycle.ts).
 */
export function createLifecycle(store: Store, clock: Clock, outbox: Outbox, reader: PaymentReader) {
  const deps: LifecycleDeps = { clock, outbox, reader, sql: createLifecycleStatements(store) };
  const moves = createStatusMoves(deps);
  const { expireIfDue, expireDue } = createExpiry(deps, moves);
  const { startFirstAttempt, startAttempt, finishAttempt, finish } = createAttempts(
    deps,
    moves,
    expireIfDue,
  );
  const { settleDue } = createSettlement(deps, moves, finish);
  const { cancel, capture, cancelAuthorization, authorizationsDue } = createCaptureCancel(
    deps,
    moves,
    expireIfDue,
  );

  return {
    startFirstAttempt,
    startAttempt,
    finishAttempt,
    cancel,
    expireDue,
    settleDue,
    expireIfDue,
    requireRequest: moves.requireRequest,
    capture,
    cancelAuthorization,
    authorizationsDue,
    /**
     * Dates a request and its attempts at `at`: a cash sale the kiosk took while offline is the
     * customer's at the time they paid, not when it reached the service. Inside its transaction.
     */
    async backdate(requestId: string, at: number): Promise<void> {
      await deps.sql.backdateRequest.run({ id: requestId, at });
      await deps.sql.backdateTxs.run({ id: requestId, at });
      await deps.sql.backdateShop.run({ id: requestId, at });
      reader.invalidate(requestId);
    },
  };
}
export type Lifecycle = ReturnType<typeof createLifecycle>;

export { ApiError };
