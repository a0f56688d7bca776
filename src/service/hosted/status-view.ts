/**
 * The request's own page (GET /pay/:id): which screen the customer sees follows from the
 * request's status and its attempts. It only decides what to show; nothing changes here.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { Uuid } from '../../shared/contract/common';
import type { HostedContext } from './context';
import { optionsOf, type RequestRow } from '../payments';
import { receiptUrl } from '../receipts';
import { sendPage } from '../ui';
import { returnUrl, type HostedKit } from './kit';
import { optionsPage } from './views';
import {
  awaitingPage,
  closedPage,
  failurePage,
  processingPage,
  successPage,
} from './outcome-views';

export const ViewQuery = z.object({
  choose: z.literal('1').optional().catch(undefined),
  tx: Uuid.optional().catch(undefined),
});

export async function statusView(
  ctx: HostedContext,
  kit: HostedKit,
  c: Context,
  row: RequestRow,
  query: z.infer<typeof ViewQuery>,
): Promise<Response> {
  const summary = await kit.summaryOf(row);
  const options = optionsOf(row);
  const txs = await ctx.payments.transactions(row.id);
  switch (row.status) {
    case 'EXPIRED':
      return sendPage(c, 200, closedPage(summary, 'expired'));
    case 'CANCELLED':
      return sendPage(c, 200, closedPage(summary, 'cancelled'));
    case 'AUTHORIZED':
      return sendPage(c, 200, closedPage(summary, 'authorized'));
    case 'COMPLETED': {
      const url = returnUrl(row, options);
      const paid = txs.filter((tx) => tx.status === 'COMPLETED');
      // The receipt page the customer display's QR code and the printed receipt lead to.
      const receipt = receiptUrl(ctx.publicUrl(), row.id);
      return sendPage(
        c,
        200,
        successPage(summary, paid, url ? { url, auto: options.autoRedirect } : undefined, receipt),
      );
    }
    case 'PENDING':
      return sendPage(c, 200, processingPage(summary));
    case 'FAILED':
      if (options.allowRetry && query.choose) return sendPage(c, 200, optionsPage(summary));
      return sendPage(c, 200, failurePage(summary, row.error_description, options.allowRetry));
    case 'PAYMENT_NOT_INITIATED':
    case 'AWAITING_AUTHORIZATION': {
      // A split bill's share by card is with the network while the bill stays open.
      if (txs.some((tx) => tx.status === 'PENDING'))
        return sendPage(c, 200, processingPage(summary));
      const open = txs.find((tx) => tx.status === 'AWAITING_AUTHORIZATION');
      if (open && !query.choose) return sendPage(c, 200, awaitingPage(summary, open));
      const mine = query.tx
        ? txs.find((tx) => tx.id === query.tx && tx.status === 'COMPLETED')
        : undefined;
      return sendPage(
        c,
        200,
        optionsPage(summary, mine ? { sharePaidPence: mine.amount_pence + mine.tip_pence } : {}),
      );
    }
  }
}
