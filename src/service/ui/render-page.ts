/**
 * Sending a hosted page: a fresh CSP nonce per response, the page rendered with it (hono/jsx
 * escapes every text and attribute value), and the security headers every response under a
 * hosted page carries, redirects included.
 */
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { jsx } from 'hono/jsx';
import type { JSX } from 'hono/jsx/jsx-runtime';
import { DEFAULT_LANGUAGE, languageOf, type LanguageCode } from '../../shared/i18n';
import { pageSecurityHeaders } from './html';
import { PageLanguage, PageNonce } from './shell';

/** A whole page: a <PageShell> element (or a component that renders one). */
export type HostedPage = JSX.Element;

/**
 * Headers on every hosted-page response: its forms post only back to the page itself, and to
 * `formTargets` (origins), where a page's last form redirects to.
 */
export const securityHeaders = (nonce?: string, formTargets: string[] = []) =>
  pageSecurityHeaders({ nonce, formAction: "'self'", formTargets, referrerPolicy: 'same-origin' });

export type ChosenLanguage = Parameters<typeof PageLanguage.Provider>[0]['value'];

/** The page as HTML text, its shell's stylesheet and script carrying `nonce`. */
export function renderPage(page: HostedPage, nonce: string, language?: ChosenLanguage): string {
  const inLanguage = language ? jsx(PageLanguage.Provider, { value: language }, page) : page;
  const html = jsx(PageNonce.Provider, { value: nonce }, inLanguage).toString();
  // Hosted pages are synchronous components; an async one would render as a Promise here.
  if (typeof html !== 'string') throw new Error('Hosted pages must render synchronously');
  return html;
}

const LANGUAGE_COOKIE = 'lang';

/** The shop's language for the page a request is for, told by the area that knows the shop. */
const shopLanguages = new WeakMap<Request, LanguageCode>();

/** Tells the page this request renders which language its shop set (a BCP 47 tag, or null). */
export function setShopLanguage(c: Context, tag: string | null): void {
  const lang = languageOf(tag);
  if (lang) shopLanguages.set(c.req.raw, lang);
}

/**
 * What reads the language a merchant set for its customers at the merchant's own level (the
 * kiosk settings' `displayLanguage`), for what belongs to no store: a link, a contract.
 */
export type MerchantLanguage = {
  shopLanguage(place: {
    merchant_id: string;
    environment: string;
    store_id: null;
    terminal_id: null;
  }): Promise<string | null>;
};

/** Tells the page this request renders the language `row`'s merchant set, when there is a row. */
export async function setMerchantLanguage(
  c: Context,
  ctx: MerchantLanguage,
  row: { merchant_id: string; environment: string } | null | undefined,
): Promise<void> {
  if (!row) return;
  const place = { merchant_id: row.merchant_id, environment: row.environment };
  setShopLanguage(c, await ctx.shopLanguage({ ...place, store_id: null, terminal_id: null }));
}

/** A page's own address where it is not `/{area}/{id}`, told by the area that serves it. */
const pageAddresses = new WeakMap<Request, string>();

/**
 * Tells the page this request renders its own address (e.g. `/bank/link/{id}`): the customer's
 * language choice is kept for it alone, and its language links start there after a form post.
 */
export function setPageAddress(c: Context, address: string): void {
  pageAddresses.set(c.req.raw, address);
}

/**
 * The catalogue's language the browser prefers most (`Accept-Language`, by its q weights), or
 * null when it names none the catalogue has.
 */
export function acceptedLanguage(header: string | undefined): LanguageCode | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), order };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const entry of ranked) {
    const lang = languageOf(entry.tag);
    if (lang) return lang;
  }
  return null;
}

/**
 * The customer's language on a hosted page: `?lang=` (the language control's links), kept in a
 * cookie whose path is this payment's (receipt's, link's) own address (`/{area}/{id}` unless the
 * area set another: setPageAddress), so the choice lasts while they pay and never follows them
 * to another payment. Before they choose: the shop's language (setShopLanguage), then their
 * browser's (`Accept-Language`), then English.
 */
export function pageLanguage(c: Context): ChosenLanguage {
  const url = new URL(c.req.url);
  const [, area, id] = url.pathname.split('/');
  const scope = pageAddresses.get(c.req.raw) ?? (area && id ? `/${area}/${id}` : '/');
  const asked = languageOf(c.req.query('lang'));
  if (asked)
    setCookie(c, LANGUAGE_COOKIE, asked, {
      path: scope,
      httpOnly: true,
      sameSite: 'Lax',
      secure: url.protocol === 'https:',
      maxAge: 60 * 60 * 24,
    });
  const lang =
    asked ??
    languageOf(getCookie(c, LANGUAGE_COOKIE)) ??
    shopLanguages.get(c.req.raw) ??
    acceptedLanguage(c.req.header('accept-language')) ??
    DEFAULT_LANGUAGE;
  return {
    lang,
    href(code) {
      // After a form was posted, the page's address may answer POST only: link its start.
      const link = new URL(c.req.method === 'GET' ? url.pathname + url.search : scope, url);
      link.searchParams.set('lang', code);
      return link.pathname + link.search;
    },
  };
}

/** Sends `page`; `formTargets`: origins its forms' redirects may go to (see securityHeaders). */
export function sendPage(
  c: Context,
  status: number,
  page: HostedPage,
  formTargets: string[] = [],
): Response {
  const nonce = randomBytes(16).toString('base64');
  return c.body(renderPage(page, nonce, pageLanguage(c)), status as 200, {
    ...securityHeaders(nonce, formTargets),
    'Content-Type': 'text/html; charset=utf-8',
  });
}

/** POST → 303 → GET, so a reload never submits a form twice. */
export function seeOther(c: Context, location: string): Response {
  return c.body(null, 303, { ...securityHeaders(), Location: location });
}
