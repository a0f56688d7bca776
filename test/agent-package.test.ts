/**
 * The Agent Pay client as a package: `npm pack` of src/agent installs into an empty project
 * (no other dependency), runs there against the real service, and its types check there
 * without zod or this repository.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAgentPackage, packAgentPackage } from '../scripts/build-agent';
import { newKey } from './helpers/agent';
import { SANDBOX, startService, type Harness } from './helpers/service';

let h: Harness;
let project: string;
beforeAll(async () => {
  h = await startService();
  project = mkdtempSync(join(tmpdir(), 'agent-pay-consumer-'));
  await buildAgentPackage();
  const tarball = packAgentPackage(join(project, '.pack'));
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  execFileSync('npm', ['install', tarball, '--no-audit', '--no-fund', '--offline', '--silent'], {
    cwd: project,
    stdio: 'pipe',
  });
}, 120_000);
afterAll(async () => {
  await h.close();
  rmSync(project, { recursive: true, force: true });
});

describe('npm pack of src/agent', () => {
  it('installs alone: the package and nothing else', () => {
    expect(readdirSync(join(project, 'node_modules')).filter((d) => !d.startsWith('.'))).toEqual([
      '@counter',
    ]);
    expect(readdirSync(join(project, 'node_modules/@counter/agent-pay')).sort()).toEqual([
      'README.md',
      'dist',
      'package.json',
    ]);
  });

  it('runs in the empty project against the real service', async () => {
    const script = `
      import { AgentPay, AgentPayError } from '@counter/agent-pay';
      const pay = new AgentPay({ baseUrl: process.env.BASE_URL, privateKeyPem: process.env.KEY });
      const agent = await pay.agent.register({ name: 'Packaged agent' });
      const contract = await pay.contract.create({ name: 'Packaged',
        limits: { maxPerPayment: 10, periodLimits: [{ amount: 20, period: 'DAY' }], validTo: '2099-01-01T00:00:00Z' },
      });
      await fetch(process.env.BASE_URL + '/api/sandbox/contracts/' + contract.contractId + '/authorize', {
        method: 'POST',
        headers: { authorization: 'Bearer ' + process.env.SERVICE_API_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ decision: 'APPROVE' }),
      });
      const active = await pay.contract.awaitActive(contract.contractId, { timeoutMs: 10000, intervalMs: 50 });
      const payment = await pay.contract.send(contract.contractId, {
        amount: 7.5, payee: { name: 'Paper Co', sortCode: '12-34-56', accountNumber: '12345678' }, reference: 'PKG-1',
      });
      let refused = '';
      try { await pay.contract.send(contract.contractId, { amount: 15, payee: { name: 'x', sortCode: '123456', accountNumber: '12345678' }, reference: 'x' }); }
      catch (e) { refused = e instanceof AgentPayError ? e.code + ' ' + e.errors[0].field : String(e); }
      console.log(JSON.stringify({ agent: agent.agentId, status: active.status, payment: payment.status, refused }));
    `;
    writeFileSync(join(project, 'run.mjs'), script);
    // Asynchronously: the service answering it runs in this very process.
    const { stdout: out } = await promisify(execFile)(process.execPath, ['run.mjs'], {
      cwd: project,
      env: {
        PATH: process.env.PATH,
        BASE_URL: h.url,
        SERVICE_API_KEY: SANDBOX,
        KEY: newKey().privateKeyPem,
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    const result = JSON.parse(out.trim());
    expect(result).toMatchObject({
      status: 'ACTIVE',
      payment: 'PENDING',
      refused: 'BAD_REQUEST amount',
    });
    expect(result.agent).toMatch(/^agt_/);
  }, 60_000);

  it('its declarations type-check a consumer without zod (and catch its mistakes)', () => {
    writeFileSync(
      join(project, 'consumer.ts'),
      `
      import { AgentPay, AgentPayError, type ContractRecord, type Signer } from '@counter/agent-pay';
      const signer: Signer = async (subject, kid) => subject + (kid ?? '');
      const pay = new AgentPay({ baseUrl: 'http://127.0.0.1:1', signer });
      export async function check(): Promise<number> {
        const c: ContractRecord = await pay.contract.get('ctr_1');
        const cap: number = c.usage?.[0]?.remaining ?? 0;
        const status: 'ACTIVE' | 'PENDING_AUTHORIZATION' | 'DECLINED' | 'EXPIRED' | 'REVOKED' = c.status;
        // @ts-expect-error an unknown status is a type error
        const wrong: ContractRecord['status'] = 'WAITING';
        // @ts-expect-error amount is a number of pounds
        await pay.contract.send('ctr_1', { amount: '12.50', payee: { name: 'a', sortCode: '1', accountNumber: '2' }, reference: 'r' });
        const e = new AgentPayError('AUTHORIZATION_TIMEOUT', 'late');
        return cap + status.length + wrong.length + e.message.length;
      }
      `,
    );
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'es2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          lib: ['es2022', 'dom'],
          types: [],
        },
        files: ['consumer.ts'],
      }),
    );
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const run = () =>
      execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json'], {
        cwd: project,
        encoding: 'utf8',
      });
    expect(run).not.toThrow();
  }, 60_000);
});
