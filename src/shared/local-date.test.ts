import { describe, expect, it } from 'vitest';
import { dateFormat, formatLocalDate, formatLongDate, parseLocalDate } from './local-date';

describe('dates in the kiosk locale', () => {
  it('uses day/month/year for en-GB, month/day/year for en-US, dots for de-DE', () => {
    expect(dateFormat('en-GB')).toEqual({
      order: ['day', 'month', 'year'],
      separator: '/',
      placeholder: 'dd/mm/yyyy',
    });
    expect(dateFormat('en-US').placeholder).toBe('mm/dd/yyyy');
    expect(dateFormat('de-DE').placeholder).toBe('dd.mm.yyyy');
  });

  it('reads what staff type in that order', () => {
    expect(parseLocalDate('23/11/2026', 'en-GB')).toBe('2026-11-23');
    expect(parseLocalDate(' 1/2/26 ', 'en-GB')).toBe('2026-02-01');
    expect(parseLocalDate('23-11-2026', 'en-GB')).toBe('2026-11-23');
    expect(parseLocalDate('11/23/2026', 'en-US')).toBe('2026-11-23');
    expect(parseLocalDate('23.11.2026', 'de-DE')).toBe('2026-11-23');
    expect(parseLocalDate('2026-11-23', 'en-GB')).toBe('2026-11-23');
  });

  it('refuses what is not a real date', () => {
    for (const bad of ['11/23/2026', '31/02/2026', '2026', '23/11', '23/11/202', 'today'])
      expect(parseLocalDate(bad, 'en-GB')).toBeNull();
  });

  it('shows a stored day in the locale', () => {
    expect(formatLocalDate('2026-11-23', 'en-GB')).toBe('23/11/2026');
    expect(formatLocalDate('2026-11-23', 'en-US')).toBe('11/23/2026');
  });
});

describe('a day in a heading', () => {
  it('is written out in the locale, never as yyyy-mm-dd', () => {
    // ICU versions differ on the comma after the weekday in en-GB.
    expect(formatLongDate('2026-11-25', 'en-GB')).toMatch(/^Wednesday,? 25 November 2026$/);
    expect(formatLongDate('2026-11-25', 'en-US')).toBe('Wednesday, November 25, 2026');
    expect(formatLongDate('2026-11-25', 'de-DE')).toBe('Mittwoch, 25. November 2026');
    expect(formatLongDate('2026-11-25', 'not a locale!')).toMatch(/25 November 2026$/);
  });
});
