/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * The routes of the hosted authorization page (authorizationUrl): GET shows the contract or its
 * pending update in plain words, POST takes the human's decision. For a new COLLECT contract
 * the customer picks one of their saved cards, or adds one: POST …/card reads the card and hands
 * it to card on file's saving flow (its 3D Secure challenge on /save-card), which comes back here
 * with the new card checked. The agent holds the link as well, so approving also needs the
 * one-time code POST …/code sends to whichever of those who may approve (approvers.ts) the person
 * picks (approval-codes.ts); declining needs none. A COLLECT customer types the code first
 * (POST …/verify), which opens a session for their browser: only then does the page show their
 * cards, take a new card or approve, so the link alone shows nothing of the customer. A used or
 * expired link answers 410. Plain forms (POST → 303 → GET), so all of it works without
 * JavaScript.
 *
 * The parts: authorize-kit.tsx (the page and what the routes share), authorize-code-routes.tsx
 * (the approver's choice, the code step) and authorize-decision-routes.tsx (the decision).
 */
import { holdForChallenge, readCardForm } from '../cards';
import { createLinkStore } from '../cards';
import type { Area } from '../http/context';
import type { AgentContext } from './context';
import { createCustomerStore } from '../customers';
import { guardHostedPages, sayIn, seeOther } from '../ui';
import { t, type LanguageCode } from '../../shared/i18n';
import { createApprovalCodes } from './approval-codes';
import { approverChoiceRoute, codeStepRoute } from './authorize-code-routes';
import { decisionRoute } from './authorize-decision-routes';
import { createAuthorizeKit, type AuthorizationParts } from './authorize-kit';
import { cardIn, customersLanguage, said } from './words';
import type { Revocation } from './revoke-routes';

export type { AuthorizationParts } from './authorize-kit';

export function authorizationPages(
  app: Parameters<Area>[0],
  ctx: AgentContext,
  parts: AuthorizationParts,
  revocation: Revocation,
) {
  const links = createLinkStore(ctx.store, ctx.clock);
  const customers = createCustomerStore(ctx.store, ctx.clock);
  const codes = createApprovalCodes(ctx.store, ctx.clock, ctx.messages);
  // No other site can post a decision or a card here in the customer's name.
  guardHostedPages(app, ctx, '/agents/authorize/*');
  customersLanguage(app, ctx, 'authorize', (token) => parts.contracts.byToken(token));
  const kit = createAuthorizeKit(ctx, parts, codes);
  const { open, sessionOf, savedCards, page, needsCard, formFields, pageUrl } = kit;

  app.get('/agents/authorize/:token', async (c) => {
    const row = await open(c);
    if (row instanceof Response) return row;
    // Back from the card-saving challenge (its redirect names the outcome); only the browser
    // that typed the customer's code sees which card.
    const outcome = c.req.query('status');
    const added = c.req.query('paymentMethodId');
    const card =
      added && (await sessionOf(c, row))
        ? (await savedCards(row)).find((m) => m.paymentMethodId === added)
        : undefined;
    return await page(c, row, 200, {
      ...(outcome === 'SAVED' && card
        ? {
            selected: card.paymentMethodId,
            notice: (lang: LanguageCode) =>
              t(lang, 'agent.cardSaved', { card: cardIn(lang, card) }),
          }
        : {}),
      ...(outcome === 'FAILED' || outcome === 'EXPIRED'
        ? { cardError: said('agent.cardNotSaved') }
        : {}),
      ...(c.req.query('code') === 'sent' ? { notice: said('agent.codeSentNotice') } : {}),
    });
  });

  approverChoiceRoute(app, codes, kit);
  codeStepRoute(app, ctx, codes, kit);
  decisionRoute(app, ctx, { contracts: parts.contracts, codes, revocation }, kit);

  // A new card for a COLLECT contract: checked here, saved by card on file after its 3DS.
  app.post('/agents/authorize/:token/card', async (c) => {
    const row = await open(c);
    if (row instanceof Response) return row;
    if (!needsCard(row)) return seeOther(c, `/agents/authorize/${row.auth_token}`);
    // Only the customer adds a card: the browser that typed their code.
    if (!(await sessionOf(c, row)))
      return await page(c, row, 403, { error: said('agent.errTypeFirst') });
    const fields = await formFields(c);
    const entry = readCardForm(fields, ctx.clock.now(row.environment, row.merchant_id));
    if (!entry.ok)
      return await page(c, row, 400, {
        cardError: entry.declined
          ? (lang: LanguageCode) => t(lang, 'agent.tryAnother', { error: sayIn(lang, entry.said) })
          : entry.said,
        cardValues: { name: fields.name, expiry: fields.expiry },
      });
    const customer = await customers.get(
      { merchantId: row.merchant_id, environment: row.environment },
      row.service_customer_id!,
    );
    return seeOther(c, await holdForChallenge(links, customer, entry.card, pageUrl(row)));
  });
}
