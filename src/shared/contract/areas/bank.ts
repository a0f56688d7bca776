/**
 * Bank feed: accounts, transactions, consents, and the day's reconciliation for the merchant
 * and for a terminal's own store.
 */
import * as bank from '../bank';
import { Message } from '../common';
import { route, type RouteDef } from '../route-def';

export const bankContract = {
  listBankAccounts: route({
    method: 'get',
    path: '/api/bank/{accountAuthId}/accounts',
    tag: 'Bank feed',
    auth: 'merchant',
    summary: 'List linked bank accounts',
    params: bank.BankAccountsParams,
    status: 200,
    response: bank.BankAccountList,
    errors: [404],
  }),
  listBankTransactions: route({
    method: 'get',
    path: '/api/bank/accounts/{accountId}/transactions',
    tag: 'Bank feed',
    auth: 'merchant',
    summary: 'One page of bank transactions (cursor pagination)',
    params: bank.BankTransactionsParams,
    query: bank.BankTransactionsQuery,
    status: 200,
    response: bank.BankFeedPage,
    errors: [400, 404, 410],
  }),
  createBankLink: route({
    method: 'post',
    path: '/api/bank/links',
    tag: 'Bank feed',
    auth: 'merchant',
    extension: true,
    summary: 'Start linking a bank account (hosted page, then a redirect with the consent)',
    description:
      'Open linkUrl in a browser: the user picks a bank, signs in and consents; the browser returns to redirectUrl with accountAuthId and accountIds (comma-separated), or with error=access_denied.',
    body: bank.BankLinkBody,
    status: 201,
    response: bank.BankLink,
    errors: [400],
  }),
  listBankConsents: route({
    method: 'get',
    path: '/api/bank/consents',
    tag: 'Bank feed',
    auth: 'merchant',
    extension: true,
    summary: 'The consents this merchant holds, with their accounts',
    status: 200,
    response: bank.BankConsentList,
    errors: [],
  }),
  revokeBankConsent: route({
    method: 'delete',
    path: '/api/bank/{accountAuthId}',
    tag: 'Bank feed',
    auth: 'merchant',
    extension: true,
    summary: 'Revoke a consent: its accounts and cursors answer 404 from then on',
    params: bank.BankAccountsParams,
    status: 200,
    response: Message,
    errors: [404],
  }),
  bankReconciliation: route({
    method: 'get',
    path: '/api/bank/reconciliation',
    tag: 'Bank feed',
    auth: 'merchant',
    extension: true,
    summary:
      "A day's pay-by-bank payments matched to their credits, and credits no payment explains",
    query: bank.ReconciliationQuery,
    status: 200,
    response: bank.Reconciliation,
    errors: [400],
  }),
  terminalReconciliation: route({
    method: 'get',
    path: '/api/terminal/reconciliation',
    tag: 'Terminals',
    auth: 'terminal',
    extension: true,
    summary: "A day's pay-by-bank payments of the terminal's store, matched to their credits",
    description: 'The terminal never reads the bank feed itself: it sees its own store only.',
    query: bank.TerminalReconciliationQuery,
    status: 200,
    response: bank.Reconciliation,
    errors: [400, 403],
  }),
} as const satisfies Record<string, RouteDef>;
