/**
 * Agent Pay in a real browser: the client (bundled as it ships, WebCrypto only) registers,
 * contracts and pays from a Chromium page; and a person approves a contract on its hosted
 * authorization page.
 */
import { expect, test } from '@playwright/test';
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import type * as AgentPayModule from '../../src/agent/index';
import type { Service } from '../../src/service/app';
import { codeIn } from '../helpers/agent';
import { merchantApi, startOwnService } from './service-steps';

const SECRET = 'sk_sandbox_agent_e2e';
let service: Service;
let base: string;
let bundle: string;

test.beforeAll(async () => {
  ({ service, base } = await startOwnService({ sandbox: SECRET, production: 'sk_live_x' }));
  const out = await build({
    entryPoints: [fileURLToPath(new URL('../../src/agent/index.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    globalName: 'AgentPayLib',
    platform: 'browser',
    write: false,
  });
  bundle = out.outputFiles[0]!.text;
});
test.afterAll(() => service.close());

const api = merchantApi(() => base, SECRET);

test('the client runs in Chromium: a WebCrypto key registers, contracts and pays', async ({
  page,
}) => {
  // A blank page on the service's origin, so the client's requests are same-origin.
  await page.route(`${base}/agent-pay-harness`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>harness</title>' }),
  );
  await page.goto(`${base}/agent-pay-harness`);
  await page.addScriptTag({ content: bundle });
  const created = await page.evaluate(async (apiKey) => {
    const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ]);
    const der = new Uint8Array(await crypto.subtle.exportKey('pkcs8', keys.privateKey));
    const b64 = btoa(String.fromCharCode(...der));
    const privateKeyPem = `-----BEGIN PRIVATE KEY-----\n${b64}\n-----END PRIVATE KEY-----\n`;
    const lib = (window as unknown as { AgentPayLib: typeof AgentPayModule }).AgentPayLib;
    const pay = new lib.AgentPay({ baseUrl: location.origin, apiKey, privateKeyPem });
    const agent = await pay.agent.register({ name: 'Browser agent' });
    const contract = await pay.contract.create({
      name: 'Browser contract',
      limits: {
        maxPerPayment: 20,
        periodLimits: [{ amount: 30, period: 'DAY' }],
        validTo: '2099-01-01T00:00:00Z',
      },
    });
    (window as unknown as { pay: typeof pay }).pay = pay;
    return { agentId: agent.agentId, contractId: contract.contractId };
  }, SECRET);
  expect(created.agentId).toMatch(/^agt_/);

  const approved = await api('POST', `/api/sandbox/contracts/${created.contractId}/authorize`, {
    decision: 'APPROVE',
  });
  expect(approved.status).toBe(200);

  const result = await page.evaluate(async (contractId) => {
    const pay = (window as unknown as { pay: AgentPayModule.AgentPay }).pay;
    const active = await pay.contract.awaitActive(contractId, {
      timeoutMs: 10_000,
      intervalMs: 50,
    });
    const payment = await pay.contract.send(contractId, {
      amount: 20,
      payee: { name: 'Paper Co', sortCode: '12-34-56', accountNumber: '12345678' },
      reference: 'BROWSER-1',
    });
    let refused = '';
    try {
      await pay.contract.send(contractId, {
        amount: 15,
        payee: { name: 'Paper Co', sortCode: '12-34-56', accountNumber: '12345678' },
        reference: 'BROWSER-2',
      });
    } catch (e) {
      refused = (e as { code: string }).code;
    }
    return { status: active.status, payment: payment.status, refused };
  }, created.contractId);
  expect(result).toEqual({ status: 'ACTIVE', payment: 'PENDING', refused: 'BAD_REQUEST' });

  const contract = await api('GET', `/api/agent-contracts/${created.contractId}`);
  expect(contract.body.usage[0]).toMatchObject({ reserved: 20, remaining: 10 });
});

test('a person approves a contract on its authorization page', async ({ page }) => {
  const { subtle } = globalThis.crypto;
  // The agent side in Node, through the same client.
  const { AgentPay } = await import('../../src/agent/index');
  const keys = await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign']);
  const der = Buffer.from(await subtle.exportKey('pkcs8', keys.privateKey)).toString('base64');
  const pay = new AgentPay({
    baseUrl: base,
    apiKey: SECRET,
    privateKeyPem: `-----BEGIN PRIVATE KEY-----\n${der}\n-----END PRIVATE KEY-----\n`,
  });
  await pay.agent.register({ name: 'Stationery bot' });
  // The business's approvers (its Settings); the agent names none.
  const set = await api('PUT', '/api/merchant/approvers', {
    approvers: [{ email: 'finance@example.com' }, { email: 'owner@example.com' }],
  });
  expect(set.status).toBe(200);
  const contract = await pay.contract.create({
    name: 'Stationery',
    limits: {
      maxPerPayment: 40,
      periodLimits: [
        { amount: 100, period: 'WEEK' },
        { amount: 300, period: 'MONTH', alignment: 'ANCHORED' },
      ],
      validTo: '2099-01-01T00:00:00Z',
    },
  });

  await page.goto(contract.authorizationUrl!);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Stationery');
  await expect(page.getByText('Stationery bot, an agent of Counter Demo Shop')).toBeVisible();
  const limits = page.getByTestId('limits');
  await expect(limits).toContainText('At most £40.00 in any one payment.');
  await expect(limits).toContainText(
    'At most £100.00 in total each calendar week (Monday to Sunday, UTC).',
  );
  await expect(limits).toContainText('At most £300.00 in total each month counted from');
  // Approving needs the code sent to one of the business's approvers, whom the person picks from
  // the masked list (the sandbox outbox shows the message).
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  const to = page.getByRole('group', { name: 'Send the code to' });
  await expect(to.getByRole('radio')).toHaveCount(2);
  await expect(page.getByText('finance@example.com')).toHaveCount(0);
  await to.getByLabel('f•••@example.com').check();
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('status')).toContainText('We sent you a code');
  await expect(page.getByText('Type the code we sent to f•••@example.com')).toBeVisible();
  const code = codeIn((await api('GET', '/api/sandbox/messages')).body, contract.authorizationUrl!);
  await page.getByLabel('The code we sent you').fill(code);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { name: 'Approved' })).toBeVisible();
  expect(await pay.contract.get(contract.contractId)).toMatchObject({
    status: 'ACTIVE',
    approver: { email: 'finance@example.com' },
  });
  await page.goto(contract.authorizationUrl!);
  await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
});
