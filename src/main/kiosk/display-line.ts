/**
 * The display line: the payments on (and waiting for) the customer display, oldest first, the
 * first of them the active one; and behind them the counter payments held until the display is
 * free (held-line.ts), created at the service only when their turn comes, so the customer gets
 * a payment's whole time to pay. A finished payment stays on the display for `holdMs`, then
 * gives way to the next one.
 */
import type {
  BasketLine,
  KioskPayment as BridgePayment,
  HeldPayment,
  StartPaymentResult,
  TipStep,
} from '../../shared/bridge';
import { ApiClientError } from '../../client/http-client';
import type { CashRequest, CounterPayments, CounterRequest } from './counter-payment';
import type { DraftBasketHolder } from './draft-basket';
import { createHeldLine, type Held } from './held-line';
import type { History } from './history/history';
import type { KioskPayment } from './history/types';
import { explain, KioskError } from './kiosk-error';
import type { PollTargets } from './poller';

/** The display line the core keeps: the payments on (and waiting for) the display. */
export interface DisplayLine {
  start(request: {
    amountPence: number;
    notes: string | null;
    method: 'PAY_BY_BANK' | 'CARD' | 'CASH' | null;
    lines?: BasketLine[];
    /** Who keyed it in and the prices they lowered: kept with it while it waits in line. */
    staff?: Held['staff'];
    overrides?: Held['overrides'];
  }): Promise<StartPaymentResult>;
  /**
   * Records a cash sale (COMPLETED at once) and, when the display is free, shows it there with
   * the change due until it gives way as any finished payment does.
   */
  takeCash(request: CashRequest): Promise<BridgePayment>;
  /** The basket staff are building goes on the customer display (an empty one comes off). */
  showBasket(lines: BasketLine[]): void;
  /** Takes a payment off the display; the next in line follows. */
  dismiss(paymentRequestId: string): void;
  /** Whether the held payment was still waiting (and is now gone). */
  removeHeld(id: string): boolean;
  /** Asks the service again for a held payment; its error when it is refused again. */
  retryHeld(id: string): Promise<string | null | false>;
  /**
   * The tip step's outcome for the payment it asks about (the customer's tip in pence, or null:
   * staff skipped it): the payment request is made with it. Answers its error, if refused.
   */
  tipChosen(id: string, tipPence: number | null): Promise<string | null>;
  /** The tip step on the display now, if any. */
  tipStep(): TipStep | null;
}

export interface DisplayLineOptions {
  /** Where `held-payments.json` is kept; null keeps the held line in memory. */
  dataDir: string | null;
  history: History;
  counterPayments: CounterPayments;
  basket: DraftBasketHolder;
  /** Whether the kiosk is paired (a held payment can be created). */
  paired(): boolean;
  /** A payment as the windows see it. */
  view(payment: KioskPayment): BridgePayment;
  /** The line changed: the windows are told. */
  onChange(): void;
  /** How long a finished payment stays on the display; default 8 s. */
  holdMs?: number;
  /** The tip percentages the customer is offered on the display; null: tips are off. */
  tipsOffered?(): number[] | null;
  /** A held payment was created at the service (its turn came): who keyed it is recorded. */
  onHeldTaken?(held: Held, paymentRequestId: string): void;
  now(): number;
}

export function heldView(entry: Held): HeldPayment {
  return {
    id: entry.id,
    amountPence: entry.amountPence,
    notes: entry.notes,
    paymentMethod: entry.method,
    createdAt: new Date(entry.createdAt).toISOString(),
    error: entry.error,
    ...(entry.lines?.length ? { lines: entry.lines } : {}),
  };
}

/** The tip percentages offered now; null while tips are off. */
const tipsOffered = (options: DisplayLineOptions) => options.tipsOffered?.() ?? null;

/** The tip step as the windows see it: the held payment whose tip is asked, and the choices. */
function tipStepOf(entry: Held | undefined, percentages: number[] | null): TipStep | null {
  if (!entry || !percentages) return null;
  return {
    id: entry.id,
    amountPence: entry.amountPence,
    currency: 'GBP',
    percentages,
    ...(entry.lines?.length ? { lines: entry.lines } : {}),
  };
}

