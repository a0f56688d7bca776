/**
 * The kiosk's health report against a real service and a printer stand-in on loopback: what it
 * sends, that a printer that stops answering is reported offline at the next look (and nothing
 * is printed by looking), and that an unchanged kiosk does not report again before its time.
 */
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
});
