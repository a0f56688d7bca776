import { describe, it, expect } from 'vitest';
import {
  BusinessContractListQuery,
  CollectChargeBody,
  ContractAuthorizeBody,
  ContractListFilters,
  ContractPayment,
  ContractUpdateBody,
  SendPaymentBody,
  Agent,
  AgentPage,
  AgentRegisterBody,
  Contract,
  ContractCreateBody,
  ContractListQuery,
  ContractPage,
  ContractParams,
  ContractStatus,
  ContractType,
  ContractUsage,
  Limits,
  PERIOD_ORDER,
  PeriodLimit,
  ApproverList,
  ApproversUpdateBody,
} from './agent';
import { issues, parse, paths } from '../../../test/helpers/schema-test-kit';

const SERVICE_CUSTOMER_ID = '7c1e4b52-0d9a-4f3e-8b6a-2e5f9c3d1a70';
const PEM =
  '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE7v1c\n-----END PUBLIC KEY-----\n';

const approver = { email: 'finance@example.com' };

const limits = {
  maxPerPayment: 50,
  periodLimits: [
    { amount: 200, period: 'DAY', alignment: 'CALENDAR' },
    { amount: 1000, period: 'MONTH', alignment: 'ANCHORED' },
  ],
  currency: 'GBP',
  validFrom: '2026-03-01T00:00:00Z',
  validTo: '2026-12-31T23:59:59Z',
};

describe('PeriodLimit', () => {
  it('defaults alignment to CALENDAR', () => {
    expect(parse(PeriodLimit, { amount: 100, period: 'WEEK' })).toEqual({
      amount: 100,
      period: 'WEEK',
      alignment: 'CALENDAR',
    });
  });
  it('rejects a zero amount, unknown periods and alignments', () => {
    expect(paths(PeriodLimit, { amount: 0, period: 'WEEK' })).toEqual([['amount']]);
    expect(paths(PeriodLimit, { amount: 1.001, period: 'WEEK' })).toEqual([['amount']]);
    expect(paths(PeriodLimit, { amount: 100, period: 'QUARTER' })).toEqual([['period']]);
    expect(paths(PeriodLimit, { amount: 100, period: 'WEEK', alignment: 'ROLLING' })).toEqual([
      ['alignment'],
    ]);
  });
});

