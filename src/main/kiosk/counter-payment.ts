/**
 * A payment taken at the counter, created at the service: with the EXTERNAL_DISPLAY template and
 * an order id `CTR-…`, its attempt written before the request leaves so a retry after a lost
 * answer is the same payment (history/attempts.ts), then tracked and kept with its basket.
 */
import { randomUUID } from 'node:crypto';
import { lineItemsOfBasket } from '../../shared/contract/line-items';
import { formatPence, penceToPounds } from '../../shared/money';
import { ApiClientError, type ApiClient } from '../../client/http-client';
import type { Attempts } from './history/attempts';
import type { BasketStore } from './history/basket';
import type { Held } from './held-line';
import { explain, KioskError } from './kiosk-error';
import type { StaffMember } from './staff-pin';
import { isUnreachable, type CashSaleBody, type OfflineCash } from './offline-cash';
import type { Tracker } from './tracker';

export type CounterRequest = Pick<
  Held,
  'amountPence' | 'notes' | 'method' | 'lines' | 'tipPence' | 'staff' | 'overrides'
>;
/** A cash sale: the amount, what the customer handed over, and the basket it paid for. */
export type CashRequest = Pick<Held, 'amountPence' | 'notes' | 'lines'> & { tenderedPence: number };

export interface CounterPaymentOptions {
  client(): ApiClient | null;
  attempts: Attempts;
  tracker: Tracker;
  baskets: BasketStore;
  /** Who is signed in at the console: the service records them as who took it. */
  takenBy?(): StaffMember | null;
  /** Where a cash sale waits while the service cannot be reached (offline-cash.ts); without it
   *  an unreachable service refuses the sale. */
  offlineCash?: OfflineCash;
  /** The service refused an amount as over the terminal's largest payment. */
  onLimitRefused(): void;
  now(): number;
}

/**
 * The tip step's outcome as the service takes it: the customer's tip (0: none) is paid with the
 * amount and not asked again on their phone; skipped by staff, the payment takes no tip at all.
 */
function tipFields(tipPence: number | null | undefined) {
  if (tipPence === undefined) return {};
  if (tipPence === null) return { enableTips: false };
  return { tipAmount: penceToPounds(tipPence) };
}

/** A cash sale kept in History as CASH, COMPLETED, with what was handed over and its basket. */
function keepCash(
  { tracker, baskets }: Pick<CounterPaymentOptions, 'tracker' | 'baskets'>,
  request: CashRequest,
  paymentRequestId: string,
  orderId: string,
  sale: { tenderedPence: number; at: string; paidAmount: number; createdAt: number },
) {
  tracker.track({
    paymentRequestId,
    origin: 'counter',
    amountPence: request.amountPence,
    orderId,
    notes: request.notes,
    // What was handed over: the console and the display show the change from it.
    metadata: { tenderedPence: String(sale.tenderedPence) },
    paymentMethodRestriction: 'CASH',
    source: 'local',
    createdAt: sale.createdAt,
    expiresAt: null,
  });
  tracker.report({
    paymentRequestId,
    status: 'COMPLETED',
    source: 'local',
    at: sale.at,
    paidAmount: sale.paidAmount,
    tipAmount: 0,
    paymentMethod: 'CASH',
  });
  if (request.lines?.length) baskets.save(paymentRequestId, request.lines);
}

/** The sale recorded here under a local id and queued for the service (offline-cash.ts). */
function cashOffline(
  options: CounterPaymentOptions,
  offlineCash: OfflineCash,
  request: CashRequest,
  attempt: { idempotencyKey: string; orderId: string },
  body: CashSaleBody,
): string {
  // The service would refuse it on its return, with the customer long gone: refuse it now.
  if (request.tenderedPence < request.amountPence)
    throw new KioskError(
      `${formatPence(request.tenderedPence)} is less than the ${formatPence(request.amountPence)} to pay: nothing was taken`,
      'tenderedPence',
    );
  // A payment id of the kiosk's making until the service gives its own (kept beside it).
  const localId = randomUUID();
  const at = options.now();
  offlineCash.atomically(() => {
    // Answered now, so a later sale of the same amount is a sale of its own, not this retry.
    options.attempts.settle(attempt.idempotencyKey, localId);
    offlineCash.queue({
      kind: 'CASH_SALE',
      idempotencyKey: attempt.idempotencyKey,
      localId,
      amountPence: request.amountPence,
      // Exactly what was sent the first time: the key answers only for the same request.
      body,
      // The service dates the sale when the customer paid, not when it is sent.
      takenAt: new Date(at).toISOString(),
    });
    keepCash(options, request, localId, attempt.orderId, {
      tenderedPence: request.tenderedPence,
      at: new Date(at).toISOString(),
      paidAmount: penceToPounds(request.amountPence),
      createdAt: at,
    });
  });
  return localId;
}

