/**
 * Reads what the kiosk sent a receipt printer, the way the printer would: ESC/POS or StarPRNT
 * bytes into the lines of text printed, the QR codes (their data), the cuts and the resets.
 * It knows exactly the commands the kiosk's receipts use and throws on any other, so a test
 * that passes has read every byte; text outside ASCII is read in the code page last selected.
 * Every command read is listed too, in order, for a test to compare with what the receipt itself
 * issues.
 */
export interface DecodedReceipt {
  /** Each printed line, trailing spaces removed. */
  lines: string[];
  /** The lines printed in bold. */
  boldLines: string[];
  qrCodes: string[];
  cuts: number;
  /** Cash drawer kick pulses (ESC/POS `ESC p m t1 t2`, StarPRNT `ESC BEL n1 n2 BEL|SUB`). */
  pulses: number;
  /** ESC @ seen: the printer was reset to its defaults first. */
  initialized: number;
  /**
   * Each command read, in order, as its mnemonic and then its parameter bytes as numbers
   * ("ESC t 16", "GS V 65 4"); a QR code's data is left out ("GS ( k 49 80").
   */
  commands: string[];
}

export type PrinterLanguage = 'esc-pos' | 'star-prnt';

/** Code page 437's upper half (the printers' default), as the printer draws it. */
const CP437_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';
/**
 * Windows-1252's 0x80-0x9F as the printer draws them (U+FFFD where the code page has nothing);
 * from 0xA0 it is Latin-1. Written out because Node 20's TextDecoder gives nothing for these.
 */
const CP1252_C1 = '€\ufffd‚ƒ„…†‡ˆ‰Š‹Œ\ufffdŽ\ufffd\ufffd‘’“”•–—˜™š›œ\ufffdžŸ';

type CodePage = 'cp437' | 'cp1252';
/** The code page numbers each language selects them by (ESC t n; ESC GS t n). */
const CODE_PAGES: Record<PrinterLanguage, Record<number, CodePage>> = {
  'esc-pos': { 0: 'cp437', 16: 'cp1252' },
  'star-prnt': { 0: 'cp437', 1: 'cp437', 32: 'cp1252' },
};

function charOf(byte: number, page: CodePage): string {
  if (byte < 0x80) return String.fromCharCode(byte);
  if (page === 'cp437') return CP437_HIGH[byte - 0x80]!;
  return byte < 0xa0 ? CP1252_C1[byte - 0x80]! : String.fromCharCode(byte);
}

const MNEMONICS: Record<number, string> = {
  0x07: 'BEL',
  0x18: 'CAN',
  0x1b: 'ESC',
  0x1c: 'FS',
  0x1d: 'GS',
};

