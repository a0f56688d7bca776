/** Text that users typed (notes, merchant names, order ids) going into SVG documents. */

// Characters XML 1.0 forbids even when escaped; one of them would make the whole image unparseable.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Safe inside both element content and quoted attribute values. */
export function escapeXml(text: string): string {
  return text.replace(FORBIDDEN, '').replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);
}
