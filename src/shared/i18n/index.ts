/**
 * The customer's languages: the message catalogue of the customer display and the hosted pages
 * a customer opens (ICU message format through FormatJS's intl-messageformat), with money and
 * numbers written as each language writes them (Intl). The staff console is not translated: it
 * stays in the shop's language.
 *
 * To add a message: add its key and English text to messages/en.ts (en-pay.ts for the payment
 * page's steps after the method choice, en-links.ts for the card-saving and account-linking
 * pages, en-agent.ts for Agent Pay's pages and the e-mails and text messages), then the same
 * key to every other language's file (the type and i18n.test.ts refuse a language without it),
 * and call
 * `t(language, 'the.key', { argument })`.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { ar } from './messages/ar';
import { cy } from './messages/cy';
import { de } from './messages/de';
import { en, type MessageKey as DisplayKey } from './messages/en';
import { es } from './messages/es';
import { fr } from './messages/fr';
import { pl } from './messages/pl';
import { uk } from './messages/uk';
import { zhHans } from './messages/zh-Hans';
import { arPay } from './messages/ar-pay';
import { cyPay } from './messages/cy-pay';
import { dePay } from './messages/de-pay';
import { enPay, type PayMessageKey } from './messages/en-pay';
import { esPay } from './messages/es-pay';
import { frPay } from './messages/fr-pay';
import { plPay } from './messages/pl-pay';
import { ukPay } from './messages/uk-pay';
import { zhHansPay } from './messages/zh-Hans-pay';
import { arLinks } from './messages/ar-links';
import { cyLinks } from './messages/cy-links';
import { deLinks } from './messages/de-links';
import { enLinks, type LinkMessageKey } from './messages/en-links';
import { esLinks } from './messages/es-links';
import { frLinks } from './messages/fr-links';
import { plLinks } from './messages/pl-links';
import { ukLinks } from './messages/uk-links';
import { zhHansLinks } from './messages/zh-Hans-links';
import { arAgent } from './messages/ar-agent';
import { cyAgent } from './messages/cy-agent';
import { deAgent } from './messages/de-agent';
import { enAgent, type AgentMessageKey } from './messages/en-agent';
import { esAgent } from './messages/es-agent';
import { frAgent } from './messages/fr-agent';
import { plAgent } from './messages/pl-agent';
import { ukAgent } from './messages/uk-agent';
import { zhHansAgent } from './messages/zh-Hans-agent';

/**
 * Every message: the display's and first pages' (messages/en.ts), the payment steps' (en-pay.ts),
 * the card-saving and account-linking pages' (en-links.ts), Agent Pay's pages and the messages
 * sent to customers (en-agent.ts).
 */
export type MessageKey = DisplayKey | PayMessageKey | LinkMessageKey | AgentMessageKey;
export type Messages = Record<MessageKey, string>;

export interface Language {
  /** The code pages and stores carry (BCP 47). */
  code: string;
  /** Its name in its own language, as the language control shows it: never a flag. */
  name: string;
  /** How it writes numbers, money and dates (Arabic with Arabic-Indic digits). */
  numberLocale: string;
  /** The voice `speechSynthesis` is asked for. */
  speechLang: string;
  dir: 'ltr' | 'rtl';
}

export const LANGUAGES = [
  { code: 'en', name: 'English', numberLocale: 'en-GB', speechLang: 'en-GB', dir: 'ltr' },
  { code: 'cy', name: 'Cymraeg', numberLocale: 'cy-GB', speechLang: 'cy-GB', dir: 'ltr' },
  { code: 'es', name: 'Español', numberLocale: 'es-ES', speechLang: 'es-ES', dir: 'ltr' },
  { code: 'fr', name: 'Français', numberLocale: 'fr-FR', speechLang: 'fr-FR', dir: 'ltr' },
  { code: 'de', name: 'Deutsch', numberLocale: 'de-DE', speechLang: 'de-DE', dir: 'ltr' },
  { code: 'pl', name: 'Polski', numberLocale: 'pl-PL', speechLang: 'pl-PL', dir: 'ltr' },
  { code: 'uk', name: 'Українська', numberLocale: 'uk-UA', speechLang: 'uk-UA', dir: 'ltr' },
  { code: 'zh-Hans', name: '简体中文', numberLocale: 'zh-CN', speechLang: 'zh-CN', dir: 'ltr' },
  { code: 'ar', name: 'العربية', numberLocale: 'ar-EG', speechLang: 'ar-EG', dir: 'rtl' },
] as const satisfies readonly Language[];

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as [LanguageCode, ...LanguageCode[]];
export const DEFAULT_LANGUAGE: LanguageCode = 'en';

