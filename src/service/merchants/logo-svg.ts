/**
 * What an uploaded SVG logo would cost to draw, measured before resvg sees it
 * (docs/security.md, "The merchant's logo"). The logo is drawn once into a PNG, and only the PNG
 * is kept, so nothing in the SVG ever runs in a browser; what is left to fear is the drawing
 * itself: `<use>` chains that copy a subtree ten times per level (2 KB becoming a billion
 * elements), markers copied onto every vertex of a path, entities, nesting deep enough to
 * exhaust a stack, and resvg reading a file of this machine named by an `<image>`.
 *
 * The file is read as XML here (no DTD: resvg's parser would refuse unknown entities anyway)
 * and every element counted as resvg would copy it: an element counts once where it is drawn
 * and once more for every `<use>` (or other href) and marker that instantiates it, so the total
 * is the size of the tree resvg builds. Elements only drawn through a reference (defs, symbol,
 * pattern, marker, clipPath, mask, filter) count where they are referenced. Names are compared
 * without their namespace prefix, so `x:href` and `svg:use` count like `href` and `use`
 * whatever the prefix is bound to.
 */
import { badField } from '../kernel/errors';

/** The most elements the drawn tree may hold, `<use>` and markers expanded. */
export const MAX_SVG_ELEMENTS = 10_000;
/** The deepest nesting of elements in the file. */
export const MAX_SVG_DEPTH = 64;
/** The longest chain of references (a `<use>` of a `<use>` of …). */
export const MAX_SVG_REFERENCE_DEPTH = 16;
/** The largest image embedded as a data: URL, in pixels per side, and all of them together. */
export const MAX_EMBEDDED_SIDE = 2048;
export const MAX_EMBEDDED_PIXELS = 2048 * 2048;

export const logoRefusal = (message: string) => badField('logo', message);

interface Element {
  /** The local name (after any prefix). */
  name: string;
  attrs: [name: string, value: string][];
  children: number[];
  /** Characters of text drawn as glyphs (inside a <text>). */
  glyphs: number;
  /** A <style> element's text. */
  sheet: string;
}

