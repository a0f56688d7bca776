/**
 * What every route of the hosted payment page stands on: the request brought up to date, what
 * its screens show about it, whether it may be paid now, the posted tip and split, an open
 * attempt by the id in the path, and a lifecycle step run so that a refusal becomes a page.
 * The saved-card step (checkout.ts) is lent the same parts, so it behaves like the page's own.
 */
import type { Context } from 'hono';
import { Uuid } from '../../shared/contract/common';
import { OPEN_STATUSES } from '../../shared/payment-states';
import type { HostedContext } from './context';
import { ApiError } from '../kernel/errors';
import {
  allowedMethodsOf,
  optionsOf,
  type RequestOptions,
  type RequestRow,
  type TransactionRow,
} from '../payments';
import { seeOther, sendPage } from '../ui';
import { readPlan, type Plan } from './plan';
import { noticePage, notFoundPage } from './outcome-views';
import { optionsPage, type Summary } from './views';

/** Form bodies as text fields only; a file upload is not a field of any of these forms. */
export async function formBody(c: Context): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body))
    if (typeof value === 'string') fields[name] = value;
  return fields;
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

export const payUrl = (row: RequestRow) => `/pay/${row.id}`;

/** What the hosted page lends the saved-card step (checkout.ts) to behave like its own. */
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

/** An attempt still waiting for the customer, or the page to answer instead. */
export type OpenAttempt =
  | { row: RequestRow; tx: TransactionRow; page?: undefined }
  | { row?: undefined; tx?: undefined; page: Response };

export function createHostedKit(ctx: HostedContext) {
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
      // A tip chosen at the counter is not asked for again: every attempt pays it.
      tipsOn: options.enableTips && options.chosenTipPence === undefined,
      tipChosenPence: options.chosenTipPence ?? null,
      methods: allowedMethodsOf(row),
      lines: await ctx.payments.lineItems(row),
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
      tipChosenPence: s.tipChosenPence,
      splitOn: s.splitOn,
    });
  };

  const notFound = (c: Context) => sendPage(c, 404, notFoundPage());

  /** An attempt of this request, by the id in the path. */
  async function attemptOf(row: RequestRow, txId: string, method: 'PAY_BY_BANK' | 'CARD') {
    if (!Uuid.safeParse(txId).success) return undefined;
    const tx = await ctx.payments.transaction(txId);
    return tx && tx.payment_request_id === row.id && tx.method === method ? tx : undefined;
  }

  /**
   * The request and its attempt named in the path (/pay/:id/{bank|card}/:txId), while the
   * attempt still waits for the customer: unknown ones are not found, a finished one goes back
   * to the request's page.
   */
  async function openAttempt(c: Context, method: 'PAY_BY_BANK' | 'CARD'): Promise<OpenAttempt> {
    const row = await load(c.req.param('id') ?? '');
    if (!row) return { page: notFound(c) };
    const tx = await attemptOf(row, c.req.param('txId') ?? '', method);
    if (!tx) return { page: notFound(c) };
    if (tx.status !== 'AWAITING_AUTHORIZATION') return { page: seeOther(c, payUrl(row)) };
    return { row, tx };
  }

  /** Runs a lifecycle step; a step the request no longer allows becomes a page, not JSON. */
  async function attempt(
    c: Context,
    row: RequestRow,
    step: () => Promise<Response>,
  ): Promise<Response> {
    try {
      return await step();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fresh = (await load(row.id)) ?? row;
      return sendPage(c, 409, noticePage(await summaryOf(fresh), error.message));
    }
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

  return {
    summaryOf,
    load,
    payable,
    planOf,
    notFound,
    openAttempt,
    attempt,
    postedPlan,
    formBody,
  };
}
export type HostedKit = ReturnType<typeof createHostedKit>;

/** The tip and split as the lifecycle takes them: a share only for a split bill. */
export const shareField = (plan: Plan) =>
  plan.sharePence === undefined ? {} : { sharePence: plan.sharePence };
