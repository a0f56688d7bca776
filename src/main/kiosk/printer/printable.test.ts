/**
 * Text never reaches the receipt printer as a command. Every character that any code page the
 * encoder knows puts on a control byte (0x00-0x1F, 0x7F), worked out from the encoder's own
 * code-page tables, goes through each text field of a receipt and of the test page, in ESC/POS
 * and StarPRNT on both paper widths; the printer's bytes are read back with the tests' decoder,
 * which throws on any command it does not know, and the commands read must be exactly those of
 * the same receipt with plain text in that field. Before the fix `←` went out as ESC and `↔` as
 * GS: a basket line opened the cash drawer (ESC p) and another cut the paper (GS V 1).
 */
import CodepageEncoder from '@point-of-sale/codepage-encoder';
import { describe, expect, it } from 'vitest';
import { decodeReceipt } from '../../../../test/helpers/receipt-decoder';
import { ReceiptWriter } from './printable';
import type { Receipt } from '../../../shared/receipt';
import { LONDON, SAMPLE_RECEIPT } from '../../../../test/helpers/receipt-fixture';
import { encodeReceipt, encodeTestPage } from './receipt-layout';

/** Every code point some code page of the encoder encodes as a control byte, sorted. */
const CONTROL_GLYPHS: readonly string[] = (() => {
  const found = new Set<number>();
  for (const page of CodepageEncoder.getEncodings()) {
    const codepoints = CodepageEncoder.getEncoding(page).codepoints;
    for (const byte of [...Array(0x20).keys(), 0x7f]) {
      const codepoint = codepoints[byte];
      if (typeof codepoint === 'number' && codepoint !== 0xfffd) found.add(codepoint);
    }
  }
  return [...found].sort((a, b) => a - b).map((c) => String.fromCodePoint(c));
})();

/** Short enough that no field wraps on 58 mm paper, so the plain receipt has the same lines. */
const CHUNK = 10;
const chunks = Array.from({ length: Math.ceil(CONTROL_GLYPHS.length / CHUNK) }, (_, i) =>
  CONTROL_GLYPHS.slice(i * CHUNK, (i + 1) * CHUNK).join(''),
);

const content: Receipt = {
  ...SAMPLE_RECEIPT,
  shop: { ...SAMPLE_RECEIPT.shop, lines: ['4 Mill Lane', 'VAT no. GB123456789'] },
  lines: [
    { description: 'Flat white', quantity: 2, unitPence: 350 },
    { description: 'Croissant', quantity: 1, unitPence: 275 },
  ],
  card: { brand: 'VISA', last4: '4242' },
};
const shop = (change: Partial<Receipt['shop']>): Receipt => ({
  ...content,
  shop: { ...content.shop, ...change },
});

/** Each text field of a receipt, with `text` in it. */
const FIELDS: Record<string, (text: string) => Receipt> = {
  'shop name': (text) => shop({ name: text }),
  'store line': (text) => shop({ storeName: text }),
  'shop address line': (text) => shop({ lines: [text, 'VAT no. GB123456789'] }),
  'basket line (quantity 2)': (text) => ({
    ...content,
    lines: [{ ...content.lines[0]!, description: text }, content.lines[1]!],
  }),
  'basket line (quantity 1)': (text) => ({
    ...content,
    lines: [content.lines[0]!, { ...content.lines[1]!, description: text }],
  }),
  'card brand': (text) => ({ ...content, card: { brand: text, last4: '4242' } }),
  // "Pay by bank (…)" leaves room for 11 characters on 58 mm paper, and ‼ prints as two.
  'bank name': (text) => ({
    ...content,
    method: 'PAY_BY_BANK',
    bankName: [...text].slice(0, 8).join(''),
  }),
  reference: (text) => ({ ...content, orderId: text }),
  // Two words are not a link the QR code can carry: printed as text alone, plain or not.
  'receipt link': (text) => ({ ...content, receiptUrl: `${text} ${text}` }),
};

type Format = Parameters<typeof encodeReceipt>[1];
const formats: Format[] = (['esc-pos', 'star-prnt'] as const).flatMap((language) =>
  ([58, 80] as const).map((paperWidth) => ({ language, paperWidth })),
);

