/**
 * The receipt's layout, decoded as the printer reads it: a basket's lines print when the payment
 * has them (quantity, description, line amount, unit price), wrap within the paper's columns on
 * both widths and in both languages, and a receipt without them shows the total alone.
 */
import { describe, expect, it } from 'vitest';
import { decodeReceipt } from '../../../../test/helpers/receipt-decoder';
import { LONDON, SAMPLE_RECEIPT as content } from '../../../../test/helpers/receipt-fixture';
import { COLUMNS, encodeReceipt } from './receipt-layout';

const basket = [
  { description: 'Flat white with oat milk and an extra shot', quantity: 2, unitPence: 350 },
  { description: 'Croissant', quantity: 1, unitPence: 275 },
];

describe('the printed receipt', () => {
  for (const language of ['esc-pos', 'star-prnt'] as const)
    for (const paperWidth of [58, 80] as const)
      it(`prints the basket's lines in ${language} on ${paperWidth} mm paper`, () => {
        const columns = COLUMNS[paperWidth];
        const receipt = decodeReceipt(
          encodeReceipt({ ...content, lines: basket }, { language, paperWidth }, LONDON),
          language,
        );
        const lines = receipt.lines;
        expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(columns);
        const first = lines.findIndex((l) => l.startsWith('2 x Flat white'));
        expect(lines[first]).toMatch(/£7\.00$/);
        expect(lines[first]!.length).toBe(columns);
        // The description's rest wraps under it, then the unit price.
        const wrapped = `${lines[first]!.replace(/£7\.00$/, '')} ${lines[first + 1]}`;
        expect(wrapped.replace(/\s+/g, ' ')).toContain(
          '2 x Flat white with oat milk and an extra shot',
        );
        expect(lines[first + 2]).toBe('  @ £3.50');
        expect(lines[first + 3]).toMatch(/^Croissant +£2\.75$/);
        expect(lines).toContainEqual(expect.stringMatching(/^Total +£10\.75$/));
        expect(lines.indexOf(lines.find((l) => l.startsWith('Total'))!)).toBeGreaterThan(first);
        // Time in the shop's time zone (14:05 UTC is 14:05 in London in March).
        expect(lines).toContainEqual(expect.stringMatching(/^Time +3 Mar 2025, 14:05$/));
        expect(receipt.qrCodes).toEqual([content.receiptUrl]);
        expect(receipt.cuts).toBe(1);
      });

  it('says so when the basket does not add up to the payment, and still totals what was paid', () => {
    const receipt = decodeReceipt(
      encodeReceipt(
        { ...content, lines: basket, amountPence: 1200, paidPence: 1300 },
        { language: 'esc-pos', paperWidth: 58 },
        LONDON,
      ),
      'esc-pos',
    );
    expect(Math.max(...receipt.lines.map((l) => l.length))).toBeLessThanOrEqual(COLUMNS[58]);
    expect(receipt.lines.join(' ').replace(/\s+/g, ' ')).toContain(
      'The items add up to £9.75, but this payment is for £12.00',
    );
    expect(receipt.lines).toContainEqual(expect.stringMatching(/^Total +£13\.00$/));
  });

  it('totals what the payment took, tip included, when its source never said what was paid', () => {
    const receipt = decodeReceipt(
      encodeReceipt(
        { ...content, lines: [], paidPence: 0 },
        { language: 'esc-pos', paperWidth: 80 },
        LONDON,
      ),
      'esc-pos',
    );
    // £9.75 asked and a £1.00 tip: the total is the £10.75 History and the receipt page show.
    expect(receipt.lines).toContainEqual(expect.stringMatching(/^Tip +£1\.00$/));
    expect(receipt.lines).toContainEqual(expect.stringMatching(/^Total +£10\.75$/));
  });

  it('shows the total alone without a basket, and no QR code without a receipt page', () => {
    const receipt = decodeReceipt(
      encodeReceipt(
        { ...content, receiptUrl: '', tipPence: 0 },
        { language: 'esc-pos', paperWidth: 80 },
        LONDON,
      ),
      'esc-pos',
    );
    expect(receipt.lines.filter((l) => /£/.test(l))).toEqual([
      expect.stringMatching(/^Total +£10\.75$/),
    ]);
    expect(receipt.qrCodes).toEqual([]);
    expect(receipt.cuts).toBe(1);
  });
});
