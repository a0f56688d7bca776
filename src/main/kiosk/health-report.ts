/**
 * The kiosk's health report to the service (docs/fleet.md): its version, uptime, the customer
 * display, the receipt printer (probed, never printed on), the work held until the service can
 * take it, the last time the service answered and the free disk under kiosk.db. It is looked at
 * every `checkMs` and whenever the kiosk's state changes, and sent when something in it changed,
 * and otherwise every `everyMs` (30 s), over the pairing's own client; a report that cannot be
 * sent waits for the next look.
 *
 * The first report goes as a request of its own (its answer says the service is there); the
 * next ride, a line each, on one upload the kiosk keeps open (POST .../health/stream), which
 * costs the service a line read instead of an HTTP exchange per report. The upload is ended and
 * another opened every `uploadMs` (4 minutes: the service's server ends a request after 5); one
 * that fails is replaced after the next report has gone as a request of its own again.
 */
import { statfs } from 'node:fs/promises';
import type { z } from 'zod';
import type { ApiClient, LineUpload } from '../../client/http-client';
import { ApiClientError } from '../../shared/contract/call';
import type { HeldPayment, PrintJob, ReceiptPrinter } from '../../shared/bridge';
import type { HealthReport, PrinterState } from '../../shared/contract/fleet';

/** This kiosk's version, reported to the service (COUNTER_KIOSK_VERSION overrides it). */
export const KIOSK_VERSION = '0.1.0';

export interface HealthSources {
  now(): number;
  /** The pairing, when it is a terminal's (a merchant-secret kiosk has no terminal to report). */
  terminal(): { client: ApiClient; terminalId: string } | null;
  online(): boolean;
  display(): { attached: boolean; showing: boolean };
  printer(): ReceiptPrinter | null;
  printJobs(): PrintJob[];
  held(): HeldPayment[];
  /** Cash sales made offline and not yet sent (offline-cash.ts): work waiting too. */
  offlineWork?(): { waiting: number; oldestAt: number | null };
  /** Whether the printer answers (printer/probe.ts). */
  probePrinter(printer: ReceiptPrinter): Promise<boolean>;
  dataDir: string | null;
  log(line: string): void;
  everyMs?: number;
  checkMs?: number;
  /** How long one upload of reports is kept open before it is ended and another opened. */
  uploadMs?: number;
  version?: string;
}

type Report = z.input<typeof HealthReport>;
type Terminal = NonNullable<ReturnType<HealthSources['terminal']>>;

/** A service that does not know the upload (an older one) is asked again after this long. */
const UPLOAD_UNKNOWN_RETRY_MS = 10 * 60_000;

/** The parts of a report whose change is worth a report of its own. */
const material = (r: Report) => JSON.stringify([r.appVersion, r.display, r.printer, r.offlineWork]);

async function diskFree(dir: string | null): Promise<number | null> {
  if (!dir) return null;
  try {
    const s = await statfs(dir);
    return Number(s.bavail) * Number(s.bsize);
  } catch {
    return null;
  }
}

