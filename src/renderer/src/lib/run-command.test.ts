import { describe, expect, it } from 'vitest';
import type { BridgeCommand, BridgeReply } from '../../../shared/bridge';
import type { RendererBridge } from '../bridge/types';
import { runCommand } from './run-command';

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
      { type: 'startPayment', amount: 0, paymentMethod: null },
      { amount: 'The amount' },
    );
    expect(sent).toEqual([]);
    expect(outcome).toEqual({
      ok: false,
      error: { field: 'amount', message: 'The amount must be greater than 0.' },
    });
  });

  it('sends the parsed command and words the core’s refusal', async () => {
    const { bridge, sent } = bridgeAnswering({
      ok: false,
      error: { message: 'Pair this kiosk before taking payments' },
    });
    const outcome = await runCommand(
      bridge,
      { type: 'startPayment', amount: 5, notes: ' hi ', paymentMethod: 'CARD' },
      { amount: 'The amount' },
    );
    expect(sent).toEqual([{ type: 'startPayment', amount: 5, notes: 'hi', paymentMethod: 'CARD' }]);
    expect(outcome).toEqual({
      ok: false,
      error: { field: null, message: 'Pair this kiosk before taking payments.' },
    });
  });
});
