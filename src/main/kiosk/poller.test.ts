/** The status poller against the real service, and against a fake one that goes away and back. */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../client/http-client';
import { SANDBOX, startService, type Harness } from '../../../test/helpers/service';
import { createPoller, type Poller, type PollerOptions, type PollTargets } from './poller';
import type { StatusReport } from './types';

const wait = { timeout: 10_000, interval: 20 };
const pollers: Poller[] = [];
afterEach(async () => {
  await Promise.all(pollers.splice(0).map((p) => p.stop()));
});

function recordingPoller(
  baseUrl: string,
  targets: PollTargets,
  extra: Partial<PollerOptions> = {},
) {
  const reports: StatusReport[] = [];
  const reachability: boolean[] = [];
  const notFound: string[] = [];
  const errors: Error[] = [];
  const poller = createPoller({
    client: createClient({ baseUrl, secret: SANDBOX, timeoutMs: 2_000 }),
    sink: { report: (r) => void reports.push(r) },
    ids: () => targets,
    fastMs: 20,
    slowMs: 200,
    onReachability: (ok) => void reachability.push(ok),
    onNotFound: (id) => void notFound.push(id),
    onError: (e) => void errors.push(e),
    ...extra,
  });
  pollers.push(poller);
  return { poller, reports, reachability, notFound, errors };
}

describe('poller with the real service', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startService();
  });
  afterAll(() => h.close());

  it('reports a payment driven to COMPLETED, on its own', async () => {
    const created = await h.call('POST', '/api/payments/process-payment', {
      customerId: 'cust-poll',
      orderId: 'order-poll',
      amount: 12.5,
    });
    expect(created.status).toBe(200);
    const id = created.body.paymentRequestId as string;
    const { poller, reports, reachability } = recordingPoller(h.url, { active: id, others: [] });
    poller.start();
    await vi.waitFor(() => expect(reports.length).toBeGreaterThan(0), wait);
    expect(reports[0]).toMatchObject({
      source: 'poll',
      paymentRequestId: id,
      status: 'PAYMENT_NOT_INITIATED',
    });
    expect(reachability).toEqual([true]);

    const sim = await h.call('POST', `/api/sandbox/payment-requests/${id}/simulate`, {
      paymentMethod: 'CARD',
      outcome: 'COMPLETED',
      tipAmount: 1.5,
    });
    expect(sim.status).toBe(200);
    await vi.waitFor(() => expect(reports.some((r) => r.status === 'COMPLETED')).toBe(true), wait);
    const done = reports.find((r) => r.status === 'COMPLETED')!;
    const record = (await h.call('GET', `/api/payments/v1/payment-status/${id}`)).body;
    expect(done).toEqual({
      source: 'poll',
      paymentRequestId: id,
      status: 'COMPLETED',
      at: record.updatedAt,
      paidAmount: record.paidAmount,
      tipAmount: 1.5,
      paymentMethod: 'CARD',
    });
  });

  it('reports nothing for a payment the service does not know, and says so', async () => {
    const ghost = randomUUID();
    const { poller, reports, notFound } = recordingPoller(h.url, { active: null, others: [ghost] });
    poller.start();
    await vi.waitFor(() => expect(notFound).toContain(ghost), wait);
    expect(reports).toEqual([]);
  });

  it('asks nothing while there is nothing to track', async () => {
    let asked = 0;
    const { poller, reachability } = recordingPoller(
      h.url,
      { active: null, others: [] },
      {
        client: {
          ...createClient({ baseUrl: h.url }),
          call: (() => {
            asked++;
            throw new Error('unexpected');
          }) as never,
        },
      },
    );
    poller.start();
    await poller.pollNow();
    expect(asked).toBe(0);
    expect(reachability).toEqual([]);
  });
});

describe('poller when the service goes away', () => {
  const id = randomUUID();
  const record = {
    paymentRequestId: id,
    status: 'AWAITING_AUTHORIZATION',
    amount: 3,
    currency: 'GBP',
    tipAmount: 0,
    paidAmount: 0,
    paymentMethod: 'PAY_BY_BANK',
    orderId: 'o-1',
    customerId: 'c-1',
    storeId: randomUUID(),
    terminalId: null,
    metadata: {},
    createdAt: '2025-05-01T10:00:00.000Z',
    updatedAt: '2025-05-01T10:00:01.000Z',
    expiresAt: '2025-05-01T10:03:00.000Z',
    transactions: [],
  };
  let server: Server;
  let port = 0;
  const listen = async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(record));
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  };
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  afterAll(() => close());

  it('tells the core it is offline, backs off, and tells it again when the service is back', async () => {
    await listen();
    const { poller, reports, reachability } = recordingPoller(
      `http://127.0.0.1:${port}`,
      { active: id, others: [] },
      { backoff: { baseMs: 20, capMs: 60, minMs: 0 } },
    );
    poller.start();
    await vi.waitFor(() => expect(reachability).toEqual([true]), wait);
    await close();
    await vi.waitFor(() => expect(reachability).toEqual([true, false]), wait);
    const before = reports.length;
    await listen(); // the same port
    await vi.waitFor(() => expect(reachability).toEqual([true, false, true]), wait);
    await vi.waitFor(() => expect(reports.length).toBeGreaterThan(before), wait);
    expect(reports.at(-1)).toMatchObject({ source: 'poll', status: 'AWAITING_AUTHORIZATION' });
  });

  it('reports an unreachable service at once', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const deadPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const { poller, reports, reachability } = recordingPoller(`http://127.0.0.1:${deadPort}`, {
      active: id,
      others: [],
    });
    poller.start();
    await vi.waitFor(() => expect(reachability).toEqual([false]), wait);
    await poller.pollNow();
    expect(reachability).toEqual([false]);
    expect(reports).toEqual([]);
  });
});
