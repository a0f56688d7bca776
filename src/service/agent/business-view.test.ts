/**
 * The business's view of Agent Pay with the API key alone (what the dashboard's Agents page
 * reads): agents with when they registered, and the payments under any contract of the
 * business, with the status filter, 404 for another environment's contract and 400 naming a
 * bad filter.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AgentPage, ContractPaymentPage } from '../../shared/contract/agent';
import { activeContract, payee, registeredClient } from '../../../test/helpers/agent';
import { PRODUCTION, startService, type Harness } from '../../../test/helpers/service';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

it('lists agents with createdAt and a contract’s payments with the API key alone', async () => {
  const { client, agent } = await registeredClient(h, 'Viewer test');
  const contractId = await activeContract(h, client);
  const paid = await client.contract.send(contractId, { amount: 3, payee, reference: 'VIEW-1' });
  await client.contract.send(contractId, { amount: 4, payee, reference: 'VIEW-2' });

  const agents = AgentPage.parse((await h.call('GET', '/api/agents?size=100')).body);
  const listed = agents.data.find((a) => a.agentId === agent.agentId)!;
  expect(Date.parse(listed.createdAt!)).toBeLessThanOrEqual(
    h.service.ctx.clock.now('sandbox', h.service.bootstrap.merchantId),
  );

  const path = `/api/agent-contracts/${contractId}/payments`;
  const all = await h.call('GET', path);
  expect(all.status).toBe(200);
  const page = ContractPaymentPage.parse(all.body);
  expect(page.totalCount).toBe(2);
  expect(page.data.map((p) => p.reference)).toEqual(['VIEW-2', 'VIEW-1']);
  expect(page.data[1]).toMatchObject({ paymentId: paid.paymentId, amount: 3, type: 'SEND' });

  const one = ContractPaymentPage.parse((await h.call('GET', `${path}?size=1&page=1`)).body);
  expect(one.data.map((p) => p.reference)).toEqual(['VIEW-1']);
  expect((await h.call('GET', `${path}?status=FAILED`)).body.totalCount).toBe(0);

  const bad = await h.call('GET', `${path}?status=LOST`);
  expect(bad.status).toBe(400);
  expect(bad.body.errors[0].field).toBe('query.status');
  expect((await h.call('GET', path, undefined, PRODUCTION)).status).toBe(404);
  expect((await h.call('GET', '/api/agent-contracts/nope/payments')).status).toBe(404);
  expect((await h.call('GET', path, undefined, null)).status).toBe(401);
});
