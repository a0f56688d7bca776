import { describe, expect, it } from 'vitest';
import { createKioskMode } from './kiosk-mode';

describe('kiosk mode', () => {
  it('is off without a PIN and cannot be entered', () => {
    const mode = createKioskMode(undefined, () => 0);
    expect(mode.active()).toBe(false);
    expect(mode.enter()).toBe(false);
  });

  it('is left only with the PIN, and entered again without one', () => {
    const mode = createKioskMode('2468', () => 0);
    expect(mode.active()).toBe(true);
    expect(mode.leave('1357')).toBe('That PIN is not right');
    expect(mode.active()).toBe(true);
    expect(mode.leave('2468')).toBeNull();
    expect(mode.active()).toBe(false);
    expect(mode.enter()).toBe(true);
    expect(mode.active()).toBe(true);
  });

  it('refuses even the right PIN for a minute after five wrong ones', () => {
    let t = 0;
    const mode = createKioskMode('2468', () => t);
    for (let i = 0; i < 5; i++) expect(mode.leave('0000')).toBe('That PIN is not right');
    expect(mode.leave('2468')).toMatch(/Too many wrong PINs/);
    t += 60_001;
    expect(mode.leave('2468')).toBeNull();
  });
});
