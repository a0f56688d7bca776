import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import {
  CATALOGUE,
  LANGUAGES,
  formatMoney,
  language,
  languageOf,
  localDigits,
  t,
  type LanguageCode,
  type MessageKey,
} from './index';

const english = CATALOGUE.en;
const keys = Object.keys(english).sort() as MessageKey[];

/** Every argument a message uses (`{amount}`, a plural's `count`), nested ones included. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if ('value' in element && typeof element.value === 'string') into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
  }
  return into;
}

/** The plural forms each `{x, plural, …}` of a message offers. */
function pluralForms(elements: MessageFormatElement[], into: string[][] = []): string[][] {
  for (const element of elements) {
    if (element.type !== TYPE.plural && element.type !== TYPE.select) continue;
    if (element.type === TYPE.plural) into.push(Object.keys(element.options));
    for (const option of Object.values(element.options)) pluralForms(option.value, into);
  }
  return into;
}

describe.each(LANGUAGES.map((l) => [l.code, l] as const))('the %s catalogue', (code) => {
  const messages = CATALOGUE[code as LanguageCode];
  const needed = new Intl.PluralRules(language(code as LanguageCode).numberLocale).resolvedOptions()
    .pluralCategories;

  it('has every message English has, and no other', () => {
    expect(Object.keys(messages).sort()).toEqual(keys);
  });

  it.each(keys)('%s is valid ICU with the arguments English uses and every plural form', (key) => {
    const text = messages[key];
    expect(text.trim(), `${code} ${key} is blank`).not.toBe('');
    const ast = parse(text);
    expect([...argumentsOf(ast)].sort(), `${code} ${key}`).toEqual(
      [...argumentsOf(parse(english[key]))].sort(),
    );
    for (const forms of pluralForms(ast))
      for (const form of ['other', ...needed])
        expect(forms, `${code} ${key} lacks the "${form}" form`).toContain(form);
  });
});

describe('t', () => {
  it('picks the plural form each language needs', () => {
    expect(t('en', 'display.earlierItems', { count: 1 })).toBe('1 earlier item');
    expect(t('pl', 'display.earlierItems', { count: 3 })).toBe('3 wcześniejsze produkty');
    expect(t('pl', 'display.earlierItems', { count: 5 })).toBe('5 wcześniejszych produktów');
    expect(t('uk', 'hosted.peopleEach', { count: 2, amount: '£5' })).toBe('2 особи: по £5');
    expect(t('cy', 'hosted.peopleEach', { count: 2, amount: '£5' })).toBe('2 berson: £5 yr un');
    expect(t('ar', 'display.earlierItems', { count: 2 })).toBe('عنصران سابقان');
  });

  it('writes numbers as the language does: Arabic with Arabic-Indic digits', () => {
    expect(t('ar', 'display.earlierItems', { count: 5 })).toBe('٥ عناصر سابقة');
    expect(formatMoney('ar', 1250)).toBe('\u200f١٢٫٥٠\u00a0£');
    expect(formatMoney('pl', 123450)).toMatch(/^1\s?234,50\s£$/);
    expect(formatMoney('en', 1250)).toBe('£12.50');
    expect(localDigits('ar', '04:59')).toBe('٠٤:٥٩');
  });
});

describe('languageOf', () => {
  it('maps the tags pages, cookies and stores carry onto the catalogue', () => {
    expect(languageOf('ar-EG')).toBe('ar');
    expect(languageOf('zh-CN')).toBe('zh-Hans');
    expect(languageOf('ZH-hans')).toBe('zh-Hans');
    expect(languageOf('zh-TW')).toBeNull();
    expect(languageOf('en-GB')).toBe('en');
    expect(languageOf('cy')).toBe('cy');
    expect(languageOf('xx')).toBeNull();
    expect(languageOf(undefined)).toBeNull();
  });
});
