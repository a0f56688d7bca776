/**
 * The terminal's own record against the real service on loopback: its largest payment and its
 * shop as the dashboard sets them, read again before an amount over the old limit is refused
 * (the merchant may just have raised it), and forgotten with the pairing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../client/http-client';
import { overTerminalLimit } from '../../shared/contract/terminals';
import { api, pairTerminal, runningService, type Cleanups } from '../../../test/helpers/kiosk';
import type { Credentials } from './credentials';
import { KioskError } from './kiosk-error';
import { createTerminalProfile } from './terminal-profile';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(kind: Credentials['kind'] = 'terminal') {
  const { url } = await runningService(cleanups);
  const till = await pairTerminal(url);
  const credentials: Credentials = {
    baseUrl: url,
    secret: till.secret,
    environment: 'sandbox',
    kind,
    terminalId: till.terminal.id,
    merchantName: till.merchantName,
  };
  const client = createClient({ baseUrl: url, secret: till.secret });
  let changes = 0;
  const profile = createTerminalProfile({
    current: () => ({ client, credentials }),
    onChange: () => void (changes += 1),
    log: () => {},
    refreshMs: 3_600_000,
  });
  cleanups.push(() => profile.forget());
  const setLimit = (maxAmount: number) =>
    api(url, 'PUT', `/api/terminal/${till.terminal.id}`, { maxAmount });
  return { profile, setLimit, changes: () => changes, merchantName: till.merchantName };
}

describe("the terminal's record", () => {
  it('reads the largest payment the dashboard set, and tells the windows when it changes', async () => {
    const t = await setup();
    await t.setLimit(50);
    await t.profile.refresh();
    expect(t.profile.maxPence()).toBe(5000);
    expect(t.profile.shopName()).toBe(t.merchantName);
    expect(t.changes()).toBe(1);
    await t.profile.refresh(); // the same record again: nothing to tell
    expect(t.changes()).toBe(1);
  });

  it('refuses an amount over the limit in the service’s words, after reading the limit again', async () => {
    const t = await setup();
    await t.setLimit(50);
    await t.profile.refresh();
    const refused = await t.profile.withinLimit(6000, 'amountPence').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(KioskError);
    expect(refused).toMatchObject({ message: overTerminalLimit(6000, 5000), field: 'amountPence' });

    // Raised on the dashboard since: the kiosk reads it again rather than refuse on old news.
    await t.setLimit(100);
    await expect(t.profile.withinLimit(6000, 'amountPence')).resolves.toBeUndefined();
    expect(t.profile.maxPence()).toBe(10_000);
  });

  it('forgets the record with the pairing, and reads none for a merchant secret', async () => {
    const t = await setup();
    await t.profile.refresh();
    expect(t.profile.maxPence()).not.toBeNull();
    t.profile.forget();
    expect(t.profile.maxPence()).toBeNull();
    expect(t.profile.shop()).toBeNull();

    const merchant = await setup('merchant');
    await merchant.profile.refresh();
    expect(merchant.profile.maxPence()).toBeNull();
    expect(merchant.changes()).toBe(0);
  });
});