describe('Limits', () => {
  it('accepts limits and fills the defaults', () => {
    expect(parse(Limits, limits)).toEqual(limits);
    expect(
      parse(Limits, {
        maxPerPayment: 20,
        periodLimits: [{ amount: 100, period: 'WEEK' }],
        validTo: '2026-12-31T23:59:59Z',
      }),
    ).toEqual({
      maxPerPayment: 20,
      periodLimits: [{ amount: 100, period: 'WEEK', alignment: 'CALENDAR' }],
      currency: 'GBP',
      validTo: '2026-12-31T23:59:59Z',
    });
  });

  it('orders periods from shortest to longest', () => {
    expect(PERIOD_ORDER).toEqual(['DAY', 'WEEK', 'FORTNIGHT', 'MONTH', 'HALF_YEAR', 'YEAR']);
  });

  it('requires at least one period cap', () => {
    const found = issues(Limits, { ...limits, periodLimits: [] });
    expect(found.map((i) => i.path)).toEqual([['periodLimits']]);
    expect(found[0]?.message).toBe('must hold at least one period cap');
  });

  it('rejects a longer period whose cap is below a shorter one', () => {
    const found = issues(Limits, {
      ...limits,
      periodLimits: [
        { amount: 200, period: 'DAY' },
        { amount: 150, period: 'MONTH' },
      ],
    });
    expect(found.map((i) => i.path)).toEqual([['periodLimits', 1, 'amount']]);
    expect(found[0]?.message).toBe('the MONTH cap must be at least the DAY cap');
  });

  it('compares by period length, not by the order given', () => {
    expect(
      paths(Limits, {
        ...limits,
        periodLimits: [
          { amount: 150, period: 'YEAR' },
          { amount: 100, period: 'DAY' },
          { amount: 300, period: 'WEEK' },
        ],
      }),
    ).toEqual([['periodLimits', 0, 'amount']]);
    expect(
      parse(Limits, {
        ...limits,
        periodLimits: [
          { amount: 5000, period: 'YEAR' },
          { amount: 100, period: 'DAY' },
          { amount: 300, period: 'FORTNIGHT' },
          { amount: 2000, period: 'HALF_YEAR' },
        ],
      }).periodLimits,
    ).toHaveLength(4);
  });

  it('accepts equal caps for a shorter and a longer period', () => {
    expect(
      parse(Limits, {
        ...limits,
        periodLimits: [
          { amount: 500, period: 'WEEK' },
          { amount: 500, period: 'MONTH' },
        ],
      }),
    ).toBeTruthy();
  });

  it('rejects a period given twice', () => {
    expect(
      paths(Limits, {
        ...limits,
        periodLimits: [
          { amount: 100, period: 'DAY' },
          { amount: 100, period: 'DAY' },
        ],
      }),
    ).toEqual([['periodLimits', 1, 'period']]);
  });

  it('requires validTo, later than validFrom', () => {
    const { validTo: _v, ...noEnd } = limits;
    expect(paths(Limits, noEnd)).toEqual([['validTo']]);
    expect(paths(Limits, { ...limits, validTo: '2026-02-01T00:00:00Z' })).toEqual([['validTo']]);
    expect(paths(Limits, { ...limits, validTo: limits.validFrom })).toEqual([['validTo']]);
    expect(paths(Limits, { ...limits, validTo: '2026-12-31' })).toEqual([['validTo']]);
  });

  it('rejects a bad maxPerPayment and currency', () => {
    expect(paths(Limits, { ...limits, maxPerPayment: 0 })).toEqual([['maxPerPayment']]);
    expect(paths(Limits, { ...limits, maxPerPayment: 10.005 })).toEqual([['maxPerPayment']]);
    expect(paths(Limits, { ...limits, currency: 'gbp' })).toEqual([['currency']]);
  });
});

const agent = {
  agentId: 'agt_3b9f2c1d',
  businessId: 'biz_91a7e0',
  environment: 'sandbox',
  name: 'Procurement bot',
  description: 'Buys office supplies',
  publicKeyPem: PEM,
};

describe('Agent', () => {
  it('accepts a registered agent and one from me or list with its status', () => {
    expect(parse(Agent, agent)).toEqual(agent);
    const { publicKeyPem: _p, ...listed } = agent;
    expect(parse(Agent, { ...listed, status: 'ACTIVE' })).toBeTruthy();
    expect(parse(AgentPage, { data: [listed], totalCount: 1, page: 0, size: 20 })).toBeTruthy();
  });
  it('rejects an unknown environment and a missing name', () => {
    expect(paths(Agent, { ...agent, environment: 'staging' })).toEqual([['environment']]);
    expect(paths(Agent, { ...agent, name: undefined })).toEqual([['name']]);
    expect(
      paths(AgentPage, { data: [{ ...agent, agentId: 1 }], totalCount: 1, page: 0, size: 20 }),
    ).toEqual([['data', 0, 'agentId']]);
  });
});

describe('AgentRegisterBody', () => {
  it('accepts a name alone, and with description and SPKI PEM', () => {
    expect(parse(AgentRegisterBody, { name: 'Procurement bot' })).toEqual({
      name: 'Procurement bot',
    });
    expect(
      parse(AgentRegisterBody, {
        name: 'Procurement bot',
        description: 'Buys supplies',
        publicKeyPem: PEM,
      }),
    ).toBeTruthy();
  });
  it('requires a non-blank name of at most 100 characters', () => {
    expect(paths(AgentRegisterBody, {})).toEqual([['name']]);
    expect(paths(AgentRegisterBody, { name: '   ' })).toEqual([['name']]);
    expect(paths(AgentRegisterBody, { name: 'n'.repeat(101) })).toEqual([['name']]);
  });
  it('rejects a key that is not an SPKI PEM and an over-long description', () => {
    expect(paths(AgentRegisterBody, { name: 'Bot', publicKeyPem: 'MFkwEwYHKoZIzj0CAQYI' })).toEqual(
      [['publicKeyPem']],
    );
    expect(
      paths(AgentRegisterBody, {
        name: 'Bot',
        publicKeyPem: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----',
      }),
    ).toEqual([['publicKeyPem']]);
    expect(paths(AgentRegisterBody, { name: 'Bot', description: 'd'.repeat(501) })).toEqual([
      ['description'],
    ]);
  });
});

