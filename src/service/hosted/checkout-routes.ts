/**
 * The saved-card forms of checkout (cardOnFile in checkout.ts): ask for a code, type it, and pay
 * with a saved card once this browser has confirmed it is the customer's.
 */
import type { Context, Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { formatMoney, t } from '../../shared/i18n';
import type { HostedContext } from './context';
import type { RequestRow } from '../payments';
import {
  CODE_TTL_MS,
  SESSION_COOKIE,
  SESSION_COOKIE_SECONDS,
  maskRecipient,
  type createVerificationStore,
} from '../cards';
import type { recipientOf } from '../cards';
import { behaviourOfCard, type createCardStore, type SavedCardRow } from '../cards';
import type { CustomerRow } from '../customers';
import { pageLanguage, seeOther, sendPage } from '../ui';
import { payUrl, type HostedPageKit } from './kit';
import { planQuery, type Plan } from './plan';
import { codeEntryPage, confirmItsYouPage } from './checkout-views';

const SavedCardChoice = z.object({ cardId: z.string().min(1).max(64) });
const CodeForm = z.object({
  code: z
    .string()
    .transform((s) => s.replace(/\s/g, ''))
    .refine((s) => /^\d{6}$/.test(s), 'Enter the 6-digit code we sent you'),
});

/** What the forms work with, made once by cardOnFile. */
export interface Deps {
  ctx: HostedContext;
  kit: HostedPageKit;
  cards: ReturnType<typeof createCardStore>;
  verifications: ReturnType<typeof createVerificationStore>;
  savedCardsOf: (row: RequestRow) => Promise<{
    customer: CustomerRow;
    recipient: NonNullable<ReturnType<typeof recipientOf>>;
  } | null>;
}

export const session = (c: Context) => getCookie(c, SESSION_COOKIE);
export const cardStep = (row: RequestRow, plan: Plan) => `${payUrl(row)}/card?${planQuery(plan)}`;

/** The request, its plan and its saved-card offer, or the page to answer instead. */
async function step(d: Deps, c: Context) {
  const { kit } = d;
  const row = await kit.load(c.req.param('id') ?? '');
  if (!row) return { page: kit.notFound(c) };
  if (!kit.payable(row)) return { page: seeOther(c, payUrl(row)) };
  const fields = await kit.formBody(c);
  const { plan, page } = await kit.postedPlan(c, row, fields);
  if (!plan) return { page };
  const offer = await d.savedCardsOf(row);
  if (!offer) return { page: seeOther(c, `${payUrl(row)}/card?${planQuery(plan)}&new=1`) };
  return { row, fields, plan, offer, summary: await kit.summaryOf(row) };
}

// Send a code: a new session for this browser, and the message, stored together.
async function sendCode(d: Deps, c: Context) {
  const { ctx, verifications } = d;
  const s = await step(d, c);
  if (!s.row) return s.page;
  const { row, plan, offer, summary } = s;
  const started = await ctx.store.tx(async () => {
    const masked = maskRecipient(offer.recipient.channel, offer.recipient.to);
    const fresh = await verifications.start(session(c), row, offer.customer.id, masked);
    if (!fresh) return null;
    // In the language the customer reads the payment page in.
    const lang = pageLanguage(c).lang;
    const values = {
      shop: summary.merchantName,
      name: offer.customer.full_name,
      amount: formatMoney(lang, plan.totalPence, row.currency),
      code: fresh.code,
      minutes: CODE_TTL_MS / 60_000,
    };
    await ctx.messages.add({
      merchantId: row.merchant_id,
      environment: row.environment,
      customerId: offer.customer.id,
      channel: offer.recipient.channel,
      to: offer.recipient.to,
      lang,
      subject: t(lang, 'mail.payCodeSubject', values),
      body: t(
        lang,
        offer.recipient.channel === 'EMAIL' ? 'mail.payCodeEmail' : 'mail.payCodeSms',
        values,
      ),
    });
    return fresh;
  });
  if (!started)
    return sendPage(
      c,
      429,
      confirmItsYouPage(
        summary,
        plan,
        'Too many codes have been sent for this payment. Please pay with another card.',
      ),
    );
  setCookie(c, SESSION_COOKIE, started.token, {
    path: payUrl(row),
    httpOnly: true,
    sameSite: 'Strict',
    secure: ctx.publicUrl().startsWith('https:'),
    maxAge: SESSION_COOKIE_SECONDS,
  });
  return seeOther(c, cardStep(row, plan));
}

// Type the code: right opens the saved cards; wrong uses up one of the tries.
async function verifyCode(d: Deps, c: Context) {
  const { verifications } = d;
  const s = await step(d, c);
  if (!s.row) return s.page;
  const { row, plan, offer, summary, fields } = s;
  const state = await verifications.state(session(c), row, offer.customer.id);
  if (state.state === 'verified') return seeOther(c, cardStep(row, plan));
  if (state.state === 'none')
    return sendPage(
      c,
      400,
      confirmItsYouPage(
        summary,
        plan,
        'This code can no longer be used: it has expired or was tried too many times. Send a new code.',
      ),
    );
  const form = CodeForm.safeParse(fields);
  if (!form.success)
    return sendPage(
      c,
      400,
      codeEntryPage(summary, plan, { ...state, error: form.error.issues[0]!.message }),
    );
  const result = await verifications.check(session(c), row, offer.customer.id, form.data.code);
  if (result.ok) return seeOther(c, cardStep(row, plan));
  if (result.reason === 'wrong' && result.attemptsLeft > 0)
    return sendPage(
      c,
      400,
      codeEntryPage(summary, plan, {
        recipient: state.recipient,
        attemptsLeft: result.attemptsLeft,
        error: 'That code is not right. Check the message and try again.',
      }),
    );
  return sendPage(
    c,
    400,
    confirmItsYouPage(
      summary,
      plan,
      result.reason === 'expired'
        ? 'This code has expired. Send a new code.'
        : 'That code was tried too many times. Send a new code, or use another card.',
    ),
  );
}

// Pay with a saved card (no 3DS: it was done when the card was saved), in a browser that
// has confirmed it is the customer's.
async function payWithSavedCard(d: Deps, c: Context) {
  const { ctx, kit, cards, verifications } = d;
  const s = await step(d, c);
  if (!s.row) return s.page;
  const { row, plan, offer, summary, fields } = s;
  if ((await verifications.state(session(c), row, offer.customer.id)).state !== 'verified')
    return sendPage(
      c,
      403,
      confirmItsYouPage(
        summary,
        plan,
        "Confirm it's you before paying with a saved card: nothing was charged.",
      ),
    );
  const choice = SavedCardChoice.safeParse(fields);
  let card: SavedCardRow;
  try {
    if (!choice.success) throw new Error('no card chosen');
    card = await cards.get(offer.customer.id, choice.data.cardId);
  } catch {
    return seeOther(c, cardStep(row, plan));
  }
  const behaviour = behaviourOfCard(card);
  return await kit.attempt(c, row, async () => {
    const tx = await ctx.lifecycle.startAttempt(row.id, {
      method: 'CARD',
      tipPence: plan.tipPence,
      ...(plan.sharePence === undefined ? {} : { sharePence: plan.sharePence }),
      card: { brand: card.brand, last4: card.last4, type: card.card_type },
      status: 'PENDING',
      settle:
        behaviour.charge === 'approve'
          ? { outcome: 'COMPLETED' }
          : { outcome: 'FAILED', errorDescription: behaviour.errorDescription },
      authorization: { captureType: 'AUTO_CAPTURE', cardId: card.id },
    });
    return seeOther(c, `${payUrl(row)}?tx=${tx.id}`);
  });
}

export function savedCardRoutes(app: Hono, d: Deps): void {
  app.post('/pay/:id/saved-card/code', (c) => sendCode(d, c));
  app.post('/pay/:id/saved-card/verify', (c) => verifyCode(d, c));
  app.post('/pay/:id/saved-card', (c) => payWithSavedCard(d, c));
}