describe('text on a receipt', () => {
  // The C0 controls and DEL themselves, and the look-alikes CP437 and its relatives draw there.
  expect(CONTROL_GLYPHS.length).toBeGreaterThan(33 + 30);
  for (const glyph of ['\u001b', '\u001d', '\u0010', '\u007f', '←', '↔', '►', '§', '•'])
    expect(CONTROL_GLYPHS).toContain(glyph);

  /**
   * What went wrong with `text` in one field, or null: the decoder met a command it does not know
   * (or a code page the receipt never selects), or read other commands than with plain text.
   */
  function leak(encode: (text: string) => Uint8Array, language: Format['language'], text: string) {
    const plain = decodeReceipt(encode('x'.repeat(text.length)), language);
    try {
      const hostile = decodeReceipt(encode(text), language);
      const extra = hostile.commands.filter((c) => !plain.commands.includes(c));
      if (extra.length > 0) return `commands of its own: ${extra.join(', ')}`;
      if (hostile.commands.join() !== plain.commands.join()) return 'other commands';
      if (hostile.lines.length !== plain.lines.length) return 'other lines';
      return null;
    } catch (error) {
      return (error as Error).message;
    }
  }

  for (const format of formats)
    it(`never reaches the printer as a command: ${format.language}, ${format.paperWidth} mm`, () => {
      const leaks = Object.entries(FIELDS).flatMap(([field, withText]) =>
        chunks.map((chunk) => {
          const problem = leak(
            (t) => encodeReceipt(withText(t), format, LONDON),
            format.language,
            chunk,
          );
          return problem && `${field} ${JSON.stringify(chunk)}: ${problem}`;
        }),
      );
      expect(leaks.filter(Boolean)).toEqual([]);
    });

  for (const format of formats)
    it(`on the test page never reaches the printer as a command: ${format.language}, ${format.paperWidth} mm`, () => {
      const page = (shopName: string) =>
        encodeTestPage(format, { shopName, at: 0, timeZone: 'UTC', locale: 'en-GB' });
      const leaks = chunks.map((chunk) => {
        const problem = leak(page, format.language, chunk);
        return problem && `shop name ${JSON.stringify(chunk)}: ${problem}`;
      });
      expect(leaks.filter(Boolean)).toEqual([]);
    });

  it('prints the drawer pulse and the cut of a basket as the text they were', () => {
    const attack = {
      ...content,
      lines: [
        { description: '←p022 Flat white', quantity: 1, unitPence: 700 },
        { description: '↔V1 Muffin', quantity: 1, unitPence: 275 },
      ],
    };
    for (const format of formats) {
      const bytes = encodeReceipt(attack, format, LONDON);
      // ESC p, the drawer's pulse, is nowhere in the bytes; the one cut is the receipt's own.
      expect(Buffer.from(bytes).toString('hex')).not.toMatch(/^(..)*1b70/);
      const receipt = decodeReceipt(bytes, format.language);
      expect(receipt.cuts).toBe(1);
      expect(receipt.lines).toContainEqual(expect.stringMatching(/^\?p022 Flat white +£7\.00$/));
      expect(receipt.lines).toContainEqual(expect.stringMatching(/^\?V1 Muffin +£2\.75$/));
    }
  });

  it('prints what Windows-1252 has, plain letters for accented ones it lacks, ? for the rest', () => {
    const receipt = decodeReceipt(
      encodeReceipt(
        {
          ...shop({
            name: 'Café “Zoë” – € ½',
            lines: ['Łódź Kraków', 'Ｆｕｌｌ ﬁne', 'Tab\there\nnext'],
          }),
          orderId: 'Caf\u0065\u0301-👩\u200d🍳-\u202e\ufeff!',
        },
        { language: 'esc-pos', paperWidth: 80 },
        LONDON,
      ),
      'esc-pos',
    );
    const text = receipt.lines.map((l) => l.trim());
    expect(text.slice(0, 4)).toEqual([
      'Café “Zoë” – € ½',
      '?ódz Kraków',
      'Full fine',
      'Tab here next',
    ]);
    expect(receipt.lines).toContainEqual(expect.stringMatching(/^Reference +Café-\?\?-!$/));
  });

  it('prints no QR code for what is not a plain link, or too long for its command', () => {
    for (const receiptUrl of [
      'http://127.0.0.1:4010/receipt/←p022',
      `http://127.0.0.1:4010/receipt/${'a'.repeat(70_000)}`,
    ]) {
      const receipt = decodeReceipt(
        encodeReceipt({ ...content, receiptUrl }, { language: 'esc-pos', paperWidth: 80 }, LONDON),
        'esc-pos',
      );
      expect(receipt.qrCodes).toEqual([]);
      expect(receipt.lines.map((l) => l.trim())).not.toContain('Scan to keep this receipt');
      expect(receipt.cuts).toBe(1);
    }
  });
});

describe('the receipt writer', () => {
  // The kiosk's settings offer ESC/POS and StarPRNT; StarLine is written with the same commands.
  for (const [language, decodeAs] of [
    ['esc-pos', 'esc-pos'],
    ['star-prnt', 'star-prnt'],
    ['star-line', 'star-prnt'],
  ] as const)
    it(`writes only its own commands whatever the text, in ${language}`, () => {
      const write = (text: string) =>
        decodeReceipt(
          new ReceiptWriter({ language, columns: 48, feedBeforeCut: 0 })
            .line(text)
            .table([{ width: 30 }, { width: 18, align: 'right' }], [[text, text]])
            .text(text)
            .cutAndEncode(),
          decodeAs,
        );
      const all = CONTROL_GLYPHS.join('');
      const plain = write('x'.repeat(all.length));
      const hostile = write(all);
      expect(hostile.commands).toEqual(plain.commands);
    });
});
