import { describe, expect, expectTypeOf, it } from 'vitest';
import type {
  BridgeCommand,
  BridgeReply,
  DrawerResult,
  EndOfDayReport,
  KioskRefund,
  ReplyOf,
} from '../../../shared/bridge';
import type { RendererBridge } from '../bridge/types';
import { runCommand, type OutcomeOf } from './run-command';

function bridgeAnswering(reply: BridgeReply) {
  const sent: BridgeCommand[] = [];
  const bridge: RendererBridge = {
    invoke: async (command) => {
      sent.push(command);
      return reply;
    },
    subscribe: () => () => {},
    link: () => 'open',
    onLink: () => () => {},
  };
  return { bridge, sent };
}

describe('runCommand', () => {
  it('does not send a command the contract refuses', async () => {
    const { bridge, sent } = bridgeAnswering({ ok: true, result: null });
    const outcome = await runCommand(
      bridge,
      { type: 'startPayment', amountPence: 0, paymentMethod: null },
      { amountPence: 'The amount' },
    );
    expect(sent).toEqual([]);
    expect(outcome).toEqual({
      ok: false,
      error: { field: 'amountPence', message: 'The amount must be greater than 0.' },
    });
  });

  it('sends the parsed command and words the core’s refusal', async () => {
    const { bridge, sent } = bridgeAnswering({
      ok: false,
      error: { message: 'Pair this kiosk before taking payments' },
    });
    const outcome = await runCommand(
      bridge,
      { type: 'startPayment', amountPence: 500, notes: ' hi ', paymentMethod: 'CARD' },
      { amountPence: 'The amount' },
    );
    expect(sent).toEqual([
      { type: 'startPayment', amountPence: 500, notes: 'hi', paymentMethod: 'CARD' },
    ]);
    expect(outcome).toEqual({
      ok: false,
      error: { field: null, message: 'Pair this kiosk before taking payments.' },
    });
  });

  it('gives the command’s reply, typed by the contract, with no cast', async () => {
    const id = '7d3c8a52-4a8e-4d5e-9d43-1f6b7f0c2a10';
    const { bridge } = bridgeAnswering({ ok: true, result: { printed: true } });
    const outcome = await runCommand(bridge, { type: 'printReceipt', paymentRequestId: id }, {});
    expectTypeOf(outcome).toEqualTypeOf<OutcomeOf<'printReceipt'>>();
    expect(outcome).toEqual({ ok: true, result: { printed: true } });
    if (outcome.ok) expectTypeOf(outcome.result).toEqualTypeOf<{ printed: boolean }>();

    const _endOfDay = () => runCommand(bridge, { type: 'endOfDayReport', pin: '2468' }, {});
    type EndOfDayResult = Extract<Awaited<ReturnType<typeof _endOfDay>>, { ok: true }>['result'];
    expectTypeOf<EndOfDayResult>().toEqualTypeOf<{ report: EndOfDayReport; csv: string }>();
    expectTypeOf<EndOfDayResult>().toEqualTypeOf<ReplyOf<'endOfDayReport'>>();
    const _refund = () =>
      runCommand(bridge, { type: 'refundPayment', paymentRequestId: id, pin: '2468' }, {});
    type RefundResult = Extract<Awaited<ReturnType<typeof _refund>>, { ok: true }>['result'];
    // A cash payment's refund also says whether the drawer opened.
    expectTypeOf<Omit<RefundResult, 'drawer'>>().toEqualTypeOf<KioskRefund>();
    expectTypeOf<RefundResult['drawer']>().toEqualTypeOf<DrawerResult | undefined>();
  });

  it('turns an answer that is not the command’s reply into an error for the form', async () => {
    const id = '7d3c8a52-4a8e-4d5e-9d43-1f6b7f0c2a10';
    const { bridge } = bridgeAnswering({ ok: true, result: { printed: 'yes' } });
    const outcome = await runCommand(bridge, { type: 'printReceipt', paymentRequestId: id }, {});
    expect(outcome).toMatchObject({
      ok: false,
      error: { field: null, message: expect.stringMatching(/answered printReceipt/) },
    });
  });
});
