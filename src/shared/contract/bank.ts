/** Bank accounts, bank transactions and the bank feed's paging (docs/bank-feed.md). */
import { z } from 'zod';
import { isTimeZone } from '../shop-day';
import {
  BankTransactionStatus,
  BankTransactionType,
  Currency,
  HttpUrl,
  Timestamp,
  Uuid,
} from './common';

export const BankAccount = z.object({
  accountId: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  sortCode: z.string(),
});
export const BankAccountList = z.array(BankAccount);

const Party = z.object({
  name: z.string(),
  accountDetails: z.object({ sortCode: z.string(), accountNumber: z.string() }).optional(),
});

export const BankTransaction = z.object({
  id: z.string(),
  date: z.iso.datetime({ offset: true }),
  type: BankTransactionType,
  amount: z.number(),
  currency: Currency,
  description: z.string(),
  reference: z.string(),
  merchantName: z.string().optional(),
  transactionCategory: z.string(),
  status: BankTransactionStatus,
  payer: Party.optional(),
  payee: Party.optional(),
  balance: z.object({ amount: z.number(), currency: Currency }).optional(),
});
export type BankTransaction = z.infer<typeof BankTransaction>;

export const BankFeedPage = z.object({
  data: z.array(BankTransaction),
  meta: z.object({ count: z.number().int().nonnegative() }),
  links: z.object({
    self: z.string(),
    next: z.string().optional(),
    prev: z.string().optional(),
  }),
});
export type BankFeedPage = z.infer<typeof BankFeedPage>;

/** A plain date (2026-01-31) or an ISO 8601 date-time. */
const DateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  message: 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time',
});

export const BankAccountsParams = z.object({ accountAuthId: z.string().min(1).max(100) });
export const BankTransactionsParams = z.object({ accountId: z.string().min(1).max(100) });
export const BankTransactionsQuery = z
  .object({
    from: DateOrDateTime.optional(),
    before: DateOrDateTime.optional(),
    cursor: z.string().min(1).max(2000).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.before !== undefined && q.from === undefined)
      ctx.addIssue({ code: 'custom', path: ['before'], message: 'requires from' });
    if (q.cursor !== undefined && (q.from !== undefined || q.before !== undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['cursor'],
        message: 'carries its own date range; do not send from or before with it',
      });
    if (
      q.from !== undefined &&
      q.before !== undefined &&
      Date.parse(q.before) <= Date.parse(q.from)
    )
      ctx.addIssue({ code: 'custom', path: ['before'], message: 'must be later than from' });
  });

// Extensions (docs/bank-feed.md): linking, consents, the sandbox's banks and reconciliation.

/** The sandbox's banks; `sandbox-bank` is the default (50 a page, links.prev, every field). */
export const SandboxBankId = z.enum(['sandbox-bank', 'harbour', 'oakmoor']);
export type SandboxBankId = z.infer<typeof SandboxBankId>;

export const BankLinkBody = z.object({ redirectUrl: HttpUrl });
export const BankLink = z.object({
  linkId: z.string(),
  linkUrl: z.string(),
  expiresAt: Timestamp,
});

export const SandboxConsentBody = z.object({
  bank: SandboxBankId.optional(),
  historyDays: z
    .number()
    .int('must be a whole number of days')
    .min(1, 'must be 1-3650')
    .max(3650, 'must be 1-3650')
    .optional(),
  transactionsPerDay: z
    .number()
    .int('must be a whole number')
    .min(1, 'must be 1-500')
    .max(500, 'must be 1-500')
    .optional(),
});
export const SandboxConsent = z.object({
  accountAuthId: z.string(),
  accountIds: z.array(z.string()),
  bankName: z.string(),
});

export const BankConsent = z.object({
  accountAuthId: z.string(),
  bank: SandboxBankId,
  bankName: z.string(),
  createdAt: Timestamp,
  accounts: BankAccountList,
  /** The account pay-by-bank payments settle into, when it is one of this consent's. */
  settlementAccountId: z.string().optional(),
});
export const BankConsentList = z.array(BankConsent);

/**
 * A calendar day in `timeZone` (an IANA zone such as Europe/London; UTC when omitted): the
 * shop's day, so a payment at 00:30 BST counts on the day the shop saw it.
 */
export const ReconciliationQuery = z.object({
  date: z.iso.date({ message: 'must be a date (YYYY-MM-DD)' }),
  storeId: Uuid.optional(),
  timeZone: z
    .string()
    .max(64)
    .refine(isTimeZone, { message: 'must be an IANA time zone such as Europe/London' })
    .optional(),
});
export const TerminalReconciliationQuery = ReconciliationQuery.pick({ date: true, timeZone: true });

export const ReconciliationStatus = z.enum(['MATCHED', 'NOT_ARRIVED']);
export const ReconciledPayment = z.object({
  paymentRequestId: z.string(),
  transactionId: z.string(),
  orderId: z.string(),
  storeId: z.string(),
  terminalId: z.string().nullable(),
  /** What the customer sent: the amount and any tip. */
  amount: z.number(),
  tipAmount: z.number(),
  currency: Currency,
  completedAt: Timestamp,
  status: ReconciliationStatus,
  credit: z
    .object({
      id: z.string(),
      accountId: z.string(),
      date: Timestamp,
      amount: z.number(),
      reference: z.string(),
      status: BankTransactionStatus,
    })
    .optional(),
});
export const Reconciliation = z.object({
  date: z.iso.date(),
  /** The zone whose calendar day `date` is. */
  timeZone: z.string(),
  storeId: z.string().nullable(),
  /** Null until the merchant links a settlement account. */
  settlementAccountId: z.string().nullable(),
  summary: z.object({
    payments: z.number().int().nonnegative(),
    matched: z.number().int().nonnegative(),
    notArrived: z.number().int().nonnegative(),
    expectedAmount: z.number(),
    receivedAmount: z.number(),
  }),
  payments: z.array(ReconciledPayment),
  /** Merchant only: the day's credits on the settlement account that no payment explains. */
  unmatchedCredits: z.array(BankTransaction).optional(),
});
export type Reconciliation = z.infer<typeof Reconciliation>;
