/**
 * Words a page shows that were decided before it knew its language: a refusal from a form check,
 * a network's reason for a failure, a message built with amounts. A step either says it in
 * English (the catalogue's English text without arguments is recognised and translated) or
 * hands over a function of the language.
 */
import { CATALOGUE, t, type LanguageCode, type MessageKey } from '../../shared/i18n';

export type Said = string | ((lang: LanguageCode) => string);

let english: Map<string, MessageKey> | undefined;

/** The catalogue's key of an English text without arguments, if it is one. */
export function keyOfEnglish(text: string): MessageKey | undefined {
  if (!english) {
    english = new Map();
    for (const [key, message] of Object.entries(CATALOGUE.en) as [MessageKey, string][])
      if (!message.includes('{') && !english.has(message)) english.set(message, key);
  }
  return english.get(text);
}

/**
 * `said` in `lang`. An English text the catalogue does not have stays as it is on an English
 * page; on another page it becomes `otherwise` (when given), so no English is left there.
 */
export function sayIn(lang: LanguageCode, said: Said, otherwise?: MessageKey): string {
  if (typeof said === 'function') return said(lang);
  const key = keyOfEnglish(said);
  if (key) return t(lang, key);
  return lang === 'en' || !otherwise ? said : t(lang, otherwise);
}