/** Drawn only where something references them: their content counts there. */
const REFERENCED_ONLY = new Set([
  'defs',
  'symbol',
  'pattern',
  'marker',
  'clipPath',
  'mask',
  'filter',
  'linearGradient',
  'radialGradient',
]);
const MARKER_PROPERTIES = new Set(['marker', 'marker-start', 'marker-mid', 'marker-end']);
const URL_REF = /url\(\s*["']?\s*#([^"')\s]+)/g;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1);

/** Entity and character references resolved, as the XML parser will. */
function unescape(text: string): string {
  return text.replace(/&([^;&\s]*);?/g, (whole, ref: string) => {
    if (!whole.endsWith(';')) throw logoRefusal('is not well-formed XML (a bare &)');
    const code = /^#x[0-9a-f]+$/i.test(ref)
      ? parseInt(ref.slice(2), 16)
      : /^#[0-9]+$/.test(ref)
        ? parseInt(ref.slice(1), 10)
        : undefined;
    if (code !== undefined && code > 0 && code <= 0x10ffff) return String.fromCodePoint(code);
    const named = PREDEFINED[ref];
    if (named === undefined) throw logoRefusal('must not use entities other than XML’s own');
    return named;
  });
}

const ATTRIBUTE = /\s+([^\s=/>"']+)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;

/** The elements of the file in document order (0 is the root), or a 400 naming `logo`. */
function parse(text: string): Element[] {
  const elements: Element[] = [];
  const open: number[] = [];
  let textDepth = 0;
  let rootClosed = false;
  let at = 0;
  const notWellFormed = () => logoRefusal('is not well-formed XML');
  while (at < text.length) {
    const lt = text.indexOf('<', at);
    const chars = text.slice(at, lt === -1 ? text.length : lt);
    if (chars.trim() !== '') {
      if (open.length === 0) throw notWellFormed();
      const current = elements[open[open.length - 1]!]!;
      const value = unescape(chars);
      if (current.name === 'style') current.sheet += value;
      if (textDepth > 0) current.glyphs += value.length;
    }
    if (lt === -1) break;
    if (text.startsWith('<!--', lt)) {
      const end = text.indexOf('-->', lt + 4);
      if (end === -1) throw notWellFormed();
      at = end + 3;
    } else if (text.startsWith('<![CDATA[', lt)) {
      const end = text.indexOf(']]>', lt);
      if (end === -1 || open.length === 0) throw notWellFormed();
      const current = elements[open[open.length - 1]!]!;
      const value = text.slice(lt + 9, end);
      if (current.name === 'style') current.sheet += value;
      if (textDepth > 0) current.glyphs += value.length;
      at = end + 3;
    } else if (text.startsWith('<!', lt)) {
      throw logoRefusal('must not have a DOCTYPE or entities');
    } else if (text.startsWith('<?', lt)) {
      const end = text.indexOf('?>', lt);
      if (end === -1) throw notWellFormed();
      at = end + 2;
    } else if (text.startsWith('</', lt)) {
      const end = text.indexOf('>', lt);
      const name = text.slice(lt + 2, end).trim();
      const index = open.pop();
      if (end === -1 || index === undefined || localName(name) !== elements[index]!.name)
        throw notWellFormed();
      if (elements[index]!.name === 'text') textDepth--;
      if (open.length === 0) rootClosed = true;
      at = end + 1;
    } else {
      if (rootClosed) throw notWellFormed();
      at = startTag(text, lt, elements, open);
      const element = elements[elements.length - 1]!;
      if (element.name === 'text' && open[open.length - 1] === elements.length - 1) textDepth++;
      // A root that closes itself (<svg/>) is the whole document.
      if (open.length === 0) rootClosed = true;
    }
  }
  if (!rootClosed || open.length > 0) throw notWellFormed();
  return elements;
}

/** Reads the start tag at `lt` into `elements`; returns where the tag ends. */
function startTag(text: string, lt: number, elements: Element[], open: number[]): number {
  const name = /^[^\s/>]+/.exec(text.slice(lt + 1, lt + 200))?.[0];
  if (!name) throw logoRefusal('is not well-formed XML');
  const element: Element = { name: localName(name), attrs: [], children: [], glyphs: 0, sheet: '' };
  let at = lt + 1 + name.length;
  for (;;) {
    ATTRIBUTE.lastIndex = at;
    const match = ATTRIBUTE.exec(text);
    if (!match) break;
    element.attrs.push([match[1]!, unescape(match[2] ?? match[3] ?? '')]);
    at = ATTRIBUTE.lastIndex;
  }
  const close = /^\s*(\/?)>/.exec(text.slice(at, at + 200));
  if (!close) throw logoRefusal('is not well-formed XML');
  const index = elements.push(element) - 1;
  const parent = open[open.length - 1];
  if (parent !== undefined) elements[parent]!.children.push(index);
  else if (index !== 0) throw logoRefusal('is not well-formed XML');
  if (close[1] !== '/') {
    open.push(index);
    if (open.length > MAX_SVG_DEPTH)
      throw logoRefusal(`must not nest elements more than ${MAX_SVG_DEPTH} deep`);
  }
  return at + close[0].length;
}

/** Vertices a marker may be drawn at: every number and command of the shape's geometry. */
function vertices(element: Element): number {
  let count = 0;
  for (const [name, value] of element.attrs)
    if (name === 'd' || name === 'points')
      count += value.match(/[a-df-z]|[0-9.]+(?:e[-+]?[0-9]+)?/gi)?.length ?? 0;
  return count + 1;
}

/** The declarations of a style attribute or sheet, as [property, value]. */
const declarations = (css: string): [string, string][] =>
  [...css.matchAll(/([-\w]+)\s*:\s*([^;{}]*)/g)].map((m) => [m[1]!.toLowerCase(), m[2]!]);

const urlTargets = (value: string) => [...value.matchAll(URL_REF)].map((m) => m[1]!);

interface Measure {
  /** Elements (and glyphs) in the drawn tree. */
  size: number;
  /** Vertices of the shapes in it, where an inherited marker would be copied. */
  vertices: number;
  /** The longest chain of references followed from it. */
  chain: number;
}

function measureTree(elements: Element[]) {
  const byId = new Map<string, number[]>();
  elements.forEach((element, index) => {
    for (const [name, value] of element.attrs)
      if (localName(name) === 'id' && !name.startsWith('xmlns')) {
        const same = byId.get(value);
        if (same) same.push(index);
        else byId.set(value, [index]);
      }
  });
  const done = new Map<number, Measure>();
  const measuring = new Set<number>();
  const painted = new Set<string>();
  const tooMany = () =>
    logoRefusal(
      `must not have more than ${MAX_SVG_ELEMENTS} elements once <use> and markers are expanded ` +
        '(nested or repeated <use> copies multiply)',
    );

  const targets = new Map<string, Measure>();
  /** The largest of the elements with this id (duplicates: whichever resvg picks). */
  const target = (id: string, depth: number): Measure => {
    const known = targets.get(id);
    if (known) return known;
    const worst: Measure = { size: 0, vertices: 0, chain: 0 };
    for (const index of byId.get(id) ?? []) {
      const m = measure(index, depth + 1);
      worst.size = Math.max(worst.size, m.size);
      worst.vertices = Math.max(worst.vertices, m.vertices);
      worst.chain = Math.max(worst.chain, m.chain + 1);
    }
    if (worst.chain > MAX_SVG_REFERENCE_DEPTH)
      throw logoRefusal(`must not chain references more than ${MAX_SVG_REFERENCE_DEPTH} deep`);
    targets.set(id, worst);
    return worst;
  };

  function measure(index: number, depth: number): Measure {
    const known = done.get(index);
    if (known) return known;
    if (depth > MAX_SVG_REFERENCE_DEPTH)
      throw logoRefusal(`must not chain references more than ${MAX_SVG_REFERENCE_DEPTH} deep`);
    if (measuring.has(index)) throw logoRefusal('must not reference itself');
    measuring.add(index);
    const element = elements[index]!;
    let size = 1 + element.glyphs;
    let shapeVertices = vertices(element);
    let chain = 0;
    for (const child of element.children) {
      if (REFERENCED_ONLY.has(elements[child]!.name)) size += 1;
      else {
        const m = measure(child, depth);
        size += m.size;
        shapeVertices += m.vertices;
        chain = Math.max(chain, m.chain);
      }
    }
    const markers: string[] = [];
    for (const [name, value] of element.attrs) {
      const local = localName(name);
      if (local === 'href' && !name.startsWith('xmlns') && element.name !== 'a') {
        if (value.trim().startsWith('#')) {
          const m = target(value.trim().slice(1), depth);
          size += m.size;
          shapeVertices += m.vertices;
          chain = Math.max(chain, m.chain);
        }
      } else if (local === 'style') {
        for (const [property, css] of declarations(value))
          for (const id of urlTargets(css))
            if (MARKER_PROPERTIES.has(property)) markers.push(id);
            else painted.add(id);
      } else if (MARKER_PROPERTIES.has(local)) markers.push(...urlTargets(value));
      else for (const id of urlTargets(value)) painted.add(id);
    }
    for (const id of markers) {
      const m = target(id, depth);
      size += m.size * shapeVertices;
      chain = Math.max(chain, m.chain);
    }
    if (size > MAX_SVG_ELEMENTS) throw tooMany();
    measuring.delete(index);
    const result = { size, vertices: shapeVertices, chain };
    done.set(index, result);
    return result;
  }

  return { measure, target, painted, tooMany };
}

/**
 * The drawn tree's size: the root's, plus each pattern, clip path, mask or filter once (resvg
 * converts each once, however many elements use it), plus markers a style sheet sets, copied
 * onto every vertex of the file.
 */
function drawnSize(elements: Element[]): number {
  const { measure, target, painted, tooMany } = measureTree(elements);
  const root = measure(0, 0);
  let size = root.size;
  for (const id of painted) size += target(id, 0).size;
  for (const element of elements)
    for (const [property, css] of declarations(element.sheet)) {
      for (const id of urlTargets(css))
        size += target(id, 0).size * (MARKER_PROPERTIES.has(property) ? root.vertices : 1);
    }
  if (size > MAX_SVG_ELEMENTS) throw tooMany();
  return size;
}

/** The width and height a PNG or JPEG says it has, or undefined for anything else. */
export function rasterSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (
    bytes.length >= 24 &&
    bytes.readUInt32BE(0) === 0x89504e47 &&
    bytes.readUInt32BE(12) === 0x49484452
  )
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  // JPEG: the first frame header (SOFn) before the scan; other segments are skipped by length.
  let at = 2;
  while (at + 9 < bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    if (marker === 0xda) return undefined;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return undefined;
}

/** The bytes of a data: URL (base64 or percent-encoded), or undefined when it is not one. */
function dataUrlBytes(url: string): Buffer | undefined {
  const comma = url.indexOf(',');
  if (comma === -1) return undefined;
  const payload = url.slice(comma + 1);
  if (/;base64$/i.test(url.slice(0, comma))) return Buffer.from(payload, 'base64');
  try {
    return Buffer.from(decodeURIComponent(payload), 'latin1');
  } catch {
    return undefined;
  }
}

/**
 * An `<image>` (or `<feImage>`) may show only a PNG or JPEG inside the file: resvg would read a
 * path or file: URL from this machine's disk, and draw another SVG without these limits.
 */
function checkImages(elements: Element[]): void {
  let pixels = 0;
  for (const element of elements) {
    if (element.name !== 'image' && element.name !== 'feImage') continue;
    for (const [name, raw] of element.attrs) {
      if (localName(name) !== 'href' || name.startsWith('xmlns')) continue;
      const value = raw.trim();
      if (value.startsWith('#') && element.name === 'feImage') continue;
      const bytes = /^data:/i.test(value) ? dataUrlBytes(value) : undefined;
      if (!bytes)
        throw logoRefusal(
          'must not refer to files or addresses: an <image> may only embed a PNG or JPEG (data: URL)',
        );
      const size = rasterSize(bytes);
      if (!size) throw logoRefusal('may embed only PNG or JPEG images');
      pixels += size.width * size.height;
      if (
        size.width > MAX_EMBEDDED_SIDE ||
        size.height > MAX_EMBEDDED_SIDE ||
        pixels > MAX_EMBEDDED_PIXELS
      )
        throw logoRefusal(
          `may embed images of at most ${MAX_EMBEDDED_SIDE}×${MAX_EMBEDDED_SIDE} pixels in all`,
        );
    }
  }
}

/**
 * The SVG's text if it may be drawn: UTF-8, well-formed, `<svg>` at its root, within the
 * limits above; otherwise a 400 naming `logo`. Returns the drawn tree's element count.
 */
export function measureSvg(bytes: Buffer): { text: string; elements: number } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw logoRefusal('must be an SVG in UTF-8');
  }
  text = text.replace(/^\uFEFF/, '');
  const elements = parse(text);
  if (elements[0]?.name !== 'svg')
    throw logoRefusal('must be an SVG image (its root element <svg>)');
  checkImages(elements);
  return { text, elements: drawnSize(elements) };
}
