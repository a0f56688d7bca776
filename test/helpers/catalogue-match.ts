/**
 * Whether a text a page shows is in a language of the customer's catalogue (src/shared/i18n):
 * one of that language's messages (with any arguments filled in), a number or an amount, or a
 * name the page shows as it is (the shop's, a basket item's, a language's own name). The
 * browser's pages (test/e2e/catalogue-text.ts) and the rendered hosted pages
 * (src/service/hosted/languages.test.ts, the card-saving and bank-linking pages' tests) are
 * checked with it; `pageTexts` reads what a rendered page says.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { CATALOGUE, LANGUAGES, type LanguageCode } from '../../src/shared/i18n';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function pattern(elements: MessageFormatElement[]): string {
  return elements
    .map((element) => {
      if (element.type === TYPE.literal) return escape(element.value);
      if (element.type === TYPE.plural || element.type === TYPE.select)
        return `(?:${Object.values(element.options)
          .map((option) => pattern(option.value))
          .join('|')})`;
      return '.+?';
    })
    .join('');
}

/** Digits of any script, currency signs, spaces, marks of direction and punctuation only. */
const NUMERIC = /^[\p{N}\p{Sc}\p{Zs}\p{P}\u200e\u200f\u061c×+\-–—\s]*$/u;
const spaced = (text: string) => text.replace(/[\u00a0\u202f\s]+/g, ' ').trim();

export function catalogueMatcher(lang: LanguageCode, names: readonly string[] = []) {
  const messages = Object.values(CATALOGUE[lang]).map(
    (message) => new RegExp(`^${pattern(parse(spaced(message)))}$`, 'su'),
  );
  const own = new Set([...names, ...LANGUAGES.map((l) => l.name)].map(spaced));
  return (text: string) => {
    const plain = spaced(text);
    return (
      plain === '' ||
      NUMERIC.test(plain) ||
      own.has(plain) ||
      // A basket line: its quantity, then the item's own name.
      own.has(plain.replace(/^\p{N}+ × /u, '')) ||
      messages.some((message) => message.test(plain))
    );
  };
}

const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** What a customer reads or hears of a page: its title, text, alt, aria-label and title. */
export function pageTexts(html: string): string[] {
  const title = /<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '';
  const body = (/<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '').replace(
    /<(script|style|noscript)\b[\s\S]*?<\/\1>/g,
    '',
  );
  const attributes = [...body.matchAll(/\s(?:alt|aria-label|title|placeholder)="([^"]*)"/g)].map(
    (m) => m[1]!,
  );
  const texts = body.split(/<[^>]*>/);
  return [title, ...attributes, ...texts].map(decode).filter((text) => text.trim() !== '');
}