export function createHealthReporter(sources: HealthSources) {
  const everyMs = sources.everyMs ?? 30_000;
  const checkMs = sources.checkMs ?? Number(process.env.COUNTER_HEALTH_CHECK_MS ?? 5_000);
  const version = sources.version ?? process.env.COUNTER_KIOSK_VERSION ?? KIOSK_VERSION;
  const startedAt = sources.now();
  let lastSyncAt: number | null = null;
  let sent: { material: string; at: number; terminalId: string } | null = null;
  let timer: NodeJS.Timeout | undefined;
  let soon: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  /** The last probe, reused for half a look's interval: a burst of changes probes once. */
  let probed: { key: string; at: number; ok: boolean } | null = null;

  async function answers(printer: ReceiptPrinter): Promise<boolean> {
    const key = `${printer.host}:${printer.port}`;
    if (probed?.key === key && sources.now() - probed.at < checkMs / 2) return probed.ok;
    const ok = await sources.probePrinter(printer);
    probed = { key, at: sources.now(), ok };
    return ok;
  }

  async function printerState(): Promise<PrinterState> {
    const printer = sources.printer();
    if (!printer) return 'NOT_SET';
    if (!(await answers(printer))) return 'OFFLINE';
    // It answers, but a kept receipt failed on it (out of paper, cover open): in error.
    return sources.printJobs().some((j) => j.error && !j.printing) ? 'ERROR' : 'READY';
  }

  async function report(): Promise<Report> {
    const held = sources.held();
    const offline = sources.offlineWork?.() ?? { waiting: 0, oldestAt: null };
    const times = [
      ...held.map((h) => Date.parse(h.createdAt)),
      ...(offline.oldestAt === null ? [] : [offline.oldestAt]),
    ];
    const oldest = times.length ? Math.min(...times) : null;
    const display = sources.display();
    return {
      appVersion: version,
      uptimeSeconds: Math.floor((sources.now() - startedAt) / 1000),
      display,
      printer: { state: await printerState(), jobsWaiting: sources.printJobs().length },
      offlineWork: {
        waiting: held.length + offline.waiting,
        oldestAt: oldest === null ? null : new Date(oldest).toISOString(),
      },
      lastSyncAt: lastSyncAt === null ? null : new Date(lastSyncAt).toISOString(),
      diskFreeBytes: await diskFree(sources.dataDir),
    };
  }

  async function look() {
    const terminal = sources.terminal();
    if (!terminal) return;
    if (sources.online()) lastSyncAt = sources.now();
    const body = await report();
    const changed =
      !sent || sent.terminalId !== terminal.terminalId || sent.material !== material(body);
    if (!changed && sources.now() - sent!.at < everyMs) return;
    try {
      await uploads.deliver(terminal, body);
      sent = { material: material(body), at: sources.now(), terminalId: terminal.terminalId };
    } catch (error) {
      // Offline or refused: the next look tries again, with whatever has changed by then.
      if (sent?.terminalId === terminal.terminalId) sent = { ...sent, material: '' };
      // A service out of reach is the push channel's to say ("Connecting…"); only a refusal,
      // which trying again will not mend, is worth a line of its own.
      if (!(error instanceof ApiClientError && error.status === 0))
        sources.log(`health report: ${(error as Error).message}`);
    }
  }

  const uploads = createUploads(sources, {
    answered: () => (lastSyncAt = sources.now()),
    // The upload closed under its last report: send the state again at the next look.
    lost: (terminalId) => {
      if (sent?.terminalId === terminalId) sent = { ...sent, material: '' };
      check();
    },
  });

  /** One look at a time; a look asked for meanwhile runs once it ends. */
  function check() {
    if (running) {
      again = true;
      return;
    }
    running = look()
      .catch((error: Error) => sources.log(`health report: ${error.message}`))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          check();
        }
      });
  }

  return {
    start() {
      timer = setInterval(check, checkMs);
      timer.unref();
      check();
    },
    /** Something in the kiosk changed: look soon (changes in a burst make one look). */
    changed() {
      if (!timer || soon) return;
      soon = setTimeout(() => {
        soon = undefined;
        check();
      }, 250);
      soon.unref();
    },
    async stop() {
      clearInterval(timer);
      clearTimeout(soon);
      timer = undefined;
      await running;
      await uploads.close();
    },
  };
}
export type HealthReporter = ReturnType<typeof createHealthReporter>;

/**
 * Where reports go: on the open upload when there is one, else as a request of their own, after
 * which an upload is opened for the next. `answered` when the service answered a report;
 * `lost` when an upload closed before the kiosk ended it (its last report may not have arrived).
 */
function createUploads(
  sources: HealthSources,
  on: { answered(): void; lost(terminalId: string): void },
) {
  const uploadMs = sources.uploadMs ?? 240_000;
  let current: { terminalId: string; lines: LineUpload<unknown>; until: number } | null = null;
  let askAgainAt = 0;

  function retire() {
    const ending = current;
    current = null;
    if (ending?.lines.open) void ending.lines.end().catch(() => {});
  }

  function open(terminal: Terminal) {
    const lines = terminal.client.openLines(
      'streamTerminalHealth',
      { params: { id: terminal.terminalId } },
      uploadMs,
    );
    const upload = { terminalId: terminal.terminalId, lines, until: sources.now() + uploadMs };
    current = upload;
    lines.closed.then(
      () => on.answered(),
      (error: unknown) => {
        const status = error instanceof ApiClientError ? error.status : 0;
        if (status === 404 || status === 405) askAgainAt = sources.now() + UPLOAD_UNKNOWN_RETRY_MS;
        else if (status !== 0) sources.log(`health report upload: ${(error as Error).message}`);
        if (current === upload) current = null;
        if (!lines.endedByCaller) on.lost(upload.terminalId);
      },
    );
    return upload;
  }

  return {
    async deliver(terminal: Terminal, body: Report) {
      if (current && (current.terminalId !== terminal.terminalId || !current.lines.open)) retire();
      if (current && sources.now() >= current.until) {
        retire();
        open(terminal);
      }
      if (current?.lines.send(body)) return;
      await terminal.client.call('reportTerminalHealth', {
        params: { id: terminal.terminalId },
        body,
      });
      on.answered();
      if (sources.now() >= askAgainAt) open(terminal);
    },
    /** Ends the upload and waits a moment for its answer (a service out of reach gives none). */
    async close() {
      const ending = current;
      retire();
      if (!ending) return;
      let timer: NodeJS.Timeout | undefined;
      const moment = new Promise((resolve) => (timer = setTimeout(resolve, 1_000)));
      await Promise.race([ending.lines.closed.catch(() => {}), moment]);
      clearTimeout(timer);
    },
  };
}
