/**
 * Paying by card on the hosted page: the typed card is checked as a card form would check it,
 * then the sandbox network approves, declines or asks for 3D Secure. With card on file at
 * checkout (checkout.ts) an approved card is challenged and saved once the challenge completes.
 */
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { HostedContext } from './context';
import { cardFormSchema, type CardForm } from '../cards';
import type { RequestRow, TransactionRow } from '../payments';
import { cardError, seeOther, sendPage } from '../ui';
import type { CardOnFile } from './checkout';
import { payUrl, shareField, type HostedKit } from './kit';
import type { Plan } from './plan';
import { cardFormPage, challengePage } from './card-views';
import { noticePage } from './outcome-views';

const ChallengeDecision = z.object({ decision: z.enum(['complete', 'fail']) });

/** Starts the card attempt the network's answer calls for; where the customer goes next. */
async function startCardAttempt(
  ctx: HostedContext,
  onFile: CardOnFile,
  request: { row: RequestRow; plan: Plan; fields: Record<string, string>; card: CardForm },
): Promise<string> {
  const { row, plan, fields, card } = request;
  const behaviour = onFile.needsChallenge(row, card.behaviour)
    ? ({ kind: 'challenge' } as const)
    : card.behaviour;
  const base = {
    method: 'CARD' as const,
    tipPence: plan.tipPence,
    ...shareField(plan),
    card: { brand: card.brand, last4: card.last4, type: 'CREDIT' },
  };
  let tx: TransactionRow;
  switch (behaviour.kind) {
    case 'challenge':
      tx = await ctx.lifecycle.startAttempt(row.id, {
        ...base,
        status: 'AWAITING_AUTHORIZATION',
        settle: { outcome: 'COMPLETED' },
      });
      await onFile.holdForSaving(row, tx, fields, card);
      return `${payUrl(row)}/card/${tx.id}/challenge`;
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
  return `${payUrl(row)}?tx=${tx.id}`;
}

async function payByCard(
  ctx: HostedContext,
  kit: HostedKit,
  onFile: CardOnFile,
  c: Context,
): Promise<Response> {
  const row = await kit.load(c.req.param('id') ?? '');
  if (!row) return kit.notFound(c);
  if (!kit.payable(row)) return seeOther(c, payUrl(row));
  const fields = await kit.formBody(c);
  const { plan, page } = await kit.postedPlan(c, row, fields);
  if (!plan) return page;
  const card = cardFormSchema(ctx.clock.now(row.environment, row.merchant_id)).safeParse(fields);
  if (!card.success)
    // Name and expiry come back as the customer sent them; number and CVC never do (CardForm).
    return sendPage(
      c,
      400,
      cardFormPage(await kit.summaryOf(row), plan, {
        ...cardError(card.error.issues),
        ...(fields.name !== undefined ? { name: fields.name } : {}),
        ...(fields.expiry !== undefined ? { expiry: fields.expiry } : {}),
      }),
    );
  return await kit.attempt(c, row, async () =>
    seeOther(c, await startCardAttempt(ctx, onFile, { row, plan, fields, card: card.data })),
  );
}

export function cardRoutes(
  app: Hono,
  ctx: HostedContext,
  kit: HostedKit,
  onFile: CardOnFile,
): void {
  app.post('/pay/:id/card', (c) => payByCard(ctx, kit, onFile, c));

  app.get('/pay/:id/card/:txId/challenge', async (c) => {
    const { row, tx, page } = await kit.openAttempt(c, 'CARD');
    if (!row) return page;
    return sendPage(c, 200, challengePage(await kit.summaryOf(row), tx));
  });

  app.post('/pay/:id/card/:txId/challenge', async (c) => {
    const { row, tx, page } = await kit.openAttempt(c, 'CARD');
    if (!row) return page;
    const decision = ChallengeDecision.safeParse(await kit.formBody(c));
    if (!decision.success)
      return sendPage(
        c,
        400,
        noticePage(await kit.summaryOf(row), 'Choose how the authentication ends'),
      );
    return await kit.attempt(c, row, async () => {
      // Authenticated: the card network now settles it like any other card payment.
      if (decision.data.decision === 'complete') {
        await ctx.lifecycle.finishAttempt(tx.id, 'PENDING');
        await onFile.saveAfterChallenge(tx);
      } else await ctx.lifecycle.finishAttempt(tx.id, 'FAILED', '3D Secure authentication failed');
      return seeOther(c, `${payUrl(row)}?tx=${tx.id}`);
    });
  });
}
