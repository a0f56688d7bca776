import { describe, expect, it } from 'vitest';
import { expiryText, groupCode, pairingDeadline, PAIRING_TTL_MS } from './pairing';

describe('pairing code panel', () => {
  it('groups the code in threes', () => {
    expect(groupCode('042917')).toBe('042 917');
  });

  it('counts down in minutes and seconds and then says nothing is left', () => {
    const now = 1_000_000;
    expect(expiryText(now + PAIRING_TTL_MS, now)).toBe('Expires in 10:00. The code works once.');
    expect(expiryText(now + 61_500, now)).toBe('Expires in 1:02. The code works once.');
    expect(expiryText(now, now)).toBeNull();
  });

  it('caps the deadline at ten minutes when the service clock runs ahead', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(pairingDeadline('2026-01-02T00:00:00Z', now)).toBe(now + PAIRING_TTL_MS);
    expect(pairingDeadline('2026-01-01T00:05:00Z', now)).toBe(now + 300_000);
    expect(pairingDeadline('2025-12-31T00:00:00Z', now)).toBe(now);
  });
});
