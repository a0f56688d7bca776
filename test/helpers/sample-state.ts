/** A KioskState for the renderer's tests: unpaired and idle unless told otherwise. */
import { KioskState } from '../../src/shared/bridge';

/** Parsed, so the fixture follows the contract as it grows. */
export function sampleState(overrides: Partial<KioskState> = {}): KioskState {
  return KioskState.parse({
    pairing: { paired: false },
    connection: 'offline',
    online: true,
    active: null,
    queue: [],
    held: [],
    maxPence: null,
    locale: 'en-GB',
    timeZone: 'Europe/London',
    today: '2026-11-25',
    takings: { count: 0, totalPence: 0, tipsPence: 0, refundedPence: 0 },
    kioskMode: false,
    staffPinSet: true,
    lanDisplay: null,
    receiptPrinter: null,
    printJobs: [],
    ...overrides,
  });
}