export function createDisplayLine(options: DisplayLineOptions) {
  /** The tip step shows this held payment (or, null, none); the windows are told. */
  const showTipStep = (id: string | null) => {
    tipping = id;
    options.onChange();
  };
  const { history, onChange } = options;
  const holdMs = options.holdMs ?? 8_000;
  /** Payments waiting for the display, oldest first; the first is the active one. */
  let queue: string[] = [];
  /** Counter payments behind them, not yet created at the service. */
  const held = createHeldLine(options.dataDir, options.now);
  /** A payment is being created at the service: the next one waits for it. */
  let creating = false;
  /** The held payment whose tip the display is asking, before it is created. */
  let tipping: string | null = null;
  const finishedTimers = new Map<string, NodeJS.Timeout>();

  const remove = (paymentRequestId: string) =>
    (queue = queue.filter((id) => id !== paymentRequestId));

  /** A finished payment stays on the display a moment, then gives way to the next one. */
  function scheduleRemoval(payment: KioskPayment) {
    if (!payment.final || finishedTimers.has(payment.paymentRequestId)) return;
    const timer = setTimeout(() => {
      finishedTimers.delete(payment.paymentRequestId);
      remove(payment.paymentRequestId);
      onChange();
      void advance();
    }, holdMs);
    timer.unref();
    finishedTimers.set(payment.paymentRequestId, timer);
  }

  /** Creates it at the service and puts it first on the display; answers it as the windows see it. */
  async function create(request: CounterRequest) {
    const id = await options.counterPayments.create(request);
    // First in line: the display was free when it was sent, and a request pushed from the
    // dashboard while this one was on its way must not leave it waiting with its clock running.
    queue = [id, ...queue.filter((other) => other !== id)];
    return options.view(history.get(id)!);
  }

  /**
   * When the display is free, the first held payment becomes a payment request. One the service
   * refuses (or cannot be reached for) stays first in line with the reason, for staff to retry or
   * remove; the line waits behind it rather than jump ahead of the customer who is waiting.
   */
  async function advance(): Promise<void> {
    const next = held.list()[0];
    if (!next || (next.error && !next.retryable) || creating || queue.length > 0) return;
    if (!options.paired()) return;
    // Not yet through the tip step, with tips on: the customer is asked first.
    if (next.tipPence === undefined && tipsOffered(options) !== null) {
      // Its QR code waits for the customer's tip (or staff's Skip tip): tipChosen goes on.
      if (tipping !== next.id) showTipStep(next.id);
      return;
    }
    creating = true;
    try {
      const { paymentRequestId } = await create(next);
      held.remove(next.id);
      options.onHeldTaken?.(next, paymentRequestId);
    } catch (error) {
      // Unreachable: tried again when the service answers; refused: staff decide.
      const unreachable = error instanceof ApiClientError && error.status === 0;
      held.fail(next.id, explain(error).message, unreachable);
    } finally {
      creating = false;
      onChange();
    }
  }

  /**
   * Starts a counter payment: on the display now when it is free, otherwise held in line and
   * created at the service only when its turn comes, so its expiry starts when the customer sees it.
   */
  async function start(request: CounterRequest): Promise<StartPaymentResult> {
    // The basket on the display is this payment's now; the display shows it with the payment.
    if (request.lines?.length) options.basket.startedWithLines();
    if (queue.length === 0 && held.list().length === 0 && !creating) {
      if (tipsOffered(options) !== null) {
        const entry = held.add(request);
        showTipStep(entry.id);
        return { queued: 'tip' as const, held: heldView(entry) };
      }
      creating = true;
      try {
        return { queued: false as const, payment: await create(request) };
      } finally {
        creating = false;
        onChange();
        void advance();
      }
    }
    const entry = held.add(request);
    onChange();
    return {
      queued: true as const,
      held: heldView(entry),
      position: Math.max(queue.length - 1, 0) + held.list().length,
    };
  }

  async function takeCash(request: CashRequest): Promise<BridgePayment> {
    const id = await options.counterPayments.cash(request);
    if (request.lines?.length) options.basket.startedWithLines();
    const payment = history.get(id)!;
    // Never in front of a customer who is still paying: then only staff see the change.
    if (queue.length === 0 && held.list().length === 0 && !creating) {
      queue = [id];
      scheduleRemoval(payment);
    }
    onChange();
    return options.view(payment);
  }

  const commands: DisplayLine = {
    start,
    takeCash,
    showBasket(lines) {
      options.basket.showCounter(lines);
      onChange();
    },
    dismiss(paymentRequestId) {
      remove(paymentRequestId);
      onChange();
      void advance();
    },
    removeHeld(id) {
      if (!held.remove(id)) return false;
      if (tipping === id) tipping = null;
      onChange();
      return true;
    },
    async retryHeld(id) {
      if (!held.retry(id)) return false;
      onChange();
      await advance();
      return held.list().find((h) => h.id === id)?.error ?? null;
    },
    async tipChosen(id, tipPence) {
      if (tipping !== id || !held.setTip(id, tipPence))
        throw new KioskError('That payment is no longer waiting for a tip', 'id');
      // The tip step stays on the display until its payment replaces it: never a blank between.
      await advance();
      showTipStep(null);
      return held.list().find((h) => h.id === id)?.error ?? null;
    },
    tipStep: () =>
      tipStepOf(
        held.list().find((h) => h.id === tipping),
        tipsOffered(options),
      ),
  };

  return {
    ...commands,
    advance,
    /** A payment waiting for the display (a remote payment pushed, one still open at start). */
    enqueue(paymentRequestId: string) {
      if (!queue.includes(paymentRequestId)) queue.push(paymentRequestId);
    },
    /** A tracked payment changed: one on the display that finished leaves it after a moment. */
    changed(payment: KioskPayment) {
      if (queue.includes(payment.paymentRequestId)) scheduleRemoval(payment);
    },
    /** The payments on and waiting for the display, the active one first. */
    payments: () => queue.map((id) => history.get(id)).filter((p): p is KioskPayment => !!p),
    held: () => held.list().map(heldView),
    /** The active payment is polled fast; every other unfinished one slowly. */
    pollTargets(): PollTargets {
      const active = queue[0] ?? null;
      const others = history
        .unfinished()
        .map((p) => p.paymentRequestId)
        .filter((id) => id !== active)
        .slice(-200);
      return { active, others };
    },
    /** The held payments were for the service the kiosk has left. */
    clearHeld: () => held.clear(),
    stop() {
      for (const timer of finishedTimers.values()) clearTimeout(timer);
    },
  };
}
export type KioskDisplayLine = ReturnType<typeof createDisplayLine>;
