/**
 * Who created a remote payment request travels with its REMOTE_PAYMENT_REQUEST event, so the
 * terminal can say "From the dashboard", "From MCP (assistant)", "From the API" or "From an
 * agent": an API client by default, the client's own Counter-Client header, the dashboard's
 * same-origin calls (the browser's Sec-Fetch-Site), and the MCP server's tools (over /mcp, with the real SDK client). An unknown
 * name is refused, naming the header, and nothing is pushed. Real service on loopback.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpMcp } from '../../../test/helpers/mcp';
import { pairTerminal, SANDBOX, startService, type Harness } from '../../../test/helpers/service';

let h: Harness;
let terminal: { id: string; secret: string };
beforeAll(async () => {
  h = await startService();
  const paired = await pairTerminal(h, 'Till creators');
  terminal = { id: paired.terminal.id, secret: paired.secret };
  const token = await h.call('PUT', '/api/terminal/push-token', { fcmToken: 'f' }, paired.secret);
  expect(token.status).toBe(200);
});
afterAll(() => h.close());

/** A remote payment pushed by `fetch` with these headers: the answer's status and body. */
async function push(headers: Record<string, string>) {
  const res = await fetch(`${h.url}/api/terminal/process-remote-payment`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${SANDBOX}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
      ...headers,
    },
    body: JSON.stringify({ id: terminal.id, amount: 4.5 }),
  });
  return {
    status: res.status,
    body: (await res.json()) as { paymentRequestId?: string; errors?: unknown },
  };
}

/** What the terminal's event feed says created each remote payment, by its id. */
async function creators(): Promise<Map<unknown, unknown>> {
  const feed = await h.call(
    'GET',
    '/api/terminal/events/feed?limit=100',
    undefined,
    terminal.secret,
  );
  expect(feed.status).toBe(200);
  const events = feed.body.events as { type: string; body: { data: Record<string, unknown> } }[];
  return new Map(
    events
      .filter((e) => e.type === 'REMOTE_PAYMENT_REQUEST')
      .map((e) => [e.body.data.paymentRequestId, e.body.data.createdBy]),
  );
}

describe('who created a remote payment request', () => {
  it('an API client by default, or the client the Counter-Client header names', async () => {
    const api = await push({});
    const agent = await push({ 'counter-client': 'agent' });
    const dashboard = await push({ 'Counter-Client': 'Dashboard' });
    for (const r of [api, agent, dashboard]) expect(r.status).toBe(200);
    const by = await creators();
    expect(by.get(api.body.paymentRequestId)).toBe('api');
    expect(by.get(agent.body.paymentRequestId)).toBe('agent');
    expect(by.get(dashboard.body.paymentRequestId)).toBe('dashboard');
  });

  it("the dashboard's own calls: a browser's same-origin fetch (Sec-Fetch-Site)", async () => {
    const own = await push({ 'sec-fetch-site': 'same-origin' });
    const elsewhere = await push({ 'sec-fetch-site': 'cross-site' });
    const by = await creators();
    expect(by.get(own.body.paymentRequestId)).toBe('dashboard');
    expect(by.get(elsewhere.body.paymentRequestId)).toBe('api');
  });

  it('a payment pushed by the MCP tool says MCP', async () => {
    const mcp = await httpMcp(h.url, SANDBOX);
    try {
      const pushed = await mcp.call('terminal_push_payment', {
        id: terminal.id,
        amount: 3,
        idempotencyKey: randomUUID(),
      });
      expect(pushed.isError).toBe(false);
      const { paymentRequestId } = JSON.parse(pushed.text.slice(pushed.text.indexOf('\n') + 1));
      expect((await creators()).get(paymentRequestId)).toBe('mcp');
    } finally {
      await mcp.close();
    }
  });

  it('refuses a client it does not know, naming the header, and pushes nothing', async () => {
    const before = (await creators()).size;
    const refused = await push({ 'counter-client': 'robot' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { field: 'Counter-Client', message: 'must be one of api, dashboard, mcp, agent' },
    ]);
    expect((await creators()).size).toBe(before);
  });
});
