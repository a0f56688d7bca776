/**
 * The HTML part of a customer's e-mail: the same words as its text, in a document that says
 * which language they are in (`lang`) and which way they run (`dir="rtl"` for Arabic), so a mail
 * client lays Arabic out right to left and a screen reader reads it in its own voice. The
 * language is the one the message was written in, kept with it in the outbox.
 */
import { language, type LanguageCode } from '../../shared/i18n';

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** One paragraph of the text: escaped first, then its addresses made links, its lines kept. */
function paragraph(text: string): string {
  const html = escapeHtml(text)
    .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
    .replace(/\n/g, '<br>');
  return `<p>${html}</p>`;
}

/** The e-mail as an HTML document in its language, every value in it escaped. */
export function mailHtml(lang: LanguageCode, subject: string, body: string): string {
  const tag = lang === 'en' ? 'en-GB' : lang;
  const dir = language(lang).dir;
  return [
    '<!doctype html>',
    `<html lang="${tag}" dir="${dir}">`,
    '<head><meta charset="utf-8">',
    `<title>${escapeHtml(subject)}</title></head>`,
    `<body>${body
      .split(/\n{2,}/)
      .map(paragraph)
      .join('')}</body>`,
    '</html>',
  ].join('\n');
}