export const CATALOGUE: Record<LanguageCode, Messages> = {
  en: { ...en, ...enPay, ...enLinks, ...enAgent },
  cy: { ...cy, ...cyPay, ...cyLinks, ...cyAgent },
  es: { ...es, ...esPay, ...esLinks, ...esAgent },
  fr: { ...fr, ...frPay, ...frLinks, ...frAgent },
  de: { ...de, ...dePay, ...deLinks, ...deAgent },
  pl: { ...pl, ...plPay, ...plLinks, ...plAgent },
  uk: { ...uk, ...ukPay, ...ukLinks, ...ukAgent },
  'zh-Hans': { ...zhHans, ...zhHansPay, ...zhHansLinks, ...zhHansAgent },
  ar: { ...ar, ...arPay, ...arLinks, ...arAgent },
};

/**
 * The catalogue's language for a tag a page, cookie or store gives (`ar-EG` → `ar`, `zh-CN` →
 * `zh-Hans`); null for a language the catalogue does not have.
 */
export function languageOf(tag: string | null | undefined): LanguageCode | null {
  if (!tag) return null;
  const lower = tag.trim().toLowerCase();
  const exact = LANGUAGE_CODES.find((code) => code.toLowerCase() === lower);
  if (exact) return exact;
  const base = lower.split(/[-_]/)[0];
  if (base === 'zh') return /hant|tw|hk|mo/.test(lower) ? null : 'zh-Hans';
  return LANGUAGE_CODES.find((code) => code === base) ?? null;
}

export function language(code: LanguageCode): Language {
  return LANGUAGES.find((l) => l.code === code) ?? LANGUAGES[0];
}

const formats = new Map<string, IntlMessageFormat>();

/** A message of the catalogue in `lang`, its arguments filled in (numbers as `lang` writes them). */
export function t(
  lang: LanguageCode,
  key: MessageKey,
  values?: Record<string, string | number>,
): string {
  const id = `${lang}\u0000${key}`;
  let format = formats.get(id);
  if (!format) {
    format = new IntlMessageFormat(CATALOGUE[lang][key], language(lang).numberLocale);
    formats.set(id, format);
  }
  return String(format.format(values));
}

/**
 * An amount of money as `lang` writes it: `£12.50`, `12,50 £`, `‏١٢٫٥٠ £`. A symbol some
 * locales qualify with Latin letters (Arabic's `UK£`) is shown bare: the shop's own currency
 * needs no country, and the letters would be the one part of the screen not in Arabic.
 */
export function formatMoney(lang: LanguageCode, pence: number, currency = 'GBP'): string {
  return new Intl.NumberFormat(language(lang).numberLocale, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
  })
    .formatToParts(pence / 100)
    .map((part) =>
      part.type === 'currency' ? part.value.replace(/^[A-Za-z]+(?=\p{Sc})/u, '') : part.value,
    )
    .join('');
}

/** Digits in a fixed text (a countdown's `04:59`) written with `lang`'s own digits. */
export function localDigits(lang: LanguageCode, text: string): string {
  const digits = new Intl.NumberFormat(language(lang).numberLocale, { useGrouping: false });
  return text.replace(/\d/g, (d) => digits.format(Number(d)));
}

/** A percentage as `lang` writes it: `10%`, `10 %`, `١٠٪؜`. */
export function formatPercent(lang: LanguageCode, percent: number): string {
  return new Intl.NumberFormat(language(lang).numberLocale, { style: 'percent' }).format(
    percent / 100,
  );
}
