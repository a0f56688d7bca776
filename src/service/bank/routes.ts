/**
 * The bank feed (docs/bank-feed.md) and its extensions: linking through the hosted page,
 * consents, the sandbox's link control, and reconciliation for the merchant and for a terminal
 * (its own store only; a terminal secret never reads the feed itself). docs/bank-feed.md.
 */
import { randomBytes } from 'node:crypto';
import { routes } from '../../shared/contract/routes';
import { iso } from '../kernel/clock';
import type { Area } from '../http/context';
import type { BankContext } from './context';
import { ApiError } from '../kernel/errors';
import { mount } from '../http/mount';
import { BANKS, DEFAULT_BANK, bankOf } from './banks';
import { createCursors } from './cursor';
import { readPage } from './feed';
import { createLedger, type AccountRow } from './ledger';
import { linkPageRoutes, LINK_TTL_MS } from './link-page';
import { createReconciler } from './reconcile';
import { newLinkStatement } from './repo';

/** The bank feed's 404 is spelled with a space, `NOT FOUND`, as its clients expect. */
export const bankNotFound = (message: string) => new ApiError(404, message, [], 'NOT FOUND');

export const bankRoutes: Area<BankContext> = (app, ctx) => {
  const ledger = createLedger(ctx.store, ctx.clock);
  const cursors = createCursors(ctx.store, ctx.clock);
  const reconcile = createReconciler(ctx.store, ctx.clock, ledger);
  const insertLink = newLinkStatement(ctx.store);

  const wireAccount = (bankId: string) => (a: AccountRow) => ({
    accountId: a.id,
    bankName: bankOf(bankId).name,
    accountNumber: a.account_number,
    sortCode: a.sort_code,
  });

  mount(app, ctx.auth, routes.listBankAccounts, async ({ params, caller }) => {
    const consent = await ledger.consent(
      caller.merchantId,
      caller.environment,
      params.accountAuthId,
    );
    if (!consent)
      throw bankNotFound('No consent with this accountAuthId (never linked, or revoked)');
    return (await ledger.accountsOf(consent.id)).map(wireAccount(consent.bank));
  });

  mount(app, ctx.auth, routes.listBankTransactions, async ({ params, query, caller }) => {
    const account = await ledger.account(caller.merchantId, caller.environment, params.accountId);
    if (!account)
      throw bankNotFound(
        'No linked account with this accountId (never linked, or its consent revoked)',
      );
    return readPage(
      {
        ledger,
        cursors,
        now: ctx.clock.now(account.environment, account.merchant_id),
        baseUrl: ctx.publicUrl(),
      },
      account,
      bankOf(account.bank),
      query,
    );
  });

  mount(app, ctx.auth, routes.createBankLink, async ({ body, caller }) => {
    const id = `lnk_${randomBytes(18).toString('base64url')}`;
    const now = ctx.clock.now(caller.environment, caller.merchantId);
    await insertLink.run(
      id,
      caller.merchantId,
      caller.environment,
      body.redirectUrl,
      now + LINK_TTL_MS,
      now,
    );
    return {
      linkId: id,
      linkUrl: `${ctx.publicUrl()}/bank/link/${id}`,
      expiresAt: iso(now + LINK_TTL_MS),
    };
  });

  mount(app, ctx.auth, routes.listBankConsents, async ({ caller }) => {
    const settlement = await ledger.settlementAccount(caller.merchantId, caller.environment);
    const consents = await ledger.consents(caller.merchantId, caller.environment);
    return Promise.all(
      consents.map(async (c) => {
        const accounts = await ledger.accountsOf(c.id);
        return {
          accountAuthId: c.id,
          bank: bankOf(c.bank).id,
          bankName: bankOf(c.bank).name,
          createdAt: iso(c.created_at),
          accounts: accounts.map(wireAccount(c.bank)),
          ...(settlement && settlement.consent_id === c.id
            ? { settlementAccountId: settlement.id }
            : {}),
        };
      }),
    );
  });

  mount(app, ctx.auth, routes.revokeBankConsent, async ({ params, caller }) => {
    const consent = await ledger.consent(
      caller.merchantId,
      caller.environment,
      params.accountAuthId,
    );
    if (!consent || !(await ledger.revoke(consent)))
      throw bankNotFound('No consent with this accountAuthId (never linked, or revoked)');
    return { message: 'Consent revoked; its accounts are no longer readable' };
  });

  mount(app, ctx.auth, routes.sandboxBankConsent, async ({ body, caller }) => {
    const bank = BANKS[body.bank ?? DEFAULT_BANK];
    const { consent, accounts } = await ledger.link(
      caller.merchantId,
      caller.environment,
      bank.id,
      {
        historyDays: body.historyDays,
        perDay: body.transactionsPerDay,
      },
    );
    return {
      accountAuthId: consent.id,
      accountIds: accounts.map((a) => a.id),
      bankName: bank.name,
    };
  });

  mount(app, ctx.auth, routes.bankReconciliation, async ({ query, caller }) =>
    reconcile(caller.merchantId, caller.environment, query, query.storeId ?? null, true),
  );

  mount(app, ctx.auth, routes.terminalReconciliation, async ({ query, caller }) =>
    reconcile(caller.merchantId, caller.environment, query, caller.storeId, false),
  );

  linkPageRoutes(app, ctx, ledger);
};
