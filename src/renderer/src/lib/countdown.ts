/** Time left on a payment request, as the console and the display count it down. */

/** Milliseconds until `expiresAt` (never negative); null when there is no valid expiry. */
export function remainingMs(expiresAt: string, nowMs: number): number | null {
  const at = Date.parse(expiresAt);
  if (!expiresAt || Number.isNaN(at)) return null;
  return Math.max(0, at - nowMs);
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * mm:ss (h:mm:ss past an hour). Seconds round up, so the count shows 00:01 during the last
 * second and reaches 00:00 exactly when the request expires, not a second early.
 */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}

/** Under this much time left the countdown turns urgent. */
export const URGENT_MS = 30_000;
