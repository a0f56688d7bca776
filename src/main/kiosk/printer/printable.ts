/**
 * The one door between text and a receipt printer. A receipt's text comes from outside the kiosk
 * (the merchant's name and address, a till system's basket, the order id the API chose), and a
 * thermal printer takes text and commands on one stream: a command is text that starts with a
 * control byte. The encoder's automatic code page picks, for each character, a code page that
 * has it, and CP437 and its relatives draw glyphs at the control bytes (`←` is ESC, `↔` GS, `§`
 * NAK), so `"←p022 Flat white"` in a basket opened the cash drawer (ESC p) and `"↔V1"` cut the
 * paper (GS V 1).
 *
 * So nothing else in the kiosk talks to the encoder: a receipt is written with a ReceiptWriter,
 * whose every text passes through `printable` first, and text is always printed in one code page
 * (TEXT_CODE_PAGE), never picked per character. `printable` keeps only the characters that code
 * page prints from a byte that is not a control (0x20-0x7E and 0x80-0xFF, less those it leaves
 * undefined or gives a control character); anything else becomes what it is written as without
 * accents or in its plain form (`ś` s, `ﬁ` fi, a full-width `Ａ` A) when that is printable, a
 * space when it is a space or a line break, nothing when it is invisible (a joiner, a direction
 * mark), and `?` otherwise. The bytes that reach the printer are then the encoder's own commands
 * and printable text, whatever the text said, in ESC/POS and the Star languages alike.
 */
import CodepageEncoder from '@point-of-sale/codepage-encoder';
import ReceiptPrinterEncoder, {
  type Alignment,
  type TableColumn,
} from '@point-of-sale/receipt-printer-encoder';

/**
 * Every text of a receipt is printed in Windows-1252 (ESC t 16 in ESC/POS, ESC GS t 32 in
 * StarPRNT and StarLine): it has the pound and euro signs, Western European letters, curly quotes
 * and dashes, and gives no glyph to a control byte. The encoder's own rules are drawn from CP437.
 */
export const TEXT_CODE_PAGE = 'windows1252';

/** A printer language the encoder writes; the kiosk's settings offer ESC/POS and StarPRNT. */
export type PrinterLanguage = 'esc-pos' | 'star-prnt' | 'star-line';

/**
 * More than any receipt link, and far below the 65,535 bytes the QR code command's two length
 * bytes can state: longer data would run past the command into the printer's input as commands.
 */
const QR_MAX_CHARS = 1024;

/** A byte the printer takes as a character of the code page, never as (part of) a command. */
const isPrintableByte = (byte: number) => (byte >= 0x20 && byte < 0x7f) || byte >= 0x80;

/**
 * The characters TEXT_CODE_PAGE prints, as the encoder encodes them: each is kept only when the
 * encoder writes it as a printable byte that the code page reads back as that character.
 */
const PRINTABLE: ReadonlySet<string> = (() => {
  const codepoints = CodepageEncoder.getEncoding(TEXT_CODE_PAGE).codepoints;
  const set = new Set<string>();
  codepoints.forEach((codepoint, byte) => {
    if (!isPrintableByte(byte) || typeof codepoint !== 'number' || codepoint === 0xfffd) return;
    const char = String.fromCodePoint(codepoint);
    if (/\p{Cc}/u.test(char)) return;
    if (CodepageEncoder.encode(char, TEXT_CODE_PAGE)[0] === byte) set.add(char);
  });
  return set;
})();

/** What a character the code page cannot print is printed as: see the module's comment. */
function substitute(char: string): string {
  // Invisible first: a byte order mark is a format character to drop, though \s matches it.
  if (/[\p{Cf}\p{M}]/u.test(char)) return '';
  if (/\s/u.test(char)) return ' ';
  const plain = char.normalize('NFKD').replace(/\p{M}/gu, '');
  return plain !== '' && [...plain].every((c) => PRINTABLE.has(c)) ? plain : '?';
}

/** `text` as the receipt prints it: only characters TEXT_CODE_PAGE prints from printable bytes. */
export function printable(text: string): string {
  let out = '';
  // Composed first, so a letter typed with a combining accent is the accented letter it shows.
  for (const char of text.normalize('NFC')) out += PRINTABLE.has(char) ? char : substitute(char);
  return out;
}

export interface WriterOptions {
  language: PrinterLanguage;
  columns: number;
  /** Lines fed before the cut, so the last line clears the cutter. */
  feedBeforeCut: number;
}

/** A receipt being written: the encoder's layout, with every text made printable on the way in. */
export class ReceiptWriter {
  readonly #encoder: ReceiptPrinterEncoder;

  constructor(options: WriterOptions) {
    this.#encoder = new ReceiptPrinterEncoder(options).initialize().codepage(TEXT_CODE_PAGE);
  }

  text(value: string): this {
    this.#encoder.text(printable(value));
    return this;
  }

  line(value: string): this {
    this.#encoder.line(printable(value));
    return this;
  }

  /** Rows of plain text cells, laid out in `columns`. */
  table(columns: TableColumn[], rows: readonly (readonly string[])[]): this {
    this.#encoder.table(
      columns,
      rows.map((row) => row.map(printable)),
    );
    return this;
  }

  newline(): this {
    this.#encoder.newline();
    return this;
  }

  align(value: Alignment): this {
    this.#encoder.align(value);
    return this;
  }

  bold(on: boolean): this {
    this.#encoder.bold(on);
    return this;
  }

  /** A line across the paper. */
  rule(): this {
    this.#encoder.rule();
    return this;
  }

  /**
   * A QR code of `data`, printed only when it is a plain link's characters (printable ASCII, no
   * space) and short enough for the command to hold; returns whether it was.
   */
  qrcode(data: string, options: { model: 1 | 2; size: number; errorlevel: 'l' | 'm' | 'q' | 'h' }) {
    if (data.length > QR_MAX_CHARS || !/^[\x21-\x7e]+$/.test(data)) return false;
    this.#encoder.qrcode(data, options);
    return true;
  }

  /** Cuts the paper and returns every byte of the receipt. */
  cutAndEncode(): Uint8Array {
    return this.#encoder.cut().encode();
  }
}