describe('ContractType, ContractStatus, ContractUsage', () => {
  it('hold the interface values', () => {
    expect(ContractType.options).toEqual(['SEND', 'COLLECT']);
    expect(ContractStatus.options).toContain('PENDING_AUTHORIZATION');
    expect(ContractStatus.options).toContain('ACTIVE');
    expect(ContractStatus.safeParse('UNKNOWN').success).toBe(false);
  });
  it('usage carries cap, used, reserved, remaining and the period end', () => {
    const usage = {
      period: 'DAY',
      cap: 200,
      usedThisPeriod: 50,
      reserved: 25,
      remaining: 125,
      periodEnd: '2026-03-15T00:00:00Z',
    };
    expect(parse(ContractUsage, usage)).toEqual(usage);
    expect(paths(ContractUsage, { ...usage, period: 'HOUR' })).toEqual([['period']]);
    expect(paths(ContractUsage, { ...usage, remaining: undefined })).toEqual([['remaining']]);
  });
});

describe('Contract', () => {
  const created = {
    contractId: 'ctr_8e7d6c5b',
    agentId: 'agt_3b9f2c1d',
    environment: 'sandbox',
    type: 'SEND',
    name: 'Office supplies',
    createdAt: '2026-03-01T10:00:00Z',
    status: 'PENDING_AUTHORIZATION',
    authorizationUrl: 'https://pay.example.com/agents/authorize/ctr_8e7d6c5b',
    limits,
    pendingUpdate: null,
  };
  const collect = {
    ...created,
    type: 'COLLECT',
    status: 'ACTIVE',
    authorizationUrl: undefined,
    serviceCustomerId: SERVICE_CUSTOMER_ID,
    linkedMethod: {
      paymentMethodId: 'pm_7Hq2LmN4xR9s',
      lastFourDigits: '4242',
      brand: 'VISA',
      expiryDate: '08/2028',
    },
    termsVersion: 2,
    usage: [
      {
        period: 'DAY',
        cap: 200,
        usedThisPeriod: 50,
        reserved: 0,
        remaining: 150,
        periodEnd: '2026-03-15T00:00:00Z',
      },
    ],
    pendingUpdate: {
      limits: { ...limits, maxPerPayment: 75 },
      requestedAt: '2026-03-10T12:00:00Z',
    },
  };

  it('accepts a freshly created SEND contract and an active COLLECT one with usage', () => {
    expect(parse(Contract, created)).toEqual(created);
    expect(parse(Contract, collect)).toBeTruthy();
    expect(
      parse(ContractPage, { data: [created, collect], totalCount: 2, page: 0, size: 20 }).data,
    ).toHaveLength(2);
  });

  it('rejects an unknown type or status, bad limits and a zero termsVersion', () => {
    expect(paths(Contract, { ...created, type: 'BOTH' })).toEqual([['type']]);
    expect(paths(Contract, { ...created, status: 'WAITING' })).toEqual([['status']]);
    expect(paths(Contract, { ...created, limits: { ...limits, periodLimits: [] } })).toEqual([
      ['limits', 'periodLimits'],
    ]);
    expect(paths(Contract, { ...collect, termsVersion: 0 })).toEqual([['termsVersion']]);
    expect(paths(Contract, { ...collect, linkedMethod: { paymentMethodId: 'pm_1' } })).toEqual([
      ['linkedMethod', 'lastFourDigits'],
      ['linkedMethod', 'brand'],
      ['linkedMethod', 'expiryDate'],
    ]);
  });
});

