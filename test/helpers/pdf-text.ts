/**
 * Just enough PDF reading to check what Chromium printed: inflate every stream, read the
 * ToUnicode maps of the embedded fonts, and decode the hex glyph strings of the page's text
 * operators through each map. Chromium subsets fonts and shows text as glyph ids, so the words
 * are never in the file as plain text; this gives them back without a PDF library.
 */
import { inflateSync } from 'node:zlib';

function streams(pdf: Buffer): string[] {
  const out: string[] = [];
  const text = pdf.toString('latin1');
  const re = /(?<!end)stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = re.exec(text))) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    const raw = pdf.subarray(start, end);
    try {
      out.push(inflateSync(raw).toString('latin1'));
    } catch {
      out.push(raw.toString('latin1')); // not deflated
    }
    re.lastIndex = end;
  }
  return out;
}

const hexToCodes = (hex: string, width: number) => {
  const codes: number[] = [];
  for (let i = 0; i + width <= hex.length; i += width)
    codes.push(parseInt(hex.slice(i, i + width), 16));
  return codes;
};

const unicodeOf = (hex: string) =>
  String.fromCodePoint(...hexToCodes(hex, 4).filter((c) => c < 0xd800 || c > 0xdfff));

/** One ToUnicode CMap: glyph code → text. */
function readCmap(stream: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of stream.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, src, dst] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g))
      map.set(parseInt(src!, 16), unicodeOf(dst!));
  for (const block of stream.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const [, lo, hi, dst] of block[1]!.matchAll(
      /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g,
    )) {
      const base = parseInt(dst!, 16);
      for (let code = parseInt(lo!, 16); code <= parseInt(hi!, 16); code++)
        map.set(code, String.fromCodePoint(base + code - parseInt(lo!, 16)));
    }
  return map;
}

/**
 * The text of the PDF's pages. A content stream switches fonts with `Tf`; each stretch between
 * switches is read with the font map that knows every glyph in it (glyph ids of different
 * subset fonts overlap, so the map that reads a stretch whole is the right one).
 */
export function pdfText(pdf: Buffer): string {
  const all = streams(pdf);
  const cmaps = all.filter((s) => s.includes('begincmap')).map(readCmap);
  let text = '';
  for (const content of all.filter((s) => /\bBT\b[\s\S]*\bET\b/.test(s)))
    for (const stretch of content.split(/\bTf\b/)) {
      const codes = [...stretch.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)].flatMap(([, hex]) =>
        hexToCodes(hex!, 4),
      );
      if (codes.length === 0) continue;
      const cmap = cmaps.find((m) => codes.every((c) => m.has(c)));
      text += codes.map((c) => cmap?.get(c) ?? '\ufffd').join('') + '\n';
    }
  return text;
}

/** True when the printed text contains `text`. */
export const pdfContains = (pdf: Buffer, text: string): boolean => pdfText(pdf).includes(text);