/** Creates the payment at the service and answers its id, once it is tracked. */
export function createCounterPayments(options: CounterPaymentOptions) {
  const { attempts, tracker, baskets, now } = options;
  const staff = () => options.takenBy?.() ?? undefined;

  async function send(client: ApiClient, request: CounterRequest) {
    // Written before the request leaves: a retry after a lost answer reuses its key and order id,
    // so the service answers with the payment it already made (history/attempts.ts).
    const attempt = attempts.open({
      amountPence: request.amountPence,
      notes: request.notes,
      paymentMethodRestriction: request.method,
    });
    try {
      const created = await client.call('processPayment', {
        body: {
          customerId: 'counter',
          orderId: attempt.orderId,
          amount: penceToPounds(request.amountPence),
          notes: request.notes ?? undefined,
          paymentMethod: request.method ? [request.method] : undefined,
          template: 'EXTERNAL_DISPLAY',
          // Kept with the payment by the service too, so its receipt page and image list them.
          lineItems: request.lines?.length ? lineItemsOfBasket(request.lines) : undefined,
          // Who keyed it in, for a payment held in line that runs later.
          staff: request.staff ?? staff(),
          ...tipFields(request.tipPence),
        },
        idempotencyKey: attempt.idempotencyKey,
      });
      return { created, attempt };
    } catch (error) {
      // The limit may have changed on the dashboard since the kiosk last read it.
      if (error instanceof ApiClientError && /largest payment/.test(error.message))
        options.onLimitRefused();
      // A refusal changed nothing on the service; a lost answer (no connection, 5xx, 429) keeps
      // the attempt for the retry.
      if (error instanceof ApiClientError && error.status >= 400 && error.status < 500)
        if (error.status !== 429) attempts.drop(attempt.idempotencyKey);
      throw explain(error, 'amountPence');
    }
  }

  /**
   * Records a cash sale at the service, COMPLETED at once. Its attempt is written first, as a
   * counter payment's is, so a retry after a lost answer sends the same key and the sale is
   * recorded once; then it is kept in History as CASH with what was handed over.
   */
  async function cash(request: CashRequest): Promise<string> {
    const client = options.client();
    if (!client) throw new KioskError('Pair this kiosk before taking payments');
    const attempt = attempts.open({
      amountPence: request.amountPence,
      notes: request.notes,
      paymentMethodRestriction: 'CASH',
    });
    const body = {
      orderId: attempt.orderId,
      amount: penceToPounds(request.amountPence),
      tenderedPence: request.tenderedPence,
      notes: request.notes ?? undefined,
      lineItems: request.lines?.length ? lineItemsOfBasket(request.lines) : undefined,
      staff: staff(),
    };
    let sale;
    try {
      sale = await client.call('recordCashPayment', {
        body,
        idempotencyKey: attempt.idempotencyKey,
      });
    } catch (error) {
      // Out of reach (or the answer was lost): the sale goes on here and is sent, with this
      // same key, when the service is back; a sale it already has is then answered, not repeated.
      if (isUnreachable(error) && options.offlineCash)
        return cashOffline(options, options.offlineCash, request, attempt, body);
      if (error instanceof ApiClientError && /largest payment/.test(error.message))
        options.onLimitRefused();
      // A 400 refused it and recorded nothing. A 409 (the key was sent with another tender
      // after a lost answer) may mean it was recorded: the attempt is kept rather than dropped.
      if (error instanceof ApiClientError && error.status === 400)
        attempts.drop(attempt.idempotencyKey);
      throw explain(error, 'tenderedPence');
    }
    attempts.settle(attempt.idempotencyKey, sale.paymentRequestId);
    keepCash(options, request, sale.paymentRequestId, attempt.orderId, {
      tenderedPence: sale.tenderedPence,
      at: sale.updatedAt,
      paidAmount: sale.paidAmount,
      createdAt: Date.parse(sale.createdAt),
    });
    return sale.paymentRequestId;
  }

  return {
    cash,
    async create(request: CounterRequest): Promise<string> {
      const client = options.client();
      if (!client) throw new KioskError('Pair this kiosk before taking payments');
      const { created, attempt } = await send(client, request);
      attempts.settle(attempt.idempotencyKey, created.paymentRequestId);
      const record = await client
        .call('getPaymentStatus', { params: { paymentRequestId: created.paymentRequestId } })
        .catch(() => null);
      tracker.track({
        paymentRequestId: created.paymentRequestId,
        origin: 'counter',
        amountPence: request.amountPence,
        orderId: attempt.orderId,
        notes: request.notes,
        // The tip chosen on the display, shown with the QR code until the service says paid.
        ...(typeof request.tipPence === 'number' && request.tipPence > 0
          ? { metadata: { tipChosenPence: String(request.tipPence) } }
          : {}),
        paymentMethodRestriction: request.method,
        paymentUrl: created.paymentUrl,
        qrCodeUrl: created.qrCodeUrl,
        qrCodeUrlPng: created.qrCodeUrlPng,
        templateUrl: created.templateUrl,
        source: 'local',
        createdAt: record ? Date.parse(record.createdAt) : now(),
        expiresAt: record ? Date.parse(record.expiresAt) : now() + 180_000,
      });
      if (request.lines?.length) baskets.save(created.paymentRequestId, request.lines);
      return created.paymentRequestId;
    },
  };
}
export type CounterPayments = ReturnType<typeof createCounterPayments>;
