/**
 * Light rendering checks of the new areas' components (static markup, no DOM): a payment's
 * refunds and the refund form, the Bank page's consents, transaction pager
 * and reconciliation, and a customer's page of charges with its pager, each from a store put in
 * a known state.
 */
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BankFeedPage, Reconciliation } from '../../shared/contract/bank';
import type { RefundRecord } from '../../shared/contract/refunds';
import { DashboardContext, RouterContext } from '../context';
import type { Call } from '../lib/api';
import { createBankStore } from '../store/bank';
import { createCustomersStore } from '../store/customers';
import type { Dashboard } from '../store/dashboard';
import type { Payment } from '../store/payments';
import { createRefundsStore } from '../store/refunds';
import { createRouter } from '../store/router';
import { BankArea } from './bank/BankArea';
import { CustomerPage } from './customers/CustomerPage';
import { PaymentRefunds } from './payments/Refunds';

const never: Call = () => new Promise(() => {});
const T = '2026-11-23T10:00:00.000Z';

function render(element: ReactElement, stores: Partial<Dashboard>, path = '/dashboard/bank') {
  // Server rendering reads a store's initial state; point it at the state set by the test.
  for (const store of Object.values(stores) as {
    getState(): unknown;
    getInitialState(): unknown;
  }[])
    store.getInitialState = store.getState;
  const router = createRouter(
    { pathname: path, search: '' },
    { pushState: () => {}, replaceState: () => {} },
  );
  return renderToStaticMarkup(
    createElement(
      RouterContext.Provider,
      { value: router },
      createElement(DashboardContext.Provider, { value: stores as Dashboard }, element),
    ),
  );
}

const payment = (over: Partial<Payment> = {}): Payment =>
  ({
    paymentRequestId: '11111111-1111-4111-8111-111111111111',
    amount: 12.5,
    currency: 'GBP',
    tipAmount: 1.5,
    paidAmount: 14,
    paymentMethod: 'CARD',
    orderId: 'ORD-1',
    customerId: 'c',
    storeId: '22222222-2222-4222-8222-222222222222',
    terminalId: null,
    metadata: {},
    status: 'COMPLETED',
    createdAt: T,
    updatedAt: T,
    expiresAt: T,
    transactions: [],
    refundedAmount: 4,
    ...over,
  }) as Payment;

const refund = (over: Partial<RefundRecord>): RefundRecord => ({
  refundId: '33333333-3333-4333-8333-333333333333',
  paymentRequestId: '11111111-1111-4111-8111-111111111111',
  paymentIdempotencyId: 'tx',
  status: 'COMPLETED',
  paidAmount: '14.00',
  refundAmount: '4.00',
  currency: 'GBP',
  orderId: 'ORD-1',
  refundType: 'PARTIAL',
  createdAt: T,
  updatedAt: T,
  ...over,
});

describe('PaymentRefunds', () => {
  it('shows what was paid and refunded, the refunds in the console’s words, and what is left', () => {
    const refunds = createRefundsStore(never);
    refunds.setState({
      detailId: payment().paymentRequestId,
      refunds: [
        refund({ refundNotes: 'Damaged' }),
        refund({
          refundId: '44444444-4444-4444-8444-444444444444',
          status: 'FAILED',
          refundAmount: '1.00',
        }),
      ],
      fieldErrors: { refundNotes: 'RefundNotes must be at most 30 characters.' },
    });
    const markup = render(createElement(PaymentRefunds, { payment: payment() }), {
      refunds,
    });
    expect(markup).toContain('<dd data-testid="detail-refunded">£4.00</dd>');
    // The failed £1.00 no longer holds money: £14.00 − £4.00 is left.
    expect(markup).toContain('<dd data-testid="detail-left">£10.00</dd>');
    expect(markup).toContain('In full (£10.00)');
    expect(markup).toContain('>Refunded</span>');
    expect(markup).toContain('>Failed</span>');
    expect(markup).toContain('data-status="FAILED"');
    expect(markup).toContain('Damaged');
    expect(markup).toMatch(/aria-invalid="true" aria-describedby="refund-notes-[^"]+-error"/);
    expect(markup).toContain('role="alert" data-testid="refund-error">RefundNotes must be at most');
  });

  it('offers no refund for a payment that is not paid, or is refunded in full', () => {
    const refunds = createRefundsStore(never);
    refunds.setState({ detailId: 'x', refunds: [] });
    const unpaid = render(
      createElement(PaymentRefunds, { payment: payment({ status: 'FAILED', paidAmount: 0 }) }),
      { refunds },
    );
    expect(unpaid).toContain('Only a paid payment can be refunded.');
    expect(unpaid).not.toContain('data-testid="refund-form"');
    refunds.setState({ refunds: [refund({ refundAmount: '14.00', refundType: 'FULL' })] });
    const full = render(createElement(PaymentRefunds, { payment: payment() }), {
      refunds,
    });
    expect(full).toContain('This payment has been refunded in full.');
    expect(full).not.toContain('data-testid="refund-form"');
  });
});

