/** The pairing code panel's wording: the code in two groups and the time it has left. */

/** Pairing codes live 10 minutes (src/service/terminals/routes.ts). */
export const PAIRING_TTL_MS = 10 * 60 * 1000;

/** "123456" → "123 456", easier to read out and type. */
export function groupCode(code: string): string {
  return `${code.slice(0, 3)} ${code.slice(3)}`;
}

/**
 * When the code stops working on this browser's clock. expiresAt is on the service's clock,
 * which the sandbox can move forward; the code never lives longer than its 10 minutes, so the
 * countdown is capped there.
 */
export function pairingDeadline(expiresAt: string, nowMs: number): number {
  const left = Math.min(PAIRING_TTL_MS, Date.parse(expiresAt) - nowMs);
  return nowMs + Math.max(0, Number.isFinite(left) ? left : 0);
}

/** "Expires in 9:59. The code works once.", or null once it has expired. */
export function expiryText(deadlineMs: number, nowMs: number): string | null {
  const left = deadlineMs - nowMs;
  if (left <= 0) return null;
  const seconds = Math.ceil(left / 1000);
  const mm = Math.floor(seconds / 60);
  const ss = String(seconds % 60).padStart(2, '0');
  return `Expires in ${mm}:${ss}. The code works once.`;
}
