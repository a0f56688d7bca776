/**
 * Polling for refunds: every payment with a refund not yet final is asked about (GET
 * /api/refund/{id}) while any is, every `everyMs`; push and webhooks usually answer first. At
 * most 50 payments a round, one round at a time.
 */
import type { ApiClient } from '../../client/http-client';
import type { RefundHistory } from './history/refunds';
import { refundReportOfRecord, type RefundReport } from './refund-tracker';

export interface RefundPollerOptions {
  refundHistory: RefundHistory;
  /** The current pairing's client; nothing is asked while unpaired. */
  client(): ApiClient | null;
  report(report: RefundReport): void;
  log(line: string): void;
  /** Default 1 s. */
  everyMs?: number;
}

/** Starts polling at once; `stop` ends it. */
export function startRefundPoller(options: RefundPollerOptions) {
  let polling = false;

  async function pollRefunds() {
    const client = options.client();
    if (polling || !client) return;
    const ids = [...new Set(options.refundHistory.unfinished().map((r) => r.paymentRequestId))];
    if (ids.length === 0) return;
    polling = true;
    try {
      for (const paymentRequestId of ids.slice(0, 50)) {
        try {
          const records = await client.call('listRefunds', { params: { paymentRequestId } });
          for (const record of records) options.report(refundReportOfRecord(record, 'poll'));
        } catch (error) {
          options.log(`poll refunds ${paymentRequestId}: ${(error as Error).message}`);
        }
      }
    } finally {
      polling = false;
    }
  }

  const timer = setInterval(() => void pollRefunds(), options.everyMs ?? 1_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
