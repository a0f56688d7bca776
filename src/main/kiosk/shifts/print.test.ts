import { describe, expect, it } from 'vitest';
import { decodeReceipt } from '../../../../test/helpers/receipt-decoder';
import { openHistory } from '../history/history';
import { createShifts } from './shifts';
import { encodeXReport, encodeZReport } from './print';

const place = { timeZone: 'Europe/London', locale: 'en-GB', shopName: 'Corner Shop' };

describe('X and Z reports on the receipt printer', () => {
  it('print every figure, the count and how far short the drawer was, in both languages', () => {
    let clock = Date.parse('2026-11-28T09:00:00Z');
    const history = openHistory(null, { now: () => clock });
    const shifts = createShifts(history.db, { now: () => clock });
    shifts.open(10_000, 'Ann');
    shifts.payOut(500, 'milk', 'Ann');
    const x = shifts.xReport();
    clock += 60_000;
    const z = shifts.close(
      [
        { denominationPence: 5000, count: 1 },
        { denominationPence: 2000, count: 2 },
      ],
      'Ann',
    );
    history.close();
    for (const language of ['esc-pos', 'star-prnt'] as const) {
      const xPrinted = decodeReceipt(
        encodeXReport(x, { paperWidth: 80, language }, { ...place, at: clock }),
        language,
      );
      const xText = xPrinted.lines.join('\n');
      expect(xText).toContain('X report');
      expect(xText).toMatch(/Out: milk +-£5\.00/);
      expect(xText).toMatch(/Cash expected +£95\.00/);
      const printed = decodeReceipt(
        encodeZReport(z, { paperWidth: 58, language }, place),
        language,
      );
      const text = printed.lines.join('\n');
      expect(printed.cuts).toBe(1);
      expect(text).toContain('Z report 1');
      expect(text).toMatch(/£20\.00 x 2 +£40\.00/);
      expect(text).toMatch(/Cash counted +£90\.00/);
      expect(text).toMatch(/Difference +-£5\.00 short/);
      expect(printed.lines.every((l) => l.length <= 32)).toBe(true);
    }
  });
});