describe('ContractCreateBody', () => {
  it('defaults type to SEND, which needs no customer', () => {
    expect(parse(ContractCreateBody, { name: 'Office supplies', approver, limits }).type).toBe(
      'SEND',
    );
  });

  it('accepts a COLLECT contract with its customer', () => {
    expect(
      parse(ContractCreateBody, {
        name: 'Gym membership',
        type: 'COLLECT',
        serviceCustomerId: SERVICE_CUSTOMER_ID,
        approver: { phone: '+447700900123' },
        limits,
      }),
    ).toBeTruthy();
  });

  it('requires serviceCustomerId for COLLECT', () => {
    const found = issues(ContractCreateBody, {
      name: 'Gym membership',
      type: 'COLLECT',
      approver,
      limits,
    });
    expect(found.map((i) => i.path)).toEqual([['serviceCustomerId']]);
    expect(found[0]?.message).toBe('is required for COLLECT contracts');
  });

  it('requires a name and limits', () => {
    expect(paths(ContractCreateBody, { name: '  ', approver, limits })).toEqual([['name']]);
    expect(paths(ContractCreateBody, { name: 'Office supplies', approver })).toEqual([['limits']]);
  });

  it('takes the published parameters alone: no approver is required', () => {
    expect(parse(ContractCreateBody, { name: 'Office supplies', limits })).not.toHaveProperty(
      'approver',
    );
  });

  it('a suggested approver is exactly one of an e-mail address or an international phone number', () => {
    expect(paths(ContractCreateBody, { name: 'Office supplies', approver: {}, limits })).toEqual([
      ['approver', 'email'],
    ]);
    expect(
      paths(ContractCreateBody, {
        name: 'Office supplies',
        approver: { email: 'a@example.com', phone: '+447700900123' },
        limits,
      }),
    ).toEqual([['approver', 'email']]);
    expect(
      paths(ContractCreateBody, { name: 'Office supplies', approver: { email: 'nope' }, limits }),
    ).toEqual([['approver', 'email']]);
    const local = issues(ContractCreateBody, {
      name: 'Office supplies',
      approver: { phone: '07700900123' },
      limits,
    });
    expect(local.map((i) => i.path)).toEqual([['approver', 'phone']]);
    expect(local[0]?.message).toMatch(/international number/);
  });

  it('applies the limit rules', () => {
    expect(
      paths(ContractCreateBody, {
        name: 'Office supplies',
        approver,
        limits: {
          ...limits,
          periodLimits: [
            { amount: 300, period: 'WEEK' },
            { amount: 200, period: 'YEAR' },
          ],
        },
      }),
    ).toEqual([['limits', 'periodLimits', 1, 'amount']]);
  });
});

describe('ContractParams and ContractListQuery', () => {
  it('take a contract id and page, size and type filters', () => {
    expect(parse(ContractParams, { contractId: 'ctr_8e7d6c5b' })).toBeTruthy();
    expect(paths(ContractParams, { contractId: '' })).toEqual([['contractId']]);
    expect(parse(ContractListQuery, { page: '1', type: 'COLLECT' })).toEqual({
      page: 1,
      size: 20,
      type: 'COLLECT',
    });
    expect(paths(ContractListQuery, { type: 'BOTH' })).toEqual([['type']]);
    expect(paths(ContractListQuery, { page: '-1' })).toEqual([['page']]);
  });
});

