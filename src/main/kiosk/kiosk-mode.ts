/**
 * Full-screen kiosk mode and the staff PIN that leaves it. The shell (Electron or browser mode)
 * follows `kioskMode` in the state; this module only decides whether a PIN opens it. Wrong PINs
 * are counted: after five, the PIN is refused for a minute, so it cannot be guessed at the till.
 */
import { timingSafeEqual } from 'node:crypto';

const MAX_TRIES = 5;
const LOCKOUT_MS = 60_000;

export function createKioskMode(pin: string | undefined, now: () => number) {
  let active = pin !== undefined;
  let failures = 0;
  let lockedUntil = 0;
  const expected = Buffer.from(pin ?? '');

  return {
    active: () => active,
    /** Returns why the PIN was refused, or null when kiosk mode is now off. */
    leave(attempt: string): string | null {
      if (!active) return null;
      if (now() < lockedUntil) return 'Too many wrong PINs; wait a minute, then try again';
      const given = Buffer.from(attempt);
      if (given.length === expected.length && timingSafeEqual(given, expected)) {
        failures = 0;
        active = false;
        return null;
      }
      failures += 1;
      if (failures >= MAX_TRIES) {
        failures = 0;
        lockedUntil = now() + LOCKOUT_MS;
      }
      return 'That PIN is not right';
    },
    /**
     * Checks the staff PIN for the back office without leaving kiosk mode; the same lockout
     * counts. Null when it opens (also when no PIN was set: there is nothing to guard with).
     */
    check(attempt: string): string | null {
      if (pin === undefined) return null;
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
    /** Back to kiosk mode (no PIN needed to lock the till again); false when no PIN was set. */
    enter(): boolean {
      if (pin === undefined) return false;
      active = true;
      return true;
    },
  };
}
