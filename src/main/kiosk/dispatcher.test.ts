/**
 * The bridge's dispatcher on its own: a command that fails its input schema is refused with the
 * field named and reaches no handler; staff-only commands (the contract's `staff` flag) pass the
 * PIN guard first; an answer outside the command's reply schema never reaches a window.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BridgeCommand } from '../../shared/bridge';
import { createDispatcher, type Handlers } from './dispatcher';
import { KioskError } from './kiosk-error';
import { StaffRefusal } from './staff-pin';

/** Every handler records the command it was given; `overrides` replace some. */
function harness(overrides: Partial<Handlers> = {}) {
  const ran: BridgeCommand[] = [];
  const pins: string[] = [];
  const logged: string[] = [];
  const record =
    (answer: unknown) =>
    (command: BridgeCommand): never => {
      ran.push(command);
      return answer as never;
    };
  const handlers = new Proxy({} as Handlers, {
    get: (_target, name: string) =>
      (overrides as Record<string, unknown>)[name] ?? record({ printed: false }),
  });
  const dispatcher = createDispatcher({
    handlers,
    identify: async (pin) => {
      pins.push(pin);
      return pin === '2468'
        ? { id: 'o', name: 'Owner', role: 'owner' as const }
        : new StaffRefusal('That PIN is not right', 'pin');
    },
    log: (line) => logged.push(line),
  });
  return { dispatcher, ran, pins, logged };
}

describe('the bridge dispatcher', () => {
  it('refuses an input that fails its schema, naming the field, and runs nothing', async () => {
    const { dispatcher, ran, pins } = harness();
    expect(await dispatcher.handle({ type: 'startPayment', amountPence: 123.4 })).toEqual({
      ok: false,
      error: { message: 'amountPence: must be a whole number of pence', field: 'amountPence' },
    });
    expect(
      await dispatcher.handle({ type: 'listHistory', query: { orderId: 'x'.repeat(51) } }),
    ).toMatchObject({ ok: false, error: { field: 'query.orderId' } });
    // A staff command with a malformed PIN is refused by its schema, before the guard counts it.
    expect(
      await dispatcher.handle({ type: 'refundPayment', paymentRequestId: randomUUID(), pin: '1' }),
    ).toEqual({
      ok: false,
      error: { message: 'pin: must be the 4-8 digit staff PIN', field: 'pin' },
    });
    expect(await dispatcher.handle({ type: 'nope' })).toEqual({
      ok: false,
      error: { message: 'type: is not a command of the kiosk', field: 'type' },
    });
    expect(await dispatcher.handle(null)).toMatchObject({ ok: false, error: { field: 'type' } });
    expect(ran).toEqual([]);
    expect(pins).toEqual([]);
  });

  it('checks the PIN of exactly the commands the contract marks staff, before their handler', async () => {
    const { dispatcher, ran, pins } = harness();
    const id = randomUUID();
    expect(
      await dispatcher.handle({ type: 'refundPayment', paymentRequestId: id, pin: '1111' }),
    ).toEqual({ ok: false, error: { message: 'That PIN is not right', field: 'pin' } });
    expect(ran).toEqual([]);
    expect(pins).toEqual(['1111']);
    // Not a staff command: no PIN asked for, the handler runs.
    expect(await dispatcher.handle({ type: 'printReceipt', paymentRequestId: id })).toEqual({
      ok: true,
      result: { printed: false },
    });
    expect(ran).toEqual([{ type: 'printReceipt', paymentRequestId: id }]);
    expect(pins).toEqual(['1111']);
  });

  it('hands the handler the parsed command (trimmed, defaults applied)', async () => {
    const given: unknown[] = [];
    const { dispatcher } = harness({
      listHistory: (command) => {
        given.push(command);
        return { payments: [], nextCursor: null };
      },
    });
    expect(await dispatcher.handle({ type: 'listHistory', query: { orderId: ' A-1 ' } })).toEqual({
      ok: true,
      result: { payments: [], nextCursor: null },
    });
    expect(given).toEqual([{ type: 'listHistory', query: { orderId: 'A-1', limit: 50 } }]);
  });

  it('catches a reply that does not match the command’s reply schema', async () => {
    const { dispatcher, logged } = harness({
      // Deliberately wrong: printReceipt answers { printed: boolean }.
      printReceipt: (() => ({ printed: 'yes' })) as unknown as Handlers['printReceipt'],
      // And a reply missing a field.
      getPayment: (() => ({ changes: [] })) as unknown as Handlers['getPayment'],
    });
    const id = randomUUID();
    expect(await dispatcher.handle({ type: 'printReceipt', paymentRequestId: id })).toEqual({
      ok: false,
      error: {
        message:
          'The kiosk answered printReceipt with something unexpected (printed: Invalid input: expected boolean, received string)',
      },
    });
    expect(await dispatcher.handle({ type: 'getPayment', paymentRequestId: id })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/^The kiosk answered getPayment .*\(payment: /) },
    });
    expect(logged).toHaveLength(2);
  });

  it('answers a handler’s KioskError with its message and field', async () => {
    const { dispatcher } = harness({
      removeHeldPayment: () => {
        throw new KioskError('That payment is no longer waiting', 'id');
      },
    });
    expect(await dispatcher.handle({ type: 'removeHeldPayment', id: 'h1' })).toEqual({
      ok: false,
      error: { message: 'That payment is no longer waiting', field: 'id' },
    });
  });
});
