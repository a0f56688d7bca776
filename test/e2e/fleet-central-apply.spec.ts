/**
 * What the merchant sets for a store reaches the counter and is applied there (docs/fleet.md,
 * Kiosk settings by store), with `npm start -- --browser --no-open` and its embedded service:
 * the store's idle screen text is what the customer display's welcome screen says; its keypad
 * limit stops the console's keypad, saying whose limit it is; and its locked sign-out time is
 * read-only in the console's staff Settings, "Set by your store".
 */
import { expect, test } from '@playwright/test';
import { api, perTest, startKiosk, tempDir } from './kiosk-harness';

const PIN = '2468';
const { open, cleanups } = perTest();
test.setTimeout(180_000);

test("a store's idle text shows on the display, its keypad limit stops the keypad and its locked sign-out time is read-only", async ({
  browser,
}) => {
  const dir = tempDir();
  const kiosk = await startKiosk(dir.path, [], { COUNTER_KIOSK_PIN: PIN });
  cleanups.push(
    () => dir.remove(),
    () => kiosk.stop(),
  );
  const call = (method: string, path: string, body?: unknown) =>
    api(kiosk.serviceUrl, kiosk.sandboxSecret!, method, path, body);

  const display = await open(browser, kiosk.displayUrl);
  const staff = await open(browser, kiosk.consoleUrl);
  await expect(staff.locator('[data-ready="true"]')).toBeVisible({ timeout: 30_000 });
  await expect(display.locator('.idle__name')).toBeVisible({ timeout: 30_000 });
  await expect(display.getByTestId('idle-text')).toHaveCount(0);

  const stores = await call('GET', '/api/stores');
  const store = stores.find((s: { isPrimary: boolean }) => s.isPrimary);
  await call('PUT', `/api/stores/${store.id}/kiosk-settings`, {
    settings: { idleScreenText: 'Back in five minutes', keypadMaxPence: 5000, signOutMinutes: 5 },
    locked: ['signOutMinutes'],
  });

  await expect(display.getByTestId('idle-text')).toHaveText('Back in five minutes', {
    timeout: 10_000,
  });
  await display.screenshot({ path: '/tmp/h12-idle-text.png' });

  // The keypad stops at the store's £50.00: the key that would pass it is refused, and why.
  await expect(staff.getByTestId('amount-limit')).toHaveText(
    'Largest keypad amount: £50.00 (set by your store)',
  );
  await staff.keyboard.type('50000');
  await expect(staff.getByTestId('amount-display')).toHaveText('£50.00');
  await expect(staff.getByTestId('amount-refused')).toContainText(
    '£50.00 is the largest keypad amount your merchant set',
  );
  await staff.screenshot({ path: '/tmp/h12-keypad-limit.png' });

  // Settings → Staff: the idle time is the store's, read-only.
  await staff.getByTestId('tab-settings').click();
  await staff.getByTestId('staff-pin').fill(PIN);
  await staff.getByTestId('staff-pin-submit').click();
  const idle = staff.getByTestId('staff-idle-locked');
  await expect(idle).toContainText('5 minutes');
  await expect(idle).toContainText('Set by your store');
  await expect(staff.getByTestId('staff-idle')).toHaveCount(0);
  await expect(staff.getByTestId('central-signOutMinutes')).toContainText('Set by your store');
  await idle.scrollIntoViewIfNeeded();
  await staff.screenshot({ path: '/tmp/h12-idle-locked.png' });
});
