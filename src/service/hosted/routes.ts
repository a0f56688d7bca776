/**
 * The hosted payment page at paymentUrl = {publicUrl}/pay/{paymentRequestId}: the customer
 * chooses a tip, a split and a way to pay, approves at the sandbox bank or types a card, and
 * sees the outcome. Pages, not API: every form is a plain POST answered with 303 to a GET, so
 * it works without JavaScript; JavaScript only polls while a card payment is processing.
 * Every status change goes through ctx.lifecycle; the page only decides what to show.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { Uuid } from '../../shared/contract/common';
import { OPEN_STATUSES } from '../../shared/payment-states';
import type { Area } from '../context';
import { ApiError } from '../kernel/errors';
import {
  allowedMethodsOf,
  optionsOf,
  type RequestOptions,
  type RequestRow,
  type TransactionRow,
} from '../payments/model';
import { cardOnFile } from '../cards/checkout';
import { cardFormSchema } from './hosted-cards';
import { guardHostedPages, seeOther, sendPage } from './hosted';
import { readPlan, type Plan } from './hosted-plan';
import {
  SANDBOX_BANKS,
  awaitingPage,
  bankAuthorisePage,
  bankSelectPage,
  cardFormPage,
  challengePage,
  closedPage,
  failurePage,
  noticePage,
  notFoundPage,
  optionsPage,
  processingPage,
  successPage,
  type Summary,
} from './hosted-views';

const ViewQuery = z.object({
  choose: z.literal('1').optional().catch(undefined),
  tx: Uuid.optional().catch(undefined),
});
const BankForm = z.object({ bank: z.enum(SANDBOX_BANKS, { message: 'Choose your bank' }) });
const BankDecision = z.object({ decision: z.enum(['approve', 'decline']) });
const ChallengeDecision = z.object({ decision: z.enum(['complete', 'fail']) });

/** Form bodies as text fields only; a file upload is not a field of any of these forms. */
async function formBody(c: Context): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body))
    if (typeof value === 'string') fields[name] = value;
  return fields;
}

/** What the hosted page lends the saved-card step (cards/checkout.ts) to behave like its own. */
export interface HostedPageKit {
  /** The request by the id in the path, with a due expiry applied; undefined: not found. */
  load(id: string): Promise<RequestRow | undefined>;
  summaryOf(row: RequestRow): Promise<Summary>;
  /** Whether a new attempt may start now. */
  payable(row: RequestRow): boolean;
  formBody(c: Context): Promise<Record<string, string>>;
  /** The posted tip and split, or the method choice again with the reason (400). */
  postedPlan(
    c: Context,
    row: RequestRow,
    fields: Record<string, string>,
  ): Promise<{ plan: Plan; page?: undefined } | { plan?: undefined; page: Response }>;
  /** Runs a lifecycle step; one the request no longer allows becomes a page (409). */
  attempt(c: Context, row: RequestRow, step: () => Promise<Response>): Promise<Response>;
  notFound(c: Context): Response;
}

/** The merchant's return address with callbackParams, paymentRequestId and status appended. */
export function returnUrl(row: RequestRow, options: RequestOptions): string | undefined {
  if (!options.redirectUrl) return undefined;
  let url: URL;
  try {
    url = new URL(options.redirectUrl);
  } catch {
    return undefined;
  }
  // Only web addresses: a javascript: URL in a link or a refresh would run on this page.
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  for (const [name, value] of Object.entries(options.callbackParams ?? {}))
    url.searchParams.set(name, value);
  // Set last, so a callback parameter of the same name cannot misreport the outcome.
  url.searchParams.set('paymentRequestId', row.id);
  url.searchParams.set('status', row.status);
  return url.href;
}

