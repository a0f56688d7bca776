/**
 * The event router, fed the terminal's real events: a paired terminal's event feed on the real
 * service (the same events the push stream carries), each routed as the kiosk routes them. The
 * till system's basket goes on the display and with the next remote payment; a remote payment
 * joins the display line; statuses reach the tracker; a refund's status reaches the refund
 * tracker and never the payment; the same events again change nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../client/http-client';
import { api, pairTerminal, runningService, type Cleanups } from '../../../test/helpers/kiosk';
import { createDraftBasket } from './draft-basket';
import { createEventRouter } from './event-router';
import { createBasketStore } from './history/basket';
import { openHistory } from './history/history';
import { createRefundHistory } from './history/refunds';
import { parsePushEvent } from './push-channel';
import { createRefundTracker } from './refund-tracker';
import { createTracker } from './tracker';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup() {
  const { url } = await runningService(cleanups);
  const till = await pairTerminal(url);
  const terminal = createClient({ baseUrl: url, secret: till.secret });
  const history = openHistory(null);
  cleanups.push(() => history.close());
  const tracker = createTracker(history);
  const refunds = createRefundHistory(history.db, Date.now);
  const refundTracker = createRefundTracker(history, refunds, Date.now);
  const baskets = createBasketStore(history.db);
  const basket = createDraftBasket();
  const line: string[] = [];
  let changes = 0;
  const router = createEventRouter({
    history,
    tracker,
    baskets,
    basket,
    enqueue: (id) => void (line.includes(id) || line.push(id)),
    reportRefund: (report) => void (report && refundTracker.report(report)),
    refreshProfile: async () => {},
    onChange: () => void (changes += 1),
    now: Date.now,
  });
  /**
   * Every event of the terminal's feed after `after` (from "0", the terminal's first: without
   * an id the feed starts from now), routed as polled; answers the last id.
   */
  async function route(after = '0') {
    const page = await terminal.call('pollTerminalEvents', { query: { after, limit: 100 } });
    for (const event of page.events)
      await router.push(parsePushEvent(event.id, event.type, event.body), 'poll');
    return page.events.at(-1)?.id ?? after;
  }
  // The terminal reads its feed once, as an open kiosk does: the service then sends it payments.
  await route();
  return {
    url,
    terminalId: till.terminal.id,
    history,
    refunds,
    baskets,
    basket,
    line,
    changes: () => changes,
    route,
  };
}

describe('the event router', () => {
  it("puts the till's basket on the display, then gives it to the remote payment that follows", async () => {
    const t = await setup();
    await api(t.url, 'POST', `/api/terminal/${t.terminalId}/display`, {
      currency: 'GBP',
      lineItems: [{ description: 'Flat white', quantity: 2, unitAmount: 3.2 }],
    });
    const cursor = await t.route();
    const lines = [{ description: 'Flat white', quantity: 2, unitPence: 320 }];
    expect(t.basket.current()).toEqual({ source: 'till', lines, currency: 'GBP' });

    const { paymentRequestId: id } = await api(
      t.url,
      'POST',
      '/api/terminal/process-remote-payment',
      {
        id: t.terminalId,
        amount: 6.4,
        notes: 'Table 4',
      },
    );
    await t.route(cursor);
    expect(t.history.get(id)).toMatchObject({
      origin: 'remote',
      amountPence: 640,
      notes: 'Table 4',
      status: 'PAYMENT_NOT_INITIATED',
    });
    expect(t.history.changes(id).map((c) => c.source)).toEqual(['poll']);
    expect(t.line).toEqual([id]);
    expect(t.baskets.of(id)).toEqual(lines);
    expect(t.basket.current()).toBeNull();

    // Every event again (a replay after a restart): nothing changes, nothing is queued twice.
    await t.route();
    expect(t.line).toEqual([id]);
    expect(t.baskets.of(id)).toEqual(lines);
    expect(t.history.changes(id)).toHaveLength(1);
  });

  it("hands a payment's status to the tracker, and a refund's to the refund tracker only", async () => {
    const t = await setup();
    const { paymentRequestId: id } = await api(
      t.url,
      'POST',
      '/api/terminal/process-remote-payment',
      {
        id: t.terminalId,
        amount: 10,
      },
    );
    let cursor = await t.route();
    await api(t.url, 'POST', `/api/sandbox/payment-requests/${id}/simulate`, {
      paymentMethod: 'CARD',
      outcome: 'COMPLETED',
    });
    cursor = await t.route(cursor);
    expect(t.history.get(id)).toMatchObject({ status: 'COMPLETED', paidPence: 1000 });
    const paid = t.history.changes(id);
    expect(paid.map((c) => c.source).every((source) => source === 'poll')).toBe(true);

    const refund = await api(t.url, 'POST', `/api/refund/${id}`, { amount: 2.5 });
    await api(t.url, 'POST', '/api/sandbox/clock/advance', { ms: 3_000 });
    await t.route(cursor);
    expect(t.refunds.get(refund.refundId)).toMatchObject({
      paymentRequestId: id,
      amountPence: 250,
      status: 'COMPLETED',
    });
    expect(t.refunds.changes(refund.refundId).every((c) => c.source === 'poll')).toBe(true);
    // The refund's statuses are not the payment's: its history ends where it did.
    expect(t.history.changes(id)).toEqual(paid);
  });
});
