/**
 * The drawer pulse in each printer language, read back as the printer would (the test decoder
 * throws on any byte it does not know): one kick, nothing printed, nothing cut.
 */
import { describe, expect, it } from 'vitest';
import { decodeReceipt } from '../../../../test/helpers/receipt-decoder';
import { encodeDrawerPulse } from './drawer';

describe('encodeDrawerPulse', () => {
  it('is ESC p on pin 2 for ESC/POS printers', () => {
    const bytes = encodeDrawerPulse({ language: 'esc-pos' });
    const read = decodeReceipt(bytes, 'esc-pos');
    expect(read).toMatchObject({ pulses: 1, cuts: 0, lines: [], qrCodes: [] });
    expect(read.commands).toContain('ESC p 0 50 250');
  });

  it('is ESC BEL … BEL for StarPRNT printers', () => {
    const bytes = encodeDrawerPulse({ language: 'star-prnt' });
    const read = decodeReceipt(bytes, 'star-prnt');
    expect(read).toMatchObject({ pulses: 1, cuts: 0, lines: [] });
    expect(read.commands).toContain('ESC BEL 20 20 7');
  });
});
