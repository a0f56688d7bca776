/**
 * `npm run webhooks -- listen`: a developer's receiver gets the service's deliveries, signed and
 * unchanged, through the forwarder; the service sees the receiver's own answers; stopping it
 * unsubscribes.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../src/client/webhook-verify';
import { runTs } from '../helpers/process';
import { SANDBOX, startService, type Harness } from '../helpers/service';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver';

let h: Harness;
let receiver: Receiver;
const dir = mkdtempSync(join(tmpdir(), 'counter-listen-'));
beforeAll(async () => {
  h = await startService();
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run webhooks -- listen', () => {
  it('forwards signed deliveries unchanged, reports each, and unsubscribes on exit', async () => {
    const envFile = join(dir, 'webhook.env');
    const listen = runTs(
      'src/client/webhooks-listen.ts',
      [
        'listen',
        '--forward-to',
        `${receiver.url}/hooks`,
        '--service-url',
        h.url,
        '--write-env-file',
        envFile,
      ],
      { SERVICE_SECRET: SANDBOX },
    );
    const [, secret] = await listen.waitFor(/signing secret is (whsec_[A-Za-z0-9+/=]{44})/);
    expect(readFileSync(envFile, 'utf8')).toBe(`WEBHOOK_SECRET=${secret}\n`);
    expect(statSync(envFile).mode & 0o777).toBe(0o600);
    const subscriptions = await h.call('GET', '/api/webhooks');
    expect(subscriptions.body).toHaveLength(1);

    receiver.script.push(500); // the receiver's first answer: the service must see it and retry
    expect(
      (await h.call('POST', '/api/webhook/test', { eventType: 'PAYMENTS_STATUS' })).status,
    ).toBe(200);
    const first = await receiver.waitFor(() => true);
    // What arrives verifies with the printed secret, exactly as the service signed it.
    const event = verifyWebhook(secret!, first.body, first.headers);
    expect(event).toMatchObject({ type: 'PAYMENTS_STATUS', environment: 'sandbox' });
    await listen.waitFor(new RegExp(`PAYMENTS_STATUS  ${event.id}  -> 500  \\(signature ok\\)`));
    const deliveries = await h.call('GET', `/api/webhooks/${subscriptions.body[0].id}/deliveries`);
    expect(JSON.stringify(deliveries.body)).toContain('500');

    listen.child.kill('SIGTERM');
    expect(await listen.exited).toBe(0);
    expect(listen.output()).toMatch(/Unsubscribed\./);
    const after = await h.call('GET', '/api/webhooks');
    expect(after.body).toHaveLength(0);
  });

  it('refuses to start without a receiver URL or a secret, saying which', async () => {
    const noUrl = runTs('src/client/webhooks-listen.ts', ['listen'], { SERVICE_SECRET: SANDBOX });
    expect(await noUrl.exited).toBe(2);
    expect(noUrl.output()).toMatch(/--forward-to must be the http\(s\) URL of your receiver/);
    const noSecret = runTs(
      'src/client/webhooks-listen.ts',
      ['listen', '--forward-to', 'http://127.0.0.1:1/'],
      { SERVICE_SECRET: '', SERVICE_SANDBOX_SECRET: '' },
    );
    expect(await noSecret.exited).toBe(2);
    expect(noSecret.output()).toMatch(/Set SERVICE_SECRET/);
  });
});
