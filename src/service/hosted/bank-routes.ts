/**
 * Paying by bank on the hosted page: the customer picks a sandbox bank, then approves or
 * declines on the bank's own page. Every status change goes through ctx.lifecycle.
 */
import type { Hono } from 'hono';
import { z } from 'zod';
import type { HostedContext } from './context';
import { seeOther, sendPage } from '../ui';
import { payUrl, shareField, type HostedKit } from './kit';
import { SANDBOX_BANKS, bankAuthorisePage, bankSelectPage } from './views';
import { noticePage } from './outcome-views';

const BankForm = z.object({ bank: z.enum(SANDBOX_BANKS, { message: 'Choose your bank' }) });
const BankDecision = z.object({ decision: z.enum(['approve', 'decline']) });

export function bankRoutes(app: Hono, ctx: HostedContext, kit: HostedKit): void {
  app.post('/pay/:id/bank', async (c) => {
    const row = await kit.load(c.req.param('id'));
    if (!row) return kit.notFound(c);
    if (!kit.payable(row)) return seeOther(c, payUrl(row));
    const fields = await kit.formBody(c);
    const { plan, page } = await kit.postedPlan(c, row, fields);
    if (!plan) return page;
    const bank = BankForm.safeParse(fields);
    if (!bank.success)
      return sendPage(
        c,
        400,
        bankSelectPage(
          await kit.summaryOf(row),
          plan,
          bank.error.issues[0]?.message ?? 'Choose your bank',
        ),
      );
    return await kit.attempt(c, row, async () => {
      const tx = await ctx.lifecycle.startAttempt(row.id, {
        method: 'PAY_BY_BANK',
        tipPence: plan.tipPence,
        ...shareField(plan),
        bankName: bank.data.bank,
        status: 'AWAITING_AUTHORIZATION',
      });
      return seeOther(c, `${payUrl(row)}/bank/${tx.id}`);
    });
  });

  app.get('/pay/:id/bank/:txId', async (c) => {
    const { row, tx, page } = await kit.openAttempt(c, 'PAY_BY_BANK');
    if (!row) return page;
    return sendPage(c, 200, bankAuthorisePage(await kit.summaryOf(row), tx));
  });

  app.post('/pay/:id/bank/:txId', async (c) => {
    const { row, tx, page } = await kit.openAttempt(c, 'PAY_BY_BANK');
    if (!row) return page;
    const decision = BankDecision.safeParse(await kit.formBody(c));
    if (!decision.success)
      return sendPage(c, 400, noticePage(await kit.summaryOf(row), 'Choose Approve or Decline'));
    return await kit.attempt(c, row, async () => {
      if (decision.data.decision === 'approve')
        await ctx.lifecycle.finishAttempt(tx.id, 'COMPLETED');
      else
        await ctx.lifecycle.finishAttempt(tx.id, 'FAILED', 'The payment was declined at the bank');
      return seeOther(c, `${payUrl(row)}?tx=${tx.id}`);
    });
  });
}
