/**
 * Agent Pay SEND payments in the bank feed, over real HTTP: once a SEND payment has settled it is
 * a DEBIT of the merchant's settlement account, with the payee's name and the payment's
 * reference, found by paging that account's transactions; a failed payment leaves no debit.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BankFeedPage, type BankTransaction } from '../../shared/contract/bank';
import { ContractPayment } from '../../shared/contract/agent';
import { DEBIT_POSTING_MS } from '../bank/ledger';
import { FAILING_ACCOUNT_NUMBER, SEND_SETTLE_MS } from './spending';
import { activeContract, payee, registeredClient } from '../../../test/helpers/agent';
import { startService, type Harness } from '../../../test/helpers/service';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

const advance = async (ms: number) =>
  expect((await h.call('POST', '/api/sandbox/clock/advance', { ms })).status).toBe(200);

/** Every transaction of the account, newest first, following links.next from the first call. */
async function allTransactions(accountId: string): Promise<BankTransaction[]> {
  const out: BankTransaction[] = [];
  let path: string | undefined = `/api/bank/accounts/${accountId}/transactions`;
  while (path) {
    const res = await h.call('GET', path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = BankFeedPage.parse(res.body);
    out.push(...page.data);
    path = page.links.next?.slice(h.url.length);
  }
  return out;
}

it('a settled SEND payment is a DEBIT of the settlement account with payee and reference', async () => {
  const consent = await h.call('POST', '/api/sandbox/bank/consents', {});
  expect(consent.status).toBe(201);
  const consents = await h.call('GET', '/api/bank/consents');
  const accountId = consents.body[0].settlementAccountId as string;
  expect(accountId).toMatch(/^acc_/);

  const { client } = await registeredClient(h, 'Bookkeeper');
  const contractId = await activeContract(h, client);
  const paid = ContractPayment.parse(
    await client.contract.send(contractId, { amount: 23.45, payee, reference: 'AGENTPAY-DEBIT-7' }),
  );
  const refused = ContractPayment.parse(
    await client.contract.send(contractId, {
      amount: 4.5,
      payee: { ...payee, accountNumber: FAILING_ACCOUNT_NUMBER },
      reference: 'AGENTPAY-FAILS-1',
    }),
  );
  expect(paid.status).toBe('PENDING');

  // Not settled yet: no debit.
  const mine = (txs: BankTransaction[]) => txs.filter((t) => t.reference.startsWith('AGENTPAY-'));
  expect(mine(await allTransactions(accountId))).toEqual([]);

  await advance(SEND_SETTLE_MS + 500); // the sandbox bank settles both (one completes, one fails)
  expect((await client.contract.payment(paid.paymentId)).status).toBe('COMPLETED');
  expect((await client.contract.payment(refused.paymentId)).status).toBe('FAILED');
  await advance(DEBIT_POSTING_MS + 500); // the debit is posted

  const txs = await allTransactions(accountId);
  const debits = mine(txs);
  expect(debits).toHaveLength(1);
  const debit = debits[0]!;
  expect(debit).toMatchObject({
    type: 'DEBIT',
    amount: 23.45,
    currency: 'GBP',
    reference: 'AGENTPAY-DEBIT-7',
    description: 'FASTER PAYMENT SENT',
    status: 'BOOKED',
  });
  expect(debit.payee?.name).toBe('ACME SUPPLIES');
  expect(debit.payee?.accountDetails).toEqual({ sortCode: '12-34-56', accountNumber: '12345678' });
  // It is the newest transaction, and the running balance fell by its amount.
  expect(txs[0]!.id).toBe(debit.id);
  if (debit.balance && txs[1]?.balance)
    expect(Math.round((txs[1].balance.amount - debit.balance.amount) * 100)).toBe(2345);
  // Read again: the same single debit, with the same id (stored once).
  expect(mine(await allTransactions(accountId)).map((t) => t.id)).toEqual([debit.id]);
});
