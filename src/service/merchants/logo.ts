/**
 * Checking a merchant's logo before it is stored (docs/security.md, "The merchant's logo"). The
 * logo is shown on public pages of this service's origin, so an SVG able to run script or load
 * anything would be script on that origin, or a tracker: such an SVG is refused, never
 * rewritten, so what is stored is exactly what the merchant sent and checked. PNG is checked by
 * its signature, so no other file passes as one.
 */
import { MAX_LOGO_BYTES, type LogoType } from '../../shared/contract/merchants';
import { ApiError } from '../kernel/errors';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export interface Logo {
  contentType: LogoType;
  bytes: Buffer;
}

/**
 * What an SVG logo may not hold, each with the words of its refusal. Matched on the text as
 * sent, case-insensitively; anything an entity or a namespace prefix could hide is covered by a
 * wider rule (every DOCTYPE and entity is refused, every href must point inside the file).
 */
const SVG_REFUSALS: [RegExp, string][] = [
  [/<!DOCTYPE|<!ENTITY/i, 'must not have a DOCTYPE or entities'],
  [/<\?xml-stylesheet/i, 'must not link a stylesheet'],
  [/<([\w-]+:)?script[\s>/]/i, 'must not contain script'],
  [/<([\w-]+:)?foreignObject[\s>/]/i, 'must not contain foreignObject'],
  [
    /<([\w-]+:)?(iframe|embed|object|audio|video|handler|listener)[\s>/]/i,
    'must not embed content',
  ],
  [/[\s"'/]on[a-z]+\s*=/i, 'must not have event handler attributes (on...)'],
  [/javascript:|vbscript:|data:\s*text\/html/i, 'must not contain javascript: URLs'],
  // href, xlink:href and src may only name something inside the file (#id).
  [
    /[\s"'/]((xlink:)?href|src)\s*=\s*(["'])(?!#)/i,
    'must not reference anything outside itself (href only to #id)',
  ],
  [/url\(\s*(["']?)(?!#)/i, 'must not reference anything outside itself (url() only to #id)'],
  [/@import/i, 'must not import stylesheets'],
];

const refuse = (message: string) =>
  new ApiError(400, `logo: ${message}`, [{ field: 'logo', message }]);

/** The logo in a data URL the contract has already matched, or a 400 naming `logo`. */
export function checkLogo(dataUrl: string): Logo {
  const comma = dataUrl.indexOf(',');
  const contentType = dataUrl.slice('data:'.length, dataUrl.indexOf(';')) as LogoType;
  const bytes = Buffer.from(dataUrl.slice(comma + 1), 'base64');
  if (bytes.length === 0) throw refuse('must not be empty');
  if (bytes.length > MAX_LOGO_BYTES)
    throw refuse(`must be at most ${MAX_LOGO_BYTES / 1024} KiB (it is ${bytes.length} bytes)`);
  if (contentType === 'image/png') {
    if (!PNG_SIGNATURE.every((b, i) => bytes[i] === b))
      throw refuse('is not a PNG image (its first bytes are not the PNG signature)');
    return { contentType, bytes };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refuse('must be an SVG in UTF-8');
  }
  // The root element, after an optional XML declaration and comments, must be <svg>.
  const body = text.replace(/^\uFEFF?\s*(<\?xml[^?]*\?>\s*)?(<!--[\s\S]*?-->\s*)*/, '');
  if (!/^<svg[\s>]/.test(body)) throw refuse('must be an SVG image (its root element <svg>)');
  for (const [pattern, message] of SVG_REFUSALS) if (pattern.test(text)) throw refuse(message);
  return { contentType, bytes };
}