export const hostedPageRoutes: Area = (app, ctx) => {
  // Card on file (cards/checkout.ts): saved cards offered once the customer has confirmed it is
  // them, cards saved after 3DS.
  const onFile = cardOnFile(ctx);
  async function summaryOf(row: RequestRow): Promise<Summary> {
    const options = optionsOf(row);
    const merchant = await ctx.profiles.get(row.merchant_id, row.environment);
    const paidPence = row.paid_pence - row.tip_pence;
    return {
      id: row.id,
      merchantName: merchant?.name ?? 'Merchant',
      merchantLogo: merchant?.logoPath ?? null,
      amountPence: row.amount_pence,
      currency: row.currency,
      notes: row.notes,
      orderId: row.order_id,
      paidPence,
      tipPaidPence: row.tip_pence,
      outstandingPence: Math.max(row.amount_pence - paidPence, 0),
      sandbox: row.environment === 'sandbox',
      splitOn: options.splitBill,
      // The merchant's tips setting was applied when the request was made (payments/create.ts).
      tipsOn: options.enableTips,
      methods: allowedMethodsOf(row),
    };
  }

  /** The request, brought up to date: an expiry that is due happens before anything is shown. */
  async function load(id: string): Promise<RequestRow | undefined> {
    if (!Uuid.safeParse(id).success) return undefined;
    const row = await ctx.payments.get(id);
    if (!row) return undefined;
    return (await ctx.lifecycle.expireIfDue(row)) ? await ctx.payments.get(id) : row;
  }

  /** Whether a new attempt may start now (the lifecycle checks again, atomically). */
  function payable(row: RequestRow): boolean {
    if (!OPEN_STATUSES.includes(row.status)) return false;
    return row.status !== 'FAILED' || optionsOf(row).allowRetry;
  }

  const planOf = async (row: RequestRow, fields: Record<string, unknown>) => {
    const s = await summaryOf(row);
    return readPlan(fields, {
      outstandingPence: s.outstandingPence,
      tipsOn: s.tipsOn,
      splitOn: s.splitOn,
    });
  };

  const payUrl = (row: RequestRow) => `/pay/${row.id}`;
  const notFound = (c: Context) => sendPage(c, 404, notFoundPage());

  /** An attempt of this request, by the id in the path. */
  async function attemptOf(row: RequestRow, txId: string, method: 'PAY_BY_BANK' | 'CARD') {
    if (!Uuid.safeParse(txId).success) return undefined;
    const tx = await ctx.payments.transaction(txId);
    return tx && tx.payment_request_id === row.id && tx.method === method ? tx : undefined;
  }

  /** Runs a lifecycle step; a step the request no longer allows becomes a page, not JSON. */
  async function attempt(
    c: Context,
    row: RequestRow,
    step: () => Promise<Response>,
  ): Promise<Response> {
    try {
      return step();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fresh = (await load(row.id)) ?? row;
      return sendPage(c, 409, noticePage(await summaryOf(fresh), error.message));
    }
  }

  async function statusView(
    c: Context,
    row: RequestRow,
    query: z.infer<typeof ViewQuery>,
  ): Promise<Response> {
    const summary = await summaryOf(row);
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
        return sendPage(
          c,
          200,
          successPage(summary, paid, url ? { url, auto: options.autoRedirect } : undefined),
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

  // Every response under /pay: no caching, no framing, nothing loaded from elsewhere; and a
  // form posted from another site is refused, so no other page can approve a payment.
  guardHostedPages(app, ctx, '/pay/*');

  app.get('/pay/:id', async (c) => {
    const row = await load(c.req.param('id'));
    if (!row) return notFound(c);
    return await statusView(c, row, ViewQuery.parse(c.req.query()));
  });

  /** For the processing page's polling script. */
  app.get('/pay/:id/state', async (c) => {
    const row = await load(c.req.param('id'));
    if (!row) return c.json({ status: 'NOT_FOUND' }, 404);
    const processing = (await ctx.payments.transactions(row.id)).some(
      (tx) => tx.status === 'PENDING',
    );
    return c.json({ paymentRequestId: row.id, status: processing ? 'PENDING' : row.status });
  });

  // ---- choosing a method: GET with the tip and split choices ----

  for (const method of ['bank', 'card'] as const) {
    app.get(`/pay/:id/${method}`, async (c) => {
      const row = await load(c.req.param('id'));
      if (!row) return notFound(c);
      if (!payable(row)) return seeOther(c, payUrl(row));
      const summary = await summaryOf(row);
      const query = c.req.query();
      if (!summary.methods.includes(method === 'bank' ? 'PAY_BY_BANK' : 'CARD'))
        return sendPage(
          c,
          400,
          optionsPage(summary, { error: 'This way to pay is not offered here', values: query }),
        );
      const result = await planOf(row, query);
      if (!result.ok)
        return sendPage(c, 400, optionsPage(summary, { error: result.message, values: query }));
      const offer =
        method === 'card' && (await onFile.offerSavedCards(c, row, summary, result.plan, query));
      if (offer) return offer;
      return sendPage(
        c,
        200,
        method === 'bank'
          ? bankSelectPage(summary, result.plan)
          : cardFormPage(summary, result.plan),
      );
    });
  }

  /** Reads the plan from a posted form; a bad one re-renders the method choice. */
  async function postedPlan(
    c: Context,
    row: RequestRow,
    fields: Record<string, string>,
  ): ReturnType<HostedPageKit['postedPlan']> {
    const result = await planOf(row, fields);
    if (result.ok) return { plan: result.plan };
    return {
      page: sendPage(
        c,
        400,
        optionsPage(await summaryOf(row), { error: result.message, values: fields }),
      ),
    };
  }

  // Paying with a saved card: behind the guard above, before the catch-all below.
  onFile.routes(app, { load, summaryOf, payable, formBody, postedPlan, attempt, notFound });

  const shareOf = (plan: Plan) =>
    plan.sharePence === undefined ? {} : { sharePence: plan.sharePence };

  // ---- pay by bank ----

  app.post('/pay/:id/bank', async (c) => {
    const row = await load(c.req.param('id'));
    if (!row) return notFound(c);
    if (!payable(row)) return seeOther(c, payUrl(row));
    const fields = await formBody(c);
    const { plan, page } = await postedPlan(c, row, fields);
    if (!plan) return page;
    const bank = BankForm.safeParse(fields);
    if (!bank.success)
      return sendPage(
        c,
        400,
        bankSelectPage(
          await summaryOf(row),
          plan,
          bank.error.issues[0]?.message ?? 'Choose your bank',
        ),
      );
    return await attempt(c, row, async () => {
      const tx = await ctx.lifecycle.startAttempt(row.id, {
        method: 'PAY_BY_BANK',
        tipPence: plan.tipPence,
        ...shareOf(plan),
        bankName: bank.data.bank,
        status: 'AWAITING_AUTHORIZATION',
      });
      return seeOther(c, `${payUrl(row)}/bank/${tx.id}`);
    });
  });

  app.get('/pay/:id/bank/:txId', async (c) => {
    const row = await load(c.req.param('id'));
    if (!row) return notFound(c);
    const tx = await attemptOf(row, c.req.param('txId'), 'PAY_BY_BANK');
    if (!tx) return notFound(c);
    if (tx.status !== 'AWAITING_AUTHORIZATION') return seeOther(c, payUrl(row));
    return sendPage(c, 200, bankAuthorisePage(await summaryOf(row), tx));
  });

  app.post('/pay/:id/bank/:txId', async (c) => {
    const row = await load(c.req.param('id'));
    if (!row) return notFound(c);
    const tx = await attemptOf(row, c.req.param('txId'), 'PAY_BY_BANK');
    if (!tx) return notFound(c);
    if (tx.status !== 'AWAITING_AUTHORIZATION') return seeOther(c, payUrl(row));
    const decision = BankDecision.safeParse(await formBody(c));
    if (!decision.success)
      return sendPage(c, 400, noticePage(await summaryOf(row), 'Choose Approve or Decline'));
    return await attempt(c, row, async () => {
      if (decision.data.decision === 'approve')
        await ctx.lifecycle.finishAttempt(tx.id, 'COMPLETED');
      else
        await ctx.lifecycle.finishAttempt(tx.id, 'FAILED', 'The payment was declined at the bank');
      return seeOther(c, `${payUrl(row)}?tx=${tx.id}`);
    });
  });

  // ---- card ----

  app.post('/pay/:id/card', async (c) => {
    const row = await load(c.req.param('id'));
    if (!row) return notFound(c);
    if (!payable(row)) return seeOther(c, payUrl(row));
    const fields = await formBody(c);
    const { plan, page } = await postedPlan(c, row, fields);
    if (!plan) return page;
    const card = cardFormSchema(ctx.clock.now(row.environment, row.merchant_id)).safeParse(fields);
    if (!card.success)
      return sendPage(
        c,
        400,
        cardFormPage(await summaryOf(row), plan, {
          error: card.error.issues[0]?.message ?? 'Check the card details',
          ...(fields.name !== undefined ? { name: fields.name } : {}),
          ...(fields.expiry !== undefined ? { expiry: fields.expiry } : {}),
        }),
      );
    const { brand, last4 } = card.data;
    const behaviour = onFile.needsChallenge(row, card.data.behaviour)
      ? ({ kind: 'challenge' } as const)
      : card.data.behaviour;
    return await attempt(c, row, async () => {
      const base = {
        method: 'CARD' as const,
        tipPence: plan.tipPence,
        ...shareOf(plan),
        card: { brand, last4, type: 'CREDIT' },
      };
      let tx: TransactionRow;
      switch (behaviour.kind) {
        case 'challenge':
          tx = await ctx.lifecycle.startAttempt(row.id, {
            ...base,
            status: 'AWAITING_AUTHORIZATION',
            settle: { outcome: 'COMPLETED' },
          });
          await onFile.holdForSaving(row, tx, fields, card.data);
          return seeOther(c, `${payUrl(row)}/card/${tx.id}/challenge`);
        case 'decline':
          tx = await ctx.lifecycle.startAttempt(row.id, {
            ...base,
            status: 'PENDING',
            settle: { outcome: 'FAILED', errorDescription: behaviour.errorDescription },
          });
          break;
        case 'approve':
          tx = await ctx.lifecycle.startAttempt(row.id, {
            ...base,
            status: 'PENDING',
            settle: { outcome: 'COMPLETED' },
          });
          break;
      }
      return seeOther(c, `${payUrl(row)}?tx=${tx.id}`);
    });
  });

  app.get('/pay/:id/card/:txId/challenge', async (c) => {
    const row = await load(c.req.param('id'));
    if (!row) return notFound(c);
    const tx = await attemptOf(row, c.req.param('txId'), 'CARD');
    if (!tx) return notFound(c);
    if (tx.status !== 'AWAITING_AUTHORIZATION') return seeOther(c, payUrl(row));
    return sendPage(c, 200, challengePage(await summaryOf(row), tx));
  });

  app.post('/pay/:id/card/:txId/challenge', async (c) => {
    const row = await load(c.req.param('id'));
    if (!row) return notFound(c);
    const tx = await attemptOf(row, c.req.param('txId'), 'CARD');
    if (!tx) return notFound(c);
    if (tx.status !== 'AWAITING_AUTHORIZATION') return seeOther(c, payUrl(row));
    const decision = ChallengeDecision.safeParse(await formBody(c));
    if (!decision.success)
      return sendPage(
        c,
        400,
        noticePage(await summaryOf(row), 'Choose how the authentication ends'),
      );
    return await attempt(c, row, async () => {
      // Authenticated: the card network now settles it like any other card payment.
      if (decision.data.decision === 'complete') {
        await ctx.lifecycle.finishAttempt(tx.id, 'PENDING');
        await onFile.saveAfterChallenge(tx);
      } else await ctx.lifecycle.finishAttempt(tx.id, 'FAILED', '3D Secure authentication failed');
      return seeOther(c, `${payUrl(row)}?tx=${tx.id}`);
    });
  });

  // Anything else under /pay is a page that does not exist, answered as a page.
  app.all('/pay', notFound);
  app.all('/pay/*', notFound);
};