export function decodeReceipt(bytes: Uint8Array, language: PrinterLanguage): DecodedReceipt {
  const out: DecodedReceipt = {
    lines: [],
    boldLines: [],
    qrCodes: [],
    cuts: 0,
    pulses: 0,
    initialized: 0,
    commands: [],
  };
  let page: CodePage = 'cp437';
  let current = '';
  let bold = false;
  let boldOnLine = false;
  let qrData: string | null = null;
  let i = 0;
  const at = (k: number) => {
    if (i + k >= bytes.length) throw new Error(`command cut short at byte ${i}`);
    return bytes[i + k]!;
  };
  /** Lists the command at i: `name` bytes named, then `params` bytes as numbers. */
  const record = (name: number, params = 0) => {
    const named = [...bytes.subarray(i, i + name)].map(
      (b) => MNEMONICS[b] ?? String.fromCharCode(b),
    );
    const numbers = [...bytes.subarray(i + name, i + name + params)].map(String);
    out.commands.push([...named, ...numbers].join(' '));
  };
  const unknown = () => {
    const hex = [...bytes.slice(i, i + 6)].map((b) => b.toString(16).padStart(2, '0')).join(' ');
    throw new Error(`unknown ${language} command at byte ${i}: ${hex}`);
  };
  const selectPage = (n: number) => {
    const next = CODE_PAGES[language][n];
    if (!next) throw new Error(`code page ${n} is not one the decoder knows`);
    page = next;
  };
  const endLine = () => {
    const text = current.replace(/ +$/, '');
    out.lines.push(text);
    if (boldOnLine) out.boldLines.push(text.trim());
    current = '';
    boldOnLine = bold;
  };
  const setBold = (on: boolean) => {
    bold = on;
    if (on) boldOnLine = true;
  };
  const ascii = (from: number, to: number) =>
    Buffer.from(bytes.subarray(from, to)).toString('latin1');

  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b === 0x0a) {
      endLine();
      i += 1;
    } else if (b === 0x0d) {
      i += 1; // carriage return: the line already ended at the line feed
    } else if (b === 0x1b && at(1) === 0x40) {
      record(2);
      out.initialized += 1;
      page = 'cp437';
      setBold(false);
      i += 2;
    } else if (language === 'esc-pos') {
      if (b === 0x1c && at(1) === 0x2e) {
        record(2); // FS . : Kanji mode off
        i += 2;
      } else if (b === 0x1b && at(1) === 0x4d) {
        record(2, 1); // ESC M n: font
        i += 3;
      } else if (b === 0x1b && at(1) === 0x61) {
        record(2, 1); // ESC a n: alignment
        i += 3;
      } else if (b === 0x1b && at(1) === 0x45) {
        record(2, 1);
        setBold(at(2) === 1); // ESC E n: bold
        i += 3;
      } else if (b === 0x1b && at(1) === 0x74) {
        record(2, 1);
        selectPage(at(2)); // ESC t n: code page
        i += 3;
      } else if (b === 0x1d && at(1) === 0x28 && at(2) === 0x6b) {
        // GS ( k pL pH cn fn …: a 2D code; cn 49 is QR, fn 80 stores its data, 81 prints it.
        const length = at(3) + at(4) * 256;
        const [cn, fn] = [at(5), at(6)];
        if (cn !== 49) unknown();
        out.commands.push(`GS ( k ${cn} ${fn}`);
        if (fn === 80) qrData = ascii(i + 8, i + 5 + length);
        if (fn === 81) {
          if (qrData === null) throw new Error('QR code printed before its data was stored');
          out.qrCodes.push(qrData);
        }
        i += 5 + length;
      } else if (b === 0x1b && at(1) === 0x70) {
        record(2, 3); // ESC p m t1 t2: pulse the drawer on pin m
        out.pulses += 1;
        i += 5;
      } else if (b === 0x1d && at(1) === 0x56) {
        // GS V m (0, 1, 48, 49) or GS V m n (65, 66): cut.
        record(2, at(2) >= 65 ? 2 : 1);
        out.cuts += 1;
        i += at(2) >= 65 ? 4 : 3;
      } else if (b < 0x20 || b === 0x7f) unknown();
      else {
        current += charOf(b, page);
        i += 1;
      }
    } else {
      if (b === 0x18) {
        record(1); // CAN: clear the print buffer
        i += 1;
      } else if (b === 0x1b && at(1) === 0x45) {
        record(2);
        setBold(true); // ESC E: bold on
        i += 2;
      } else if (b === 0x1b && at(1) === 0x46) {
        record(2);
        setBold(false); // ESC F: bold off
        i += 2;
      } else if (b === 0x1b && at(1) === 0x1d && at(2) === 0x74) {
        record(3, 1);
        selectPage(at(3)); // ESC GS t n: code page
        i += 4;
      } else if (b === 0x1b && at(1) === 0x1d && at(2) === 0x61) {
        record(3, 1); // ESC GS a n: alignment
        i += 4;
      } else if (b === 0x1b && at(1) === 0x1d && at(2) === 0x79) {
        const fn = at(3);
        if (fn === 0x53) {
          record(4, 2); // ESC GS y S 0|1|2 n: QR model, error level, cell size
          i += 6;
        } else if (fn === 0x44) {
          // ESC GS y D 1 0 nL nH data: store the QR code's data.
          record(4, 2);
          const length = at(6) + at(7) * 256;
          qrData = ascii(i + 8, i + 8 + length);
          i += 8 + length;
        } else if (fn === 0x50) {
          // ESC GS y P: print the stored QR code.
          record(4);
          if (qrData === null) throw new Error('QR code printed before its data was stored');
          out.qrCodes.push(qrData);
          i += 4;
        } else unknown();
      } else if (b === 0x1b && at(1) === 0x07) {
        // ESC BEL n1 n2 then BEL (drawer 1) or SUB (drawer 2): pulse the drawer.
        if (at(4) !== 0x07 && at(4) !== 0x1a) unknown();
        record(2, 3);
        out.pulses += 1;
        i += 5;
      } else if (b === 0x1b && at(1) === 0x64) {
        record(2, 1);
        out.cuts += 1; // ESC d n: cut
        i += 3;
      } else if (b < 0x20 || b === 0x7f) unknown();
      else {
        current += charOf(b, page);
        i += 1;
      }
    }
  }
  if (current) endLine();
  return out;
}
