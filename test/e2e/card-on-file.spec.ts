/**
 * Card on file at the counter, end to end: Counter started with `npm start -- --browser
 * --no-open` (its kiosk paired as a terminal), a customer with a saved card made through the
 * merchant API, and staff in the console looking the customer up by exact email with the keyboard,
 * holding a deposit with MANUAL_CAPTURE, then capturing less than the hold from the payment's
 * detail in History. axe-core finds no serious or critical violation on the new screens.
 */
import { expect, test } from '@playwright/test';
import { api, expectAccessible, startKiosk, tempDir, type Kiosk, perTest } from './kiosk-harness';

const PIN = '2468';
// bypassCSP only so axe-core can inject its script.
const { open, cleanups } = perTest({ height: 900, bypassCSP: true });

test('staff look a customer up, hold a deposit on their saved card, and capture it from History', async ({
  browser,
}) => {
  const dir = tempDir();
  const kiosk: Kiosk = await startKiosk(dir.path, [], { COUNTER_KIOSK_PIN: PIN });
  cleanups.push(() => dir.remove());
  cleanups.push(() => kiosk.stop());
  const call = (method: string, path: string, body?: unknown) =>
    api(kiosk.serviceUrl, kiosk.sandboxSecret!, method, path, body);

  const customer = await call('POST', '/api/customers', {
    fullName: 'Grace Hopper',
    email: 'grace@example.com',
  });
  await call('POST', `/api/sandbox/customers/${customer.id}/cards`, {
    number: '4242424242424242',
    name: 'G Hopper',
  });

  const staff = await open(browser, kiosk.consoleUrl);
  await expect(staff.locator('[data-ready="true"]')).toBeVisible();

  // Keyboard only: the tabs move with the arrow keys, the lookup submits with Enter.
  await staff.getByTestId('tab-take').focus();
  await staff.keyboard.press('ArrowRight');
  await expect(staff.getByTestId('tab-card')).toBeFocused();
  await expect(staff.getByTestId('tab-card')).toHaveAttribute('aria-selected', 'true');
  // Card on file is staff-only: the PIN first (preset here with COUNTER_KIOSK_PIN).
  await staff.getByTestId('staff-pin').focus();
  await staff.keyboard.type(PIN);
  await staff.keyboard.press('Enter');
  await staff.getByTestId('lookup-value').focus();
  await staff.keyboard.type('nobody@example.com');
  await staff.keyboard.press('Enter');
  await expect(staff.getByRole('alert')).toHaveText(
    'No customer with exactly this email or phone number.',
  );
  await expectAccessible(staff, 'card on file, not found');

  await staff.getByTestId('lookup-value').fill('');
  await staff.getByTestId('lookup-value').focus();
  await staff.keyboard.type('grace@example.com');
  await staff.keyboard.press('Enter');
  const found = staff.getByTestId('cof-customer');
  await expect(found.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
  await expect(found.getByTestId('cof-card')).toHaveText(/VISA ending 4242/);
  await expect(found.getByRole('radio', { name: /VISA ending 4242/ })).toBeChecked();
  await expectAccessible(staff, 'card on file, customer and cards');

  // A £50 deposit, held (MANUAL_CAPTURE), charged by pressing Enter and confirming with Enter.
  await found.getByTestId('cof-capture-type').selectOption('MANUAL_CAPTURE');
  await found.getByTestId('cof-amount').focus();
  await staff.keyboard.type('50');
  await found.getByTestId('cof-notes').fill('Deposit');
  await found.getByTestId('cof-notes').press('Enter');
  const confirm = staff.getByRole('dialog', { name: 'Hold £50.00, take later?' });
  await expect(confirm).toContainText('From Grace Hopper’s VISA ending 4242.');
  await staff.keyboard.press('Enter');
  const result = found.getByTestId('cof-result');
  // Tracked like any payment: PENDING, then the card network's AUTHORIZED by push.
  await expect(result).toHaveAttribute('data-status', 'AUTHORIZED', { timeout: 20_000 });
  await expect(result).toContainText('£50.00 on VISA ending 4242');
  await expect(result).toContainText('Capture or release it later from its detail in History');
  const id = (await result.getAttribute('data-payment-request-id'))!;
  expect((await call('GET', `/api/payments/v1/payment-status/${id}`)).status).toBe('AUTHORIZED');
  await expectAccessible(staff, 'card on file, held');

  // In History: the hold's detail names the card and offers Capture and Release.
  await staff.getByTestId('tab-history').click();
  await staff.locator(`[data-testid="history-row"][data-payment-request-id="${id}"]`).click();
  const detail = staff.getByTestId('payment-detail');
  await expect(detail.getByTestId('detail-card')).toHaveText('VISA ending 4242, Grace Hopper');
  // Release asks for a reason first; "Keep the hold" backs out with nothing sent.
  await detail.getByTestId('release-button').click();
  await detail.getByTestId('staff-pin').fill(PIN);
  await detail.getByTestId('staff-pin-submit').click();
  await expect(detail.getByTestId('release-submit')).toHaveText('Release hold');
  await detail.getByRole('button', { name: 'Keep the hold' }).click();
  await expect(detail.getByTestId('release-submit')).toHaveCount(0);
  expect((await call('GET', `/api/payments/v1/payment-status/${id}`)).status).toBe('AUTHORIZED');
  await detail.getByTestId('capture-button').click();
  await detail.getByTestId('staff-pin').fill(PIN);
  await detail.getByTestId('staff-pin-submit').click();
  await detail.getByTestId('capture-kind-amount').check();
  await detail.getByTestId('capture-amount').fill('60');
  await detail.getByTestId('capture-submit').click();
  await expect(detail.getByRole('alert')).toHaveText(
    'Amount must be at most the authorized 50.00.',
  );
  await expectAccessible(staff, 'payment detail, capture form');
  await detail.getByTestId('capture-amount').fill('30');
  await detail.getByTestId('capture-amount').press('Enter');

  await expect(detail.locator('.detail__summary [data-status]')).toHaveAttribute(
    'data-status',
    'COMPLETED',
  );
  await expect(detail.getByTestId('capture-button')).toHaveCount(0);
  await expect(detail.getByTestId('status-change').last()).toHaveAttribute('data-to', 'COMPLETED');
  await expect(detail.locator('[data-testid="status-change"][data-to="AUTHORIZED"]')).toHaveCount(
    1,
  );
  const captured = await call('GET', `/api/payments/v1/payment-status/${id}`);
  expect(captured).toMatchObject({ status: 'COMPLETED', paidAmount: 30 });
  await expectAccessible(staff, 'payment detail, captured');

  // Back on Take payment, today's takings count the captured amount.
  await detail.getByRole('button', { name: 'Close' }).click();
  await staff.getByTestId('tab-take').click();
  await expect(staff.getByTestId('takings-total')).toHaveText('£30.00');
});

test('a saved card is charged once: the charge is confirmed in plain words, the form clears, and the same charge again asks, saying when', async ({
  browser,
}) => {
  const dir = tempDir();
  const kiosk: Kiosk = await startKiosk(dir.path, [], { COUNTER_KIOSK_PIN: PIN });
  cleanups.push(() => dir.remove());
  cleanups.push(() => kiosk.stop());
  const call = (method: string, path: string, body?: unknown) =>
    api(kiosk.serviceUrl, kiosk.sandboxSecret!, method, path, body);
  const customer = await call('POST', '/api/customers', {
    fullName: 'Ada Lovelace',
    email: 'ada@example.com',
  });
  await call('POST', `/api/sandbox/customers/${customer.id}/cards`, {
    number: '4242424242424242',
    name: 'A Lovelace',
  });
  const charges = async () =>
    (await call('GET', '/api/payment-requests')).data.filter(
      (p: { amount: number }) => p.amount === 15,
    ).length;

  const staff = await open(browser, kiosk.consoleUrl);
  await staff.getByTestId('tab-card').click();
  await staff.getByTestId('staff-pin').fill(PIN);
  await staff.getByTestId('staff-pin').press('Enter');
  await staff.getByTestId('lookup-value').fill('ada@example.com');
  await staff.getByTestId('lookup-value').press('Enter');
  const found = staff.getByTestId('cof-customer');
  await expect(found.getByRole('radio', { name: /VISA ending 4242/ })).toBeChecked();

  // "Charge" at a till means take it now; the limit is the terminal's, stated once.
  await expect(found.getByTestId('cof-capture-type')).toHaveValue('AUTO_CAPTURE');
  await expect(found.getByTestId('cof-amount-limit')).toHaveText(
    'Largest payment on this terminal: £10,000.00',
  );
  await found.getByTestId('cof-amount').fill('99999999.99');
  await found.getByTestId('cof-charge').click();
  await expect(found.getByTestId('form-error')).toHaveText(
    "Amount £99,999,999.99 is more than this terminal's largest payment, £10,000.00.",
  );
  await expect(staff.getByText(/£99,999,999\.99 is the|at most £?99,999,999/)).toHaveCount(0);

  await found.getByTestId('cof-amount').fill('15');
  await expect(found.getByTestId('cof-notes-count')).toHaveText('Characters used: 0/30');
  await found.getByTestId('cof-notes').fill('Balance');
  await found.getByTestId('cof-charge').click();
  const confirm = staff.getByRole('dialog', { name: 'Take £15.00 now?' });
  await expect(confirm).toContainText(
    'From Ada Lovelace’s VISA ending 4242. The money is taken from the card now. Note: “Balance”.',
  );
  await expect(confirm.getByTestId('cof-repeat')).toHaveCount(0);
  await expectAccessible(staff, 'card on file, confirming a charge');
  // Backing out charges nothing.
  await confirm.getByRole('button', { name: 'Don’t charge' }).click();
  await expect(confirm).toBeHidden();
  expect(await charges()).toBe(0);

  await found.getByTestId('cof-charge').click();
  await confirm.getByRole('button', { name: 'Take £15.00 now' }).click();
  const result = found.getByTestId('cof-result');
  await expect(result).toHaveAttribute('data-status', 'COMPLETED', { timeout: 20_000 });
  await expect(result).toContainText('£15.00 on VISA ending 4242');
  // Nothing is left in the form to charge again by a second press.
  await expect(found.getByTestId('cof-amount')).toHaveValue('');
  await expect(found.getByTestId('cof-notes')).toHaveValue('');
  await expect(found.getByTestId('cof-capture-type')).toHaveValue('AUTO_CAPTURE');
  await found.getByTestId('cof-charge').click();
  await expect(found.getByTestId('form-error')).toHaveText(/^Amount /);
  await expect(staff.getByRole('dialog')).toHaveCount(0);
  expect(await charges()).toBe(1);

  // The same £15.00 on the same card moments later asks again, saying when the last one was.
  await found.getByTestId('cof-amount').fill('15');
  await found.getByTestId('cof-charge').click();
  const again = staff.getByRole('dialog', { name: 'Take £15.00 now?' });
  await expect(again.getByTestId('cof-repeat')).toContainText(
    /^This card was already charged £15\.00 at \d\d:\d\d:\d\d \(\d+ seconds ago\), order CTR-/,
  );
  await expect(again.getByTestId('confirm-yes')).toHaveText('Charge again: take £15.00 now');
  await expectAccessible(staff, 'card on file, the same charge again');
  await staff.keyboard.press('Escape');
  await expect(again).toBeHidden();
  expect(await charges()).toBe(1);
  // Another amount is a new charge, asked about plainly.
  await found.getByTestId('cof-amount').fill('16');
  await found.getByTestId('cof-charge').click();
  await expect(staff.getByRole('dialog', { name: 'Take £16.00 now?' })).toBeVisible();
  await expect(staff.getByTestId('cof-repeat')).toHaveCount(0);
});
