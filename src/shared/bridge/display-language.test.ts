import { describe, expect, it } from 'vitest';
import { displayStateOf, type KioskState } from './state';

const paired: KioskState['pairing'] = {
  paired: true,
  environment: 'sandbox',
  kind: 'terminal',
  baseUrl: 'http://127.0.0.1:1',
  terminalName: 'Till 1',
  merchantName: 'Siop Gwen',
};

const kiosk = (overrides: Partial<KioskState>): KioskState =>
  ({
    pairing: paired,
    connection: 'connected',
    online: true,
    active: null,
    queue: [],
    held: [],
    maxPence: null,
    locale: 'en-GB',
    timeZone: 'Europe/London',
    today: '2026-11-28',
    takings: { count: 0, totalPence: 0, tipsPence: 0, refundedPence: 0 },
    kioskMode: false,
    staffPinSet: true,
    lanDisplay: null,
    receiptPrinter: null,
    printJobs: [],
    ...overrides,
  }) as KioskState;

describe("the display's starting language", () => {
  it("is the store's kiosk setting, so a shop in Cardiff opens in Welsh", () => {
    const central = { settings: { displayLanguage: 'cy' }, locked: [], from: {} };
    expect(displayStateOf(kiosk({ central })).displayLanguage).toBe('cy');
  });

  it('is absent (English) until the kiosk has heard a setting, and when unpaired', () => {
    expect(displayStateOf(kiosk({})).displayLanguage).toBeUndefined();
    const central = { settings: { displayLanguage: 'pl' }, locked: [], from: {} };
    expect(
      displayStateOf(kiosk({ central, pairing: { paired: false } })).displayLanguage,
    ).toBeUndefined();
  });
});
