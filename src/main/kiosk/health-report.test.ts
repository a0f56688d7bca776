/**
 * The kiosk's health report against a real service and a printer stand-in on loopback: what it
 * sends, that a printer that stops answering is reported offline at the next look (and nothing
 * is printed by looking), that an unchanged kiosk does not report again before its time, and that
 * after the first report the next ride on one upload kept open, ended and replaced in time, and
 * that a broken upload sends the next report as a request of its own again, then a new upload.
 */
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import { Agent, type Dispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../client/http-client';
import { TerminalHealth } from '../../shared/contract/fleet';
import { pairTerminal, startService, type Harness } from '../../../test/helpers/service';
import { startPrinterStandIn, type PrinterStandIn } from '../../../test/helpers/printer-stand-in';
import { createHealthReporter, KIOSK_VERSION } from './health-report';
import { probePrinter } from './printer/probe';

let h: Harness;
let printer: PrinterStandIn;
beforeAll(async () => {
  h = await startService();
  printer = await startPrinterStandIn();
});
afterAll(async () => {
  await printer.close();
  await h.close();
});

async function latest(id: string) {
  const res = await h.call('GET', `/api/terminals/${id}/health`);
  return TerminalHealth.parse(res.body);
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the kiosk’s health report', () => {
  it('tells the service its printer, display and held work, and a printer going off', async () => {
    const till = await pairTerminal(h, 'Reporting till');
    const client = createClient({ baseUrl: h.url, secret: till.secret });
    const held = [{ id: 'held-1', createdAt: '2026-01-01T09:00:00.000Z' }];
    const reporter = createHealthReporter({
      now: Date.now,
      terminal: () => ({ client, terminalId: till.terminal.id }),
      online: () => true,
      display: () => ({ attached: true, showing: true }),
      printer: () => ({ host: '127.0.0.1', port: printer.port }) as never,
      printJobs: () => [],
      held: () => held as never,
      probePrinter: (p) => probePrinter(p, 1_000),
      dataDir: process.cwd(),
      log: () => {},
      checkMs: 100,
    });
    reporter.start();
    try {
      const first = await until(
        () => latest(till.terminal.id),
        (d) => d.report !== null,
      );
      expect(first.report).toMatchObject({
        appVersion: KIOSK_VERSION,
        display: { attached: true, showing: true },
        printer: { state: 'READY', jobsWaiting: 0 },
        offlineWork: { waiting: 1, oldestAt: '2026-01-01T09:00:00.000Z' },
      });
      expect(first.report!.diskFreeBytes).toBeGreaterThan(0);
      await printer.off();
      const off = await until(
        () => latest(till.terminal.id),
        (d) => d.report?.printer.state === 'OFFLINE',
      );
      expect(off.report?.printer.state).toBe('OFFLINE');
      // Looking at the printer never printed anything on it.
      expect(printer.jobs).toEqual([]);
      // Unchanged, it does not report again within its 30 s.
      const reports = (await latest(till.terminal.id)).lastReportAt;
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await latest(till.terminal.id)).lastReportAt).toBe(reports);
    } finally {
      await reporter.stop();
      await printer.on();
    }
  });

  it('sends the first report as a request and the next on an upload it replaces in time', async () => {
    const till = await pairTerminal(h, 'Uploading till');
    const { reporter, requests, close } = flippingReporter(h.url, till);
    reporter.start();
    try {
      // The display flips at every look, so every look is a report: 1.5 s is about 30.
      const states = new Set<boolean>();
      await until(
        () => latest(till.terminal.id),
        (d) => {
          if (d.report) states.add(d.report.display.showing);
          return states.size === 2 && requests.length >= 3;
        },
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      const path = `/api/terminals/${till.terminal.id}/health`;
      expect(requests[0]).toBe(`POST ${path}`);
      // Every later report went on an upload: one request for each second, not one per report.
      expect(requests.slice(1).every((r) => r === `POST ${path}/stream`)).toBe(true);
      expect(requests.length).toBeLessThanOrEqual(4);
      const history = (await latest(till.terminal.id)).history;
      expect(history.length).toBeGreaterThanOrEqual(10);
    } finally {
      await reporter.stop();
      await close();
    }
  });

  it('goes back to a request of its own when its upload breaks, then opens another', async () => {
    const till = await pairTerminal(h, 'Broken upload');
    const proxy = await startCuttingTcpProxy(new URL(h.url).port);
    const { reporter, requests, close } = flippingReporter(proxy.url, till, 60_000);
    reporter.start();
    try {
      const path = `/api/terminals/${till.terminal.id}/health`;
      await until(
        async () => requests.length,
        (n) => n >= 2,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      proxy.cutAll(); // the network drops every connection, the upload's among them
      const cutAt = requests.length;
      await until(
        async () => requests.length,
        (n) => n >= cutAt + 2,
      );
      expect(requests.slice(0, 2)).toEqual([`POST ${path}`, `POST ${path}/stream`]);
      expect(requests.slice(cutAt, cutAt + 2)).toEqual([`POST ${path}`, `POST ${path}/stream`]);
      // And the reports go on arriving on the new upload.
      const before = (await latest(till.terminal.id)).lastReportAt;
      const after = await until(
        () => latest(till.terminal.id),
        (d) => d.lastReportAt !== before,
      );
      expect(after.lastReportAt).not.toBe(before);
    } finally {
      await reporter.stop();
      await close();
      await proxy.close();
    }
  });
});

/**
 * A reporter whose display flips at every look (so every look, each 50 ms, is a report), with
 * the requests it makes as they leave it.
 */
function flippingReporter(
  baseUrl: string,
  till: { secret: string; terminal: { id: string } },
  uploadMs = 1_000,
) {
  const requests: string[] = [];
  const dispatcher = new Agent().compose(
    (dispatch: Dispatcher['dispatch']) => (options, handler) => {
      requests.push(`${options.method} ${options.path}`);
      return dispatch(options, handler);
    },
  );
  const client = createClient({ baseUrl, secret: till.secret, dispatcher });
  let looks = 0;
  const reporter = createHealthReporter({
    now: Date.now,
    terminal: () => ({ client, terminalId: till.terminal.id }),
    online: () => true,
    display: () => ({ attached: true, showing: looks++ % 2 === 0 }),
    printer: () => null,
    printJobs: () => [],
    held: () => [],
    probePrinter: async () => true,
    dataDir: null,
    log: () => {},
    checkMs: 50,
    uploadMs,
  });
  return { reporter, requests, close: () => dispatcher.close() };
}

/** A TCP proxy on loopback to the service that can drop every connection at once. */
async function startCuttingTcpProxy(port: string) {
  const sockets = new Set<Socket>();
  const server = createServer((inbound) => {
    const outbound = connect(Number(port), '127.0.0.1');
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => sockets.delete(s));
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cutAll: () => sockets.forEach((s) => s.destroy()),
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((s) => s.destroy());
        server.close(() => resolve());
      }),
  };
}