describe('spending and control bodies', () => {
  const payee = { name: 'Acme', sortCode: '12-34-56', accountNumber: '12345678' };
  it('SendPaymentBody: pounds, UK bank details (sort code normalised), an 18-character reference', () => {
    expect(parse(SendPaymentBody, { amount: 12.5, payee, reference: 'INV-1' }).payee.sortCode).toBe(
      '123456',
    );
    expect(paths(SendPaymentBody, { amount: 0, payee, reference: 'x' })).toEqual([['amount']]);
    expect(paths(SendPaymentBody, { amount: 1.001, payee, reference: 'x' })).toEqual([['amount']]);
    expect(
      paths(SendPaymentBody, { amount: 1, payee: { ...payee, sortCode: '12345' }, reference: 'x' }),
    ).toEqual([['payee', 'sortCode']]);
    expect(
      paths(SendPaymentBody, {
        amount: 1,
        payee: { ...payee, accountNumber: '1234567' },
        reference: 'x',
      }),
    ).toEqual([['payee', 'accountNumber']]);
    expect(
      paths(SendPaymentBody, { amount: 1, payee: { ...payee, name: ' ' }, reference: 'x' }),
    ).toEqual([['payee', 'name']]);
    expect(paths(SendPaymentBody, { amount: 1, payee, reference: 'r'.repeat(19) })).toEqual([
      ['reference'],
    ]);
  });
  it('CollectChargeBody: at least 1 pound, an order id of 1-50 characters, notes up to 30', () => {
    expect(parse(CollectChargeBody, { amount: 1, orderId: 'o-1' })).toEqual({
      amount: 1,
      orderId: 'o-1',
    });
    expect(paths(CollectChargeBody, { amount: 0.99, orderId: 'o' })).toEqual([['amount']]);
    expect(paths(CollectChargeBody, { amount: 5, orderId: '' })).toEqual([['orderId']]);
    expect(paths(CollectChargeBody, { amount: 5, orderId: 'o', notes: 'n'.repeat(31) })).toEqual([
      ['notes'],
    ]);
  });
  it('ContractAuthorizeBody, ContractUpdateBody and the list filters', () => {
    expect(parse(ContractAuthorizeBody, { decision: 'DECLINE' })).toEqual({ decision: 'DECLINE' });
    expect(paths(ContractAuthorizeBody, { decision: 'MAYBE' })).toEqual([['decision']]);
    expect(paths(ContractUpdateBody, { limits: { ...limits, periodLimits: [] } })).toEqual([
      ['limits', 'periodLimits'],
    ]);
    expect(parse(ContractListFilters, { status: 'ACTIVE', type: 'SEND' })).toEqual({
      status: 'ACTIVE',
      type: 'SEND',
      page: 0,
      size: 20,
    });
    expect(paths(ContractListFilters, { status: 'WAITING' })).toEqual([['status']]);
    expect(parse(BusinessContractListQuery, { agentId: 'agt_1' }).agentId).toBe('agt_1');
  });
  it('ContractPayment: a SEND payment as returned', () => {
    const payment = {
      paymentId: 'cpm_1',
      contractId: 'ctr_1',
      type: 'SEND',
      status: 'PENDING',
      amount: 12.5,
      currency: 'GBP',
      payee: { ...payee, sortCode: '123456' },
      reference: 'INV-1',
      createdAt: '2026-03-01T10:00:00Z',
    };
    expect(parse(ContractPayment, payment)).toEqual(payment);
    expect(paths(ContractPayment, { ...payment, status: 'RESERVED' })).toEqual([['status']]);
  });
});

describe('ApproverList and ApproversUpdateBody', () => {
  it('takes e-mail addresses and phone numbers, each once (e-mail in any case)', () => {
    expect(
      parse(ApproverList, [{ email: 'a@example.com' }, { phone: '+447700900123' }]),
    ).toHaveLength(2);
    expect(paths(ApproverList, [{ email: 'a@example.com' }, { email: 'A@example.com' }])).toEqual([
      [1],
    ]);
    expect(paths(ApproverList, [{ phone: '07700900123' }])).toEqual([[0, 'phone']]);
    expect(
      paths(
        ApproverList,
        Array.from({ length: 21 }, (_, i) => ({ email: `a${i}@example.com` })),
      ),
    ).toEqual([[]]);
  });
  it('refuses unknown fields; the code is optional', () => {
    expect(parse(ApproversUpdateBody, { approvers: [] })).toEqual({ approvers: [] });
    expect(paths(ApproversUpdateBody, { approvers: [], extra: 1 })).toEqual([[]]);
  });
});
