/**
 * What the service's own pages share about their language: each page in the customer's language
 * with no word outside the catalogue, and, before the customer chooses, the merchant's language
 * (its kiosk settings' `displayLanguage`), then the browser's, then English.
 */
import { expect } from 'vitest';
import type { LanguageCode } from '../../src/shared/i18n';
import { catalogueMatcher, pageTexts } from './catalogue-match';
import type { Harness } from './service';

/**
 * `html` is a page in `lang`: its <html> says so (right to left in Arabic), every text is the
 * catalogue's or one of `names`, and it offers the language control, each language in its own name.
 */
export function expectPageIn(lang: LanguageCode, html: string, what: string, names: string[]) {
  const dir = lang === 'ar' ? ' dir="rtl"' : '';
  expect(html, what).toContain(`<html lang="${lang}"${dir}>`);
  const known = catalogueMatcher(lang, names);
  expect(
    pageTexts(html).filter((text) => !known(text)),
    what,
  ).toEqual([]);
  expect(html, what).toContain('data-testid="page-languages"');
  expect(html, what).toContain('lang="ar" hreflang="ar" dir="rtl"');
}

/** The language the page at `url` answers in (its <html lang>), and the answer, for its cookie. */
export async function languageOf(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { redirect: 'manual', headers });
  return { lang: /<html lang="([^"]+)"/.exec(await res.text())?.[1], res };
}

/** Runs `check` while the merchant's kiosk settings set `lang` for its customers; none after. */
export async function whileMerchantSets(h: Harness, lang: string, check: () => Promise<void>) {
  const put = await h.call('PUT', '/api/kiosk-settings', { settings: { displayLanguage: lang } });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  try {
    await check();
  } finally {
    await h.call('PUT', '/api/kiosk-settings', { settings: {} });
  }
}

/** With no merchant language, the page at `url` is in the browser's first language the catalogue has, else English. */
export async function expectBrowsersThenEnglish(url: string) {
  expect((await languageOf(url, { 'accept-language': 'xx, pl;q=0.9, en;q=0.5' })).lang).toBe('pl');
  expect((await languageOf(url, { 'accept-language': 'ja' })).lang).toBe('en-GB');
}
