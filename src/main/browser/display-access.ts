/**
 * Who may be the customer display from the LAN (`--lan`): a tablet enters the display code shown
 * on the staff console and gets a session. What keeps a stranger on the shop's Wi-Fi out:
 *
 * - the code changes after every use, after every lockout and every `codeMs` (10 minutes), so a
 *   code read over a shoulder or left on a printout stops working;
 * - wrong codes are counted for the kiosk as a whole, not per address (a LAN client can take
 *   any address it likes): after five in a row nobody can pair for a minute, and the code is new;
 * - a session lasts `sessionMs` (12 hours, a shop's day) from pairing and is not renewed, so a
 *   tablet that walked off with a session cookie loses the display by the next morning.
 */
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const CODE_MS = 10 * 60_000;
export const SESSION_MS = 12 * 3_600_000;
export const MAX_TRIES = 5;
export const LOCKOUT_MS = 60_000;

export interface DisplayCode {
  code: string;
  expiresAt: number;
}

export type Redeemed =
  { ok: true; session: string; expiresAt: number } | { ok: false; locked: boolean };

export interface DisplayAccess {
  /** The code a tablet enters now. */
  current(): DisplayCode;
  /** Trades the code for a session, or counts a wrong one. */
  redeem(attempt: string): Redeemed;
  /** When the session ends, or null when it is not one (unknown, or over). */
  sessionEnds(token: string | null): number | null;
  stop(): void;
}

export function createDisplayAccess(
  options: {
    now?: () => number;
    codeMs?: number;
    sessionMs?: number;
    /** Hears every new code (the staff console shows it). */
    onCode?: (code: DisplayCode) => void;
  } = {},
): DisplayAccess {
  const now = options.now ?? Date.now;
  const codeMs = options.codeMs ?? CODE_MS;
  const sessionMs = options.sessionMs ?? SESSION_MS;
  const sessions = new Map<string, number>();
  let failures = 0;
  let lockedUntil = 0;
  let code: DisplayCode = next();
  let timer: NodeJS.Timeout | undefined;
  schedule();

  function next(): DisplayCode {
    return { code: String(randomInt(0, 1_000_000)).padStart(6, '0'), expiresAt: now() + codeMs };
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(rotate, Math.max(code.expiresAt - now(), 0));
    timer.unref();
  }

  function rotate() {
    code = next();
    schedule();
    options.onCode?.(code);
  }

  function same(a: string, b: string) {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  }

  return {
    current() {
      // The timer may be late (a sleeping machine); an expired code is never shown or accepted.
      if (now() >= code.expiresAt) rotate();
      return code;
    },
    redeem(attempt) {
      if (now() < lockedUntil) return { ok: false, locked: true };
      if (now() >= code.expiresAt) rotate();
      if (!same(attempt, code.code)) {
        failures += 1;
        if (failures >= MAX_TRIES) {
          failures = 0;
          lockedUntil = now() + LOCKOUT_MS;
          rotate();
        }
        return { ok: false, locked: false };
      }
      failures = 0;
      rotate(); // one tablet per code
      for (const [token, ends] of sessions) if (ends <= now()) sessions.delete(token);
      const session = randomBytes(24).toString('base64url');
      const expiresAt = now() + sessionMs;
      sessions.set(session, expiresAt);
      return { ok: true, session, expiresAt };
    },
    sessionEnds(token) {
      if (!token) return null;
      const ends = sessions.get(token);
      if (ends === undefined) return null;
      if (ends <= now()) {
        sessions.delete(token);
        return null;
      }
      return ends;
    },
    stop: () => clearTimeout(timer),
  };
}
