/** Section 2 Bank account and Bank transaction; section 4.6 Bank feed. */
import { z } from 'zod';
import { BankTransactionStatus, BankTransactionType, Currency } from './common';

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
