/**
 * The steps of a day at the till that several end-to-end specs take the same way: reaching the
 * kiosk's bridge, naming the receipt printer stand-in, pairing with a service process that the
 * test stops and starts, staff signing in on the PIN pad, a shift opened with its float, cash
 * taken on the console, and what the printer stand-in printed.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { connectBridge, type BridgeClient } from '../../src/main/browser/bridge-client';
import { BRIDGE_SOCKET_PATH } from '../../src/shared/bridge-socket';
import { freePort } from '../helpers/ports';
import type { Running } from '../helpers/process';
import { decodeReceipt } from '../helpers/receipt-decoder';
import { api, startKiosk, startServiceProcess, tempDir, type Kiosk } from './kiosk-harness';

/** The kiosk's bridge as a program on its machine reaches it (staff rights), once it is open. */
export async function kioskBridge(kiosk: Kiosk): Promise<BridgeClient> {
  const bridge = connectBridge(
    `${kiosk.consoleUrl.replace('http', 'ws').replace('/console', '')}${BRIDGE_SOCKET_PATH}`,
  );
  await bridge.ready;
  return bridge;
}

/** Names the printer stand-in on loopback as the kiosk's ESC/POS receipt printer (80 mm). */
export async function useReceiptPrinter(bridge: BridgeClient, pin: string, port: number) {
  const saved = await bridge.handle({
    type: 'saveReceiptPrinter',
    pin,
    printer: {
      host: '127.0.0.1',
      port,
      paperWidth: 80,
      language: 'esc-pos',
      printAfterPayment: false,
    },
  });
  expect(saved).toMatchObject({ ok: true });
}

/** What an ESC/POS job did at the printer: its lines, cuts and drawer pulses. */
export const printed = (job: Uint8Array) => decodeReceipt(job, 'esc-pos');

/** The lines an ESC/POS job prints, joined, as a person reads the paper. */
export const printedText = (job: Uint8Array): string => printed(job).lines.join('\n');

export interface ServiceProcess {
  /** Where it listens; the same address after each start. */
  url: string;
  secret: string;
  /** SIGTERM and wait until it has exited. */
  stop(): Promise<void>;
  /** Starts it again on its port, with its data, and waits until it listens. */
  start(): Promise<void>;
  /** Kills whatever is running, for the test's cleanup. */
  kill(): void;
}

/** A payments service of its own (a real process on a fixed loopback port) that can be stopped. */
export async function serviceProcess(dataDir: string, secret: string): Promise<ServiceProcess> {
  const port = await freePort();
  let running: Running | null = null;
  const service: ServiceProcess = {
    url: '',
    secret,
    async start() {
      running = startServiceProcess(dataDir, port, secret);
      service.url = (await running.waitFor(/service listening on (\S+)/, 60_000))[1]!;
    },
    async stop() {
      const stopping = running;
      running = null;
      stopping?.child.kill('SIGTERM');
      await stopping?.exited;
    },
    kill: () => void running?.child.kill('SIGKILL'),
  };
  await service.start();
  return service;
}

/** Pairs the kiosk with the service by a pairing code, as Settings → Pairing does; its id. */
export async function pairKiosk(
  bridge: BridgeClient,
  pin: string,
  service: ServiceProcess,
  name: string,
): Promise<string> {
  const call = (method: string, path: string, body?: unknown) =>
    api(service.url, service.secret, method, path, body);
  const { code } = await call('POST', '/api/terminal/pairing-codes', {});
  const paired = await bridge.handle({
    type: 'pairWithCode',
    pin,
    baseUrl: service.url,
    code,
    name,
  });
  expect(paired).toMatchObject({ ok: true });
  return terminalId(service.url, service.secret, name);
}

/**
 * Counter started with `--service-url` against a service process of its own (the owner's PIN
 * preset) and paired with it as the terminal `name`; everything is undone through `cleanups`.
 */
export async function tillOnItsOwnService(
  cleanups: (() => unknown)[],
  secret: string,
  pin: string,
  name = 'Front till',
) {
  const serviceDir = tempDir('counter-till-service-');
  cleanups.push(() => serviceDir.remove());
  const service = await serviceProcess(serviceDir.path, secret);
  cleanups.push(() => service.kill());
  const kioskDir = tempDir('counter-till-kiosk-');
  cleanups.push(() => kioskDir.remove());
  const kiosk = await startKiosk(kioskDir.path, ['--service-url', service.url], {
    COUNTER_KIOSK_PIN: pin,
  });
  cleanups.push(() => kiosk.stop());
  const bridge = await kioskBridge(kiosk);
  cleanups.push(() => bridge.close());
  const terminal = await pairKiosk(bridge, pin, service, name);
  return { service, kiosk, bridge, terminal };
}

/** The id of the merchant's terminal called `name`. */
export async function terminalId(serviceUrl: string, secret: string, name: string) {
  const terminals: { id: string; name: string }[] = await api(
    serviceUrl,
    secret,
    'GET',
    '/api/terminal',
  );
  return terminals.find((t) => t.name === name)!.id;
}

