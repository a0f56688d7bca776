/**
 * A terminal's largest payment from the dashboard's stores against a real service: set through
 * updateTerminal, checked in the page before a push in the service's own words, and the
 * service's own refusal (the limit lowered meanwhile) shown by the amount field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionApi, type SessionApi } from '../../src/dashboard/lib/api';
import { createPaymentsStore, type PushInput } from '../../src/dashboard/store/payments';
import { createTerminalsStore } from '../../src/dashboard/store/terminals';
import { startService, type Harness } from '../helpers/service';
import { connectSse, type SseConnection } from '../helpers/sse';

let h: Harness;
let api: SessionApi;
let kiosk: SseConnection | undefined;
beforeAll(async () => {
  h = await startService();
  api = createSessionApi({
    baseUrl: h.url,
    secret: 'sk_sandbox_test_secret',
    onUnauthorized: () => {},
  });
});
afterAll(async () => {
  kiosk?.close();
  await h.close();
});

describe("a terminal's largest payment", () => {
  it('is set from the Terminals page, refusing what is not an amount', async () => {
    const code = await h.call('POST', '/api/terminal/pairing-codes', {});
    const paired = await h.call(
      'POST',
      '/api/terminal/pair',
      { code: code.body.code, name: 'Till' },
      null,
    );
    const id = paired.body.terminal.id as string;
    kiosk = await connectSse(`${h.url}/api/terminal/events`, paired.body.secret);
    await kiosk.next((e) => e.event === 'ready');

    const terminals = createTerminalsStore(api.call);
    await terminals.getState().refresh();
    expect(terminals.getState().terminals![0]!.maxAmount).toBe(10_000);

    expect(await terminals.getState().setMaxAmount(id, '12.345')).toBe(false);
    expect(terminals.getState().limitErrors[id]).toBe(
      'Enter the amount in pounds, such as 12.50: digits only, at most 2 decimal places.',
    );
    expect(await terminals.getState().setMaxAmount(id, '0')).toBe(false);
    expect(terminals.getState().limitErrors[id]).toBe('The amount must be more than £0.00.');
    expect((await h.call('GET', `/api/terminal`)).body[0].maxAmount).toBe(10_000);

    expect(await terminals.getState().setMaxAmount(id, '£1,250.50')).toBe(true);
    expect(terminals.getState().limitErrors[id]).toBeUndefined();
    expect(terminals.getState().terminals![0]!.maxAmount).toBe(1250.5);
    expect((await h.call('GET', `/api/terminal`)).body[0].maxAmount).toBe(1250.5);

    // The push form checks that limit first, in the service's words, and sends nothing.
    const payments = createPaymentsStore(api.call);
    const push = (over: Partial<PushInput>) =>
      payments.getState().push({
        terminalId: id,
        terminalName: 'Till',
        terminalMaxPence: 125_050,
        amount: '2000',
        method: '',
        notes: '',
        ...over,
      });
    expect(await push({})).toBe(false);
    expect(payments.getState()).toMatchObject({
      pushError: "Amount £2,000.00 is more than this terminal's largest payment, £1,250.50.",
      pushErrorField: 'amount',
    });
    expect((await h.call('GET', '/api/payment-requests?page=0&size=10')).body.totalCount).toBe(0);

    // The limit lowered elsewhere since the page read it: the service refuses, naming amount.
    await h.call('PUT', `/api/terminal/${id}`, { maxAmount: 5 });
    expect(await push({ amount: '20' })).toBe(false);
    expect(payments.getState()).toMatchObject({
      pushError: "Amount £20.00 is more than this terminal's largest payment, £5.00.",
      pushErrorField: 'amount',
    });
    expect((await h.call('GET', '/api/payment-requests?page=0&size=10')).body.totalCount).toBe(0);

    expect(await push({ amount: '5', terminalMaxPence: 500 })).toBe(true);
  });
});
