/**
 * The HTML part of a customer's e-mail: the same words as its text, in a document that says
 * which language they are in (`lang`) and which way they run (`dir="rtl"` for Arabic), so a mail
 * client lays Arabic out right to left and a screen reader reads it in its own voice. The outbox
 * keeps no language of its own (a message is its subject and body), so the language is read back
 * from the subject: every customer e-mail's subject is a message of the catalogue, and a subject
 * that is none (an alert to the merchant) is English.
 */
import { CATALOGUE, LANGUAGES, language, type LanguageCode } from '../../shared/i18n';

const SUBJECTS = [
  'mail.approveSubject',
  'mail.revokeSubject',
  'mail.payCodeSubject',
  'mail.saveCardSubject',
] as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let patterns: { lang: LanguageCode; subject: RegExp }[] | undefined;

/** The language a subject is written in: the one whose subject message it matches. */
export function subjectLanguage(subject: string): LanguageCode {
  patterns ??= LANGUAGES.flatMap(({ code }) =>
    SUBJECTS.map((key) => ({
      lang: code,
      // Each `{argument}` (a shop's or a contract's name) stands for any text.
      subject: new RegExp(
        `^${escapeRegExp(CATALOGUE[code][key]).replace(/\\\{\w+\\\}/g, '.+?')}$`,
        's',
      ),
    })),
  );
  return patterns.find((p) => p.subject.test(subject))?.lang ?? 'en';
}

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
export function mailHtml(subject: string, body: string): string {
  const lang = subjectLanguage(subject);
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