describe('BankArea', () => {
  const transaction = (id: string, type: 'CREDIT' | 'DEBIT', balance = true) => ({
    id,
    date: T,
    type,
    amount: 12.34,
    currency: 'GBP' as const,
    description: type === 'CREDIT' ? 'Card settlement' : 'Rent',
    reference: `REF-${id}`,
    transactionCategory: 'OTHER',
    status: 'BOOKED' as const,
    ...(balance ? { balance: { amount: 1000, currency: 'GBP' as const } } : {}),
  });

  it('shows consents, the settlement account, a page of transactions and the reconciliation', () => {
    const bank = createBankStore(never, () => '2026-11-23');
    const page: BankFeedPage = {
      data: [transaction('t1', 'CREDIT'), transaction('t2', 'DEBIT', false)],
      meta: { count: 2 },
      links: { self: 'http://x/?cursor=a' }, // the last page of a bank that gives no prev
    };
    const report: Reconciliation = {
      date: '2026-11-23',
      timeZone: 'Europe/London',
      storeId: null,
      settlementAccountId: 'acc_1',
      summary: { payments: 1, matched: 0, notArrived: 1, expectedAmount: 8.25, receivedAmount: 0 },
      payments: [
        {
          paymentRequestId: 'p1',
          transactionId: 'tx1',
          orderId: 'BANK-1',
          storeId: 's',
          terminalId: null,
          amount: 8.25,
          tipAmount: 0,
          currency: 'GBP',
          completedAt: T,
          status: 'NOT_ARRIVED',
        },
      ],
      unmatchedCredits: [transaction('c1', 'CREDIT')],
    };
    bank.setState({
      consents: [
        {
          accountAuthId: 'con_1',
          bank: 'harbour',
          bankName: 'Harbour Bank',
          createdAt: T,
          accounts: [
            {
              accountId: 'acc_1',
              bankName: 'Harbour Bank',
              accountNumber: '12345678',
              sortCode: '04-00-04',
            },
          ],
          settlementAccountId: 'acc_1',
        },
      ],
      stores: [],
      browsing: {
        accountId: 'acc_1',
        label: 'Harbour Bank 04-00-04 12345678',
        page,
        pageNumber: 3,
      },
      recon: { date: '2026-11-23', storeId: '', report, error: '', busy: false },
    });
    const markup = render(createElement(BankArea), { bank });
    expect(markup).toContain('Settlement account');
    expect(markup).toContain('aria-label="Transactions of Harbour Bank 04-00-04 12345678"');
    expect(markup).toContain('Page 3 · 2 transactions');
    // No prev link: the way back is the newest page; no next link: Next is disabled.
    expect(markup).toContain('>Newest</button>');
    expect(markup).toMatch(/disabled="">Next<\/button>/);
    expect(markup).toContain('>—</td>'); // no balance from this bank
    expect(markup).toContain('data-status="NOT_ARRIVED"');
    expect(markup).toContain('Not arrived yet');
    expect(markup.match(/data-testid="unmatched-credit"/g)).toHaveLength(1);
    expect(markup).toContain('Revoke Harbour Bank');
  });

  it('says when nothing is linked and no settlement account exists', () => {
    const bank = createBankStore(never, () => '2026-11-23');
    bank.setState({
      consents: [],
      recon: {
        date: '2026-11-23',
        storeId: '',
        busy: false,
        error: '',
        report: {
          date: '2026-11-23',
          timeZone: 'Europe/London',
          storeId: null,
          settlementAccountId: null,
          summary: { payments: 0, matched: 0, notArrived: 0, expectedAmount: 0, receivedAmount: 0 },
          payments: [],
          unmatchedCredits: [],
        },
      },
    });
    const markup = render(createElement(BankArea), { bank });
    expect(markup).toContain('No bank account linked yet.');
    expect(markup).toContain('No settlement account is linked yet');
    expect(markup).not.toContain('data-testid="transactions"');
  });
});

describe('CustomerPage charges', () => {
  const customerId = '55555555-5555-4555-8555-555555555555';
  const customers = () => {
    const store = createCustomersStore(never, { sandbox: false });
    store.setState({
      customerId,
      customer: {
        id: customerId,
        fullName: 'Ada Lovelace',
        email: 'ada@example.com',
        type: 'INDIVIDUAL',
        metadata: {},
        createdAt: T,
        updatedAt: T,
      } as never,
      cards: [],
    });
    return store;
  };
  const charges = (pageNumber: number, count: number, total: number) => ({
    page: pageNumber,
    size: 20,
    totalCount: total,
    data: Array.from({ length: count }, (_, i) =>
      payment({
        paymentRequestId: `66666666-6666-4666-8666-${String(i).padStart(12, '0')}`,
        orderId: `CH-${pageNumber * 20 + i + 1}`,
        customerId,
        status: 'AUTHORIZED',
        paidAmount: 0,
        refundedAmount: 0,
      }),
    ),
  });

  it('shows one page of charges with the range and the total, Newer and Older both live', () => {
    const store = customers();
    store.setState({ charges: charges(1, 20, 45), chargesPageNumber: 1 });
    const markup = render(createElement(CustomerPage, { customerId }), { customers: store });
    expect(markup.match(/data-testid="charge"/g)).toHaveLength(20);
    expect(markup).toContain('data-order="CH-21"');
    expect(markup).toContain('data-order="CH-40"');
    expect(markup).toContain('<nav class="pager" aria-label="Charge pages">');
    expect(markup).toContain('data-testid="charges-range">21–40 of 45</span>');
    expect(markup).not.toMatch(/disabled="">(Newer|Older)/);
  });

  it('has no pager without charges; the last page turns Older off', () => {
    const store = customers();
    store.setState({ charges: charges(0, 0, 0) });
    const none = render(createElement(CustomerPage, { customerId }), { customers: store });
    expect(none).toContain('No charges yet.');
    expect(none).not.toContain('Charge pages');
    store.setState({ charges: charges(2, 5, 45), chargesPageNumber: 2 });
    const last = render(createElement(CustomerPage, { customerId }), { customers: store });
    expect(last).toContain('data-testid="charges-range">41–45 of 45</span>');
    expect(last).toContain('disabled="">Older');
  });
});
