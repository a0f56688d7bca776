/**
 * The network receipt printer: prints a payment's receipt when staff ask, and each completed
 * payment's by itself when Settings say so. Jobs go to the printer one at a time, in the
 * background of everything else: a printer that is off costs the counter nothing but a kept
 * receipt (jobs.ts) and a message with a retry in the console; taking the next payment never
 * waits for paper.
 */
import type { PrintJob, ReceiptPrinter } from '../../../shared/bridge';
import type { History } from '../history/history';
import type { KioskPayment } from '../history/types';
import { KioskError } from '../kiosk-error';
import { drawerFailure, encodeDrawerPulse } from './drawer';
import { createPrintJobs, type StoredPrintJob } from './jobs';
import { encodeReceipt, encodeTestPage } from './receipt-layout';
import type { ReceiptSource } from './receipt-source';
import { PrinterError, sendToPrinter, type SendTimeouts } from './send';

export const NO_PRINTER = 'Name the receipt printer in Settings first';

export interface ReceiptPrinterOptions {
  history: History;
  now: () => number;
  timeZone: string;
  locale: string;
  /** The shop's name now, for the test page. */
  shopName: () => string | null;
  /**
   * The payment's receipt (receipt-source.ts): the service's, the one its receipt page shows,
   * else the kiosk's own; the console's print dialog draws the same one.
   */
  receiptOf: ReceiptSource;
  /** The kept jobs or the settings changed: the windows hear of it. */
  onChange: () => void;
  log: (line: string) => void;
  timeouts?: SendTimeouts;
}

export function createReceiptPrinter(options: ReceiptPrinterOptions) {
  const { history, now } = options;
  const jobs = createPrintJobs(history.db, now);
  /** The attempt under way for each job, so a second Retry waits for it rather than resends. */
  const sending = new Map<string, Promise<void>>();
  /** One job at a time: two receipts interleaved on one roll are no use to anyone. */
  let line: Promise<unknown> = Promise.resolve();

  async function receiptBytes(payment: KioskPayment, printer: ReceiptPrinter) {
    const place = { timeZone: options.timeZone, locale: options.locale };
    return encodeReceipt(await options.receiptOf(payment), printer, place);
  }

  /** One attempt at a kept job: printed → gone; failed → kept with the reason. */
  function attempt(job: StoredPrintJob): Promise<void> {
    const running = sending.get(job.id);
    if (running) return running;
    const run = line.then(async () => {
      const printer = jobs.settings();
      const payment = history.get(job.paymentRequestId);
      try {
        if (!printer) throw new KioskError(NO_PRINTER);
        if (!payment) throw new KioskError('This kiosk has no record of that payment');
        await sendToPrinter(printer, await receiptBytes(payment, printer), options.timeouts);
        jobs.remove(job.id);
      } catch (error) {
        const message =
          error instanceof PrinterError
            ? `${error.message} The receipt for ${payment?.orderId ?? 'this payment'} is kept until it prints or you dismiss it.`
            : (error as Error).message;
        jobs.failed(job.id, message);
        options.log(`receipt printer: ${message}`);
        throw new KioskError(message);
      }
    });
    line = run.catch(() => {});
    const tracked = run.finally(() => {
      sending.delete(job.id);
      options.onChange();
    });
    sending.set(job.id, tracked);
    options.onChange();
    return tracked;
  }

  function view(job: StoredPrintJob): PrintJob {
    return {
      id: job.id,
      paymentRequestId: job.paymentRequestId,
      orderId: history.get(job.paymentRequestId)?.orderId ?? '',
      createdAt: new Date(job.createdAt).toISOString(),
      printing: sending.has(job.id),
      error: job.lastError,
      attempts: job.attempts,
    };
  }

  return {
    settings: () => jobs.settings(),
    save(settings: ReceiptPrinter | null) {
      jobs.saveSettings(settings);
      options.onChange();
      return jobs.settings();
    },
    jobs: () => jobs.list().map(view),
    /** Staff asked: kept first, then sent; throws (the job kept) when the printer cannot take it. */
    async print(paymentRequestId: string) {
      if (!jobs.settings()) throw new KioskError(NO_PRINTER);
      await attempt(jobs.add(paymentRequestId));
    },
    /**
     * A payment just completed: its receipt goes out by itself when Settings say so, or as the
     * merchant's kiosk settings say when they lock it (`locked`, which then wins).
     */
    afterPayment(payment: KioskPayment, locked?: boolean) {
      if (!jobs.settings() || !(locked ?? jobs.settings()?.printAfterPayment)) return;
      attempt(jobs.add(payment.paymentRequestId)).catch(() => {
        /* kept with its reason; the console shows it with a retry */
      });
    },
    async retry(id: string) {
      const job = jobs.get(id);
      if (!job)
        throw new KioskError('That receipt is no longer waiting: it printed or was dismissed');
      await attempt(job);
    },
    dismiss(id: string) {
      const removed = jobs.remove(id);
      if (removed) options.onChange();
      return removed;
    },
    /** A test page on the printer as typed in Settings; nothing is kept of it. */
    async testPage(printer: ReceiptPrinter) {
      const bytes = encodeTestPage(printer, {
        shopName: options.shopName(),
        at: now(),
        timeZone: options.timeZone,
        locale: options.locale,
      });
      const run = line.then(() => sendToPrinter(printer, bytes, options.timeouts));
      line = run.catch(() => {});
      try {
        await run;
      } catch (error) {
        throw new KioskError((error as Error).message, 'printer.host');
      }
    },
    /**
     * Opens the cash drawer (a cash sale or refund), in line behind any receipt being printed.
     * Nothing is kept of it: when the printer cannot take it, staff are told why in the words a
     * failed receipt uses, and open it again from the console.
     */
    async openDrawer() {
      const printer = jobs.settings();
      if (!printer) throw new KioskError(drawerFailure(`${NO_PRINTER}.`));
      const run = line.then(() =>
        sendToPrinter(printer, encodeDrawerPulse(printer), options.timeouts),
      );
      line = run.catch(() => {});
      try {
        await run;
      } catch (error) {
        const message = drawerFailure((error as Error).message);
        options.log(`receipt printer: ${message}`);
        throw new KioskError(message);
      }
    },
    /**
     * Prints a document the kiosk laid out itself (an X or Z report), in line behind any receipt
     * being printed, so two never interleave on the roll. Nothing is kept of it here: the caller
     * keeps what it prints. Throws the printer's reason when it cannot take it.
     */
    async printDocument(bytes: (printer: ReceiptPrinter) => Uint8Array) {
      const printer = jobs.settings();
      if (!printer) throw new KioskError(NO_PRINTER);
      const run = line.then(() => sendToPrinter(printer, bytes(printer), options.timeouts));
      line = run.catch(() => {});
      try {
        await run;
      } catch (error) {
        throw new KioskError((error as Error).message);
      }
    },
    /** Waits for the job being sent (the kiosk is stopping). */
    async idle() {
      await Promise.allSettled([...sending.values()]);
    },
  };
}
export type ReceiptPrinterService = ReturnType<typeof createReceiptPrinter>;
