/**
 * The Agents page rendered from a store (static markup, no DOM): agents, limits in words, a usage
 * bar per period, a staged update beside the current limits, and a contract's payments. The
 * data is parsed with the contract's own schemas, so it has the service's shape.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { Agent, Contract, ContractPayment } from '../../../shared/contract/agent';
import { createAgentsStore, type AgentsState } from '../../store/agents';
import { AgentsView } from './AgentsArea';

const limits = (maxPerPayment: number) => ({
  maxPerPayment,
  periodLimits: [
    { amount: 100, period: 'DAY' },
    { amount: 400, period: 'MONTH' },
  ],
  validFrom: '2027-01-01T00:00:00.000Z',
  validTo: '2027-12-31T00:00:00.000Z',
});

const agent = Agent.parse({
  agentId: 'agt_1',
  businessId: 'm1',
  environment: 'sandbox',
  name: 'Procurement bot',
  description: 'Buys <b>supplies</b>',
  status: 'ACTIVE',
  createdAt: '2027-01-01T09:00:00.000Z',
});
const contract = Contract.parse({
  contractId: 'ctr_1',
  agentId: 'agt_1',
  environment: 'sandbox',
  type: 'SEND',
  name: 'Office supplies',
  approver: { email: 'finance@example.com' },
  createdAt: '2027-01-01T10:00:00.000Z',
  status: 'ACTIVE',
  limits: limits(50),
  usage: [
    {
      period: 'DAY',
      cap: 100,
      usedThisPeriod: 20,
      reserved: 5,
      remaining: 75,
      periodEnd: '2027-01-02T00:00:00.000Z',
    },
  ],
  pendingUpdate: { limits: limits(80), requestedAt: '2027-01-01T11:00:00.000Z' },
});
const payment = ContractPayment.parse({
  paymentId: 'cpm_1',
  contractId: 'ctr_1',
  type: 'SEND',
  status: 'FAILED',
  amount: 5,
  currency: 'GBP',
  payee: { name: 'Acme Supplies', sortCode: '123456', accountNumber: '00000000' },
  reference: 'INV-9',
  errorDescription: 'The payee’s bank refused the payment (account closed)',
  createdAt: '2027-01-01T12:00:00.000Z',
});

/** Static rendering reads a store's initial state: a store that starts in this state. */
function render(over: Partial<AgentsState>) {
  const base = createAgentsStore(() => Promise.reject(new Error('not called'))).getState();
  const store = createStore<AgentsState>()(() => ({ ...base, ...over }));
  return renderToStaticMarkup(createElement(AgentsView, { store }));
}

describe('the Agents page', () => {
  it('shows agents, limits in words, usage, the staged update and payments', () => {
    const html = render({
      agents: [agent],
      contracts: [contract],
      totalContracts: 1,
      payments: { ctr_1: { data: [payment], totalCount: 1, error: '' } },
    });
    expect(html).toContain('Procurement bot');
    expect(html).toContain('Buys &lt;b&gt;supplies&lt;/b&gt;'); // escaped by construction
    expect(html).toContain('Sends payments · agent Procurement bot');
    // Whom approval codes go to: the business can see who approves (or approved) each one.
    expect(html).toContain('· approver finance@example.com');
    // Waiting, with no one suggested: who approves is the business's, on the page.
    const waiting = render({
      agents: [agent],
      contracts: [{ ...contract, status: 'PENDING_AUTHORIZATION', approver: undefined }],
      totalContracts: 1,
    });
    expect(waiting).toContain('· one of your approvers approves it (Settings)');
    expect(waiting).not.toContain('approver finance');
    expect(html).toContain('At most £50.00 in any one payment.');
    expect(html).toContain('At most £100.00 in total each calendar day (from midnight UTC).');
    expect(html).toContain('Current limits');
    expect(html).toContain('New limits waiting for approval');
    expect(html).toContain('At most £80.00 in any one payment.');
    expect(html).toContain('£20.00 used, £5.00 reserved, £75.00 left of £100.00');
    expect(html).toContain(
      '<progress max="100" value="25" aria-label="Day cap used or reserved">25%</progress>',
    );
    expect(html).toContain('aria-expanded="true"');
    expect(html).toContain('>Acme Supplies<');
    expect(html).toContain('>INV-9<');
    expect(html).toContain('>Failed<');
    expect(html).toContain('account closed');
    expect(html).toContain('This page refreshes every 5 seconds');
  });

  it('says when there is nothing, or only part, to show', () => {
    expect(render({ agents: [], contracts: [], totalContracts: 0 })).toContain('No agents yet.');
    expect(render({ agents: [], contracts: [], type: 'COLLECT' })).toContain(
      'No contracts match these filters.',
    );
    const partial = render({ agents: [agent], contracts: [contract], totalContracts: 60 });
    expect(partial).toContain('The newest 1 of 60 contracts.');
    expect(partial).toContain('aria-expanded="false"');
    expect(render({ error: 'Could not load agents and contracts: down' })).toContain(
      'role="alert">Could not load agents and contracts: down Trying again shortly.',
    );
  });
});