/** Taps the PIN on the console's PIN pad, as staff at a touch screen do. */
export async function tapPin(staff: Page, pin: string) {
  for (const digit of pin) await staff.getByTestId(`pin-key-${digit}`).click();
  await staff.getByTestId('sign-in-submit').click();
}

/** Opens the PIN pad from the staff strip (a one-person shop), then taps the PIN. */
export async function signInByPad(staff: Page, pin: string) {
  await staff.getByTestId('sign-in-open').click();
  await tapPin(staff, pin);
}

/** First start: the shop chooses its staff PIN (the owner's), typed twice. */
export async function chooseOwnerPin(staff: Page, pin: string) {
  await staff.getByTestId('new-pin').fill(pin);
  await staff.getByTestId('new-pin-again').fill(pin);
  await staff.getByTestId('choose-pin-submit').click();
}

/** Settings → Staff → Add someone, and the console says they are added. */
export async function addStaff(staff: Page, name: string, role: string, pin: string) {
  const form = staff.getByTestId('add-staff');
  await form.getByTestId('staff-name').fill(name);
  await form.getByTestId('staff-role').selectOption(role);
  await form.getByTestId('staff-pin-new').fill(pin);
  await form.getByTestId('staff-add').click();
  await expect(form.getByTestId('staff-added')).toHaveText(`${name} is added as ${role}.`);
}

/** The owner, signed in, adds Cara (a cashier) and Maya (a manager) in Settings; Cara signs in. */
export async function staffTheTill(staff: Page, cashierPin: string, managerPin: string) {
  await staff.getByTestId('tab-settings').click();
  await addStaff(staff, 'Cara', 'cashier', cashierPin);
  await addStaff(staff, 'Maya', 'manager', managerPin);
  // With more staff than the owner, signing out leaves the PIN pad in place of the screen.
  await staff.getByTestId('sign-out').click();
  await tapPin(staff, cashierPin);
  await expect(staff.getByTestId('signed-in-name')).toHaveText('Cara');
}

/** A payment's detail, opened from its row in History. */
export async function openInHistory(staff: Page, paymentRequestId: string) {
  await staff.getByTestId('tab-history').click();
  await staff
    .locator(`[data-testid="history-row"][data-payment-request-id="${paymentRequestId}"]`)
    .click();
  return staff.getByTestId('payment-detail');
}

/** Asks to refund `pounds` of the payment whose detail is open (signed in: no PIN asked). */
export async function askRefund(detail: Locator, pounds: string) {
  await detail.getByTestId('refund-button').click();
  await detail.getByLabel('An amount').check();
  await detail.getByTestId('refund-amount').fill(pounds);
  await detail.getByTestId('refund-submit').click();
}

/** Asks to refund `pounds` of the payment whose detail is open, giving the staff `pin` it asks for. */
export async function askRefundWithPin(detail: Locator, pin: string, pounds: string) {
  await detail.getByTestId('refund-button').click();
  await detail.getByTestId('staff-pin').fill(pin);
  await detail.getByTestId('staff-pin-submit').click();
  await detail.getByLabel('An amount').check();
  await detail.getByTestId('refund-amount').fill(pounds);
  await detail.getByTestId('refund-submit').click();
}

/** Types a PIN into "A manager's approval" and submits it. */
export async function approveWith(staff: Page, pin: string) {
  const approval = staff.getByTestId('approval');
  await approval.getByTestId('approver-pin').fill(pin);
  await approval.getByTestId('approval-submit').click();
}

/** Opens the shift with its float on the Shift tab (its staff PIN already given). */
export async function openShift(staff: Page, float: string) {
  await staff.getByTestId('shift-float').fill(float);
  await staff.getByRole('button', { name: 'Open shift' }).click();
  await expect(staff.getByTestId('shift-open')).toContainText(`float £${float}`);
}

/** A line of the basket beside the keypad. */
export async function addBasketLine(staff: Page, item: string, quantity: string, price: string) {
  await staff.getByTestId('basket-description').fill(item);
  await staff.getByTestId('basket-quantity').fill(quantity);
  await staff.getByTestId('basket-price').fill(price);
  await staff.getByTestId('basket-add').click();
}

/** A note's quick key (`'20'` is £20) or the exact amount. */
export type Tender = '5' | '10' | '20' | '50' | 'exact';

/**
 * Chooses Cash for the amount keyed in (or the basket), hands over `tender` and takes it; the
 * cash dialog, showing the change, is left open for the test to read.
 */
export async function tenderCash(staff: Page, tender: Tender) {
  await staff.getByTestId('method-cash').click();
  await staff.getByTestId('start-payment').click();
  const dialog = staff.getByTestId('cash-dialog');
  await dialog.getByTestId(tender === 'exact' ? 'cash-exact' : `cash-note-${tender}`).click();
  await dialog.getByTestId('cash-take').click();
  return dialog;
}

/** Keys the amount, takes it in cash and clears the sale; answers the console's change line. */
export async function takeCash(staff: Page, digits: string, tender: Tender) {
  for (const digit of digits) await staff.getByTestId(`keypad-${digit}`).click();
  const dialog = await tenderCash(staff, tender);
  const change = await dialog.getByTestId('cash-change').textContent();
  await dialog.getByTestId('cash-done').click();
  return change;
}
