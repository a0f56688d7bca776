/**
 * The staff PIN that guards refunds at the counter. Wrong PINs are counted like kiosk mode's:
 * after five, the PIN is refused for a minute, so a customer cannot guess it at the till.
 */
import { timingSafeEqual } from 'node:crypto';

const MAX_TRIES = 5;
const LOCKOUT_MS = 60_000;

export function createStaffPin(pin: string | undefined, now: () => number) {
  let failures = 0;
  let lockedUntil = 0;
  const expected = Buffer.from(pin ?? '');
  return {
    /** Why the attempt is refused, or null when it is the staff PIN. */
    check(attempt: string): string | null {
      if (pin === undefined)
        return 'Refunds need a staff PIN: start Counter with COUNTER_KIOSK_PIN set (4-8 digits)';
      if (now() < lockedUntil) return 'Too many wrong PINs; wait a minute, then try again';
      const given = Buffer.from(attempt);
      if (given.length === expected.length && timingSafeEqual(given, expected)) {
        failures = 0;
        return null;
      }
      failures += 1;
      if (failures >= MAX_TRIES) {
        failures = 0;
        lockedUntil = now() + LOCKOUT_MS;
      }
      return 'That PIN is not right';
    },
  };
}
