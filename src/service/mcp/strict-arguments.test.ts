/**
 * A tool given an argument it does not take refuses the call, naming that argument and the ones
 * it takes, and does nothing: terminal_push_payment has no orderId (the service makes a remote
 * payment's order reference itself), so a model that sends one must not see the push succeed.
 * Real service on loopback, the real MCP SDK client over /mcp.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpMcp, type TestMcp } from '../../../test/helpers/mcp';
import { pairTerminal, SANDBOX, startService, type Harness } from '../../../test/helpers/service';

let h: Harness;
let mcp: TestMcp;
beforeAll(async () => {
  h = await startService();
  mcp = await httpMcp(h.url, SANDBOX);
});
afterAll(async () => {
  await mcp?.close();
  await h.close();
});

async function pushableTerminal(name: string) {
  const paired = await pairTerminal(h, name);
  const token = await h.call('PUT', '/api/terminal/push-token', { fcmToken: 'fcm' }, paired.secret);
  expect(token.status).toBe(200);
  return paired.terminal.id;
}

const paymentsOf = async (terminalId: string) =>
  (await h.call('GET', `/api/payment-requests?terminalId=${terminalId}`)).body.totalCount as number;

describe('MCP tools refuse arguments they do not take', () => {
  it('terminal_push_payment with an orderId: an error naming orderId, and nothing is pushed', async () => {
    const terminalId = await pushableTerminal('Till strict');
    const refused = await mcp.call('terminal_push_payment', {
      id: terminalId,
      amount: 7,
      orderId: 'A-1001',
      idempotencyKey: randomUUID(),
    });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('terminal_push_payment does not take orderId');
    // What it does take, so the model can put the reference somewhere that is kept.
    expect(refused.text).toMatch(/it takes id, amount, .*notes.*metadata/);
    expect(await paymentsOf(terminalId)).toBe(0);

    const pushed = await mcp.call('terminal_push_payment', {
      id: terminalId,
      amount: 7,
      metadata: { orderId: 'A-1001' },
      idempotencyKey: randomUUID(),
    });
    expect(pushed.isError).toBe(false);
    expect(await paymentsOf(terminalId)).toBe(1);
  });

  it('every tool: an unknown argument is refused by name, a tool with no input takes none', async () => {
    const none = await mcp.call('terminals_list', { storeId: 'main' });
    expect(none.isError).toBe(true);
    expect(none.text).toContain('terminals_list does not take storeId (it takes none)');
    const status = await mcp.call('payment_request_status', {
      paymentRequestId: randomUUID(),
      verbose: true,
    });
    expect(status.isError).toBe(true);
    expect(status.text).toContain('payment_request_status does not take verbose');

    // The schemas a client reads say so too.
    const { tools } = await mcp.client.listTools();
    expect(tools.length).toBeGreaterThan(5);
    for (const tool of tools)
      expect([tool.name, tool.inputSchema.additionalProperties]).toEqual([tool.name, false]);
  });
});
