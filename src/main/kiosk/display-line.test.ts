/**
 * The display line against the real service on loopback, with a real history and tracker: a
 * counter payment started while the display is busy is held and created at the service only on
 * its turn; one the service cannot be reached for stays first in line with the reason until
 * staff try again; a finished payment stays on the display a moment, then gives way.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createClient, type ApiClient } from '../../client/http-client';
import { api, runningService, type Cleanups } from '../../../test/helpers/kiosk';
import { SANDBOX } from '../../../test/helpers/service';
import { poll } from '../../../test/helpers/webhook-receiver';
import { createCounterPayments } from './counter-payment';
import { createDisplayLine } from './display-line';
import { createDraftBasket } from './draft-basket';
import { createAttempts } from './history/attempts';
import { createBasketStore } from './history/basket';
import { openHistory } from './history/history';
import { createTracker } from './tracker';
import { paymentView } from './view';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A display line on an in-memory history, creating payments with `client()` (a merchant's). */
function line(client: () => ApiClient | null, holdMs = 60_000) {
  const history = openHistory(null);
  const tracker = createTracker(history);
  const displayLine = createDisplayLine({
    dataDir: null,
    history,
    counterPayments: createCounterPayments({
      client,
      attempts: createAttempts(history.db, Date.now),
      tracker,
      baskets: createBasketStore(history.db),
      onLimitRefused: () => {},
      now: Date.now,
    }),
    basket: createDraftBasket(),
    paired: () => client() !== null,
    view: (p) => paymentView(p),
    onChange: () => {},
    holdMs,
    now: Date.now,
  });
  tracker.subscribe((payment) => displayLine.changed(payment));
  cleanups.push(() => {
    displayLine.stop();
    history.close();
  });
  return { line: displayLine, tracker };
}

const onDisplay = (l: ReturnType<typeof line>['line']) => l.payments().map((p) => p.amountPence);

describe('the display line', () => {
  it('holds a payment until the display is free; one the service cannot be reached for waits first, with the reason, until staff try again', async () => {
    const first = await runningService(cleanups);
    const port = Number(new URL(first.url).port);
    const client = createClient({ baseUrl: first.url, secret: SANDBOX, timeoutMs: 2_000 });
    const { line: l } = line(() => client);
    const requests = async (url: string) =>
      (await api(url, 'GET', '/api/payment-requests?size=100')).totalCount as number;

    const shown = await l.start({ amountPence: 500, notes: null, method: null });
    expect(shown).toMatchObject({ queued: false, payment: { amountPence: 500 } });
    const held = await l.start({ amountPence: 750, notes: 'Second', method: null });
    expect(held).toMatchObject({ queued: true, position: 1, held: { amountPence: 750 } });
    expect(await requests(first.url)).toBe(1); // held, not created
    const shownId = shown.queued ? null : shown.payment.paymentRequestId;
    expect(l.pollTargets().active).toBe(shownId);

    // The service goes away; the display frees: the held payment cannot be created.
    await first.close();
    l.dismiss(shownId!);
    await poll(() => l.held()[0]?.error !== null, 5_000, 'the held payment to fail');
    expect(l.held()).toMatchObject([
      {
        amountPence: 750,
        error: 'The payments service cannot be reached; check the connection and try again',
      },
    ]);
    expect(onDisplay(l)).toEqual([]);

    // It answers again on its address: staff press Try again and it goes on the display.
    const second = await runningService(cleanups, { port });
    const id = held.queued ? held.held.id : '';
    expect(await l.retryHeld(id)).toBeNull();
    expect(onDisplay(l)).toEqual([750]);
    expect(l.held()).toEqual([]);
    expect(await requests(second.url)).toBe(1);
    expect(await l.retryHeld(id)).toBe(false); // no longer waiting
    expect(l.removeHeld(id)).toBe(false);
  });

  it('keeps a finished payment on the display for the hold, then shows the next one', async () => {
    const { line: l, tracker } = line(() => null, 100);
    const remote = (n: number) => {
      const id = `00000000-0000-4000-8000-00000000000${n}`;
      tracker.track({
        paymentRequestId: id,
        origin: 'remote',
        amountPence: n * 100,
        createdAt: Date.now() + n,
        expiresAt: Date.now() + 180_000,
        source: 'push',
      });
      l.enqueue(id);
      return id;
    };
    const a = remote(1);
    const b = remote(2);
    l.enqueue(a); // heard again (push, then the feed): still once in line
    expect(onDisplay(l)).toEqual([100, 200]);
    // The payment on the display is polled fast; the others slowly.
    expect(l.pollTargets()).toEqual({ active: a, others: [b] });

    tracker.report({ paymentRequestId: a, status: 'COMPLETED', source: 'push' });
    expect(onDisplay(l)).toEqual([100, 200]); // "Paid — thank you" stays a moment
    await poll(() => onDisplay(l).length === 1, 5_000, 'the paid payment to leave the display');
    expect(l.payments()[0]!.paymentRequestId).toBe(b);
    expect(l.pollTargets()).toEqual({ active: b, others: [] });
  });
});
