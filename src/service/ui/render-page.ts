/**
 * Sending a hosted page: a fresh CSP nonce per response, the page rendered with it (hono/jsx
 * escapes every text and attribute value), and the security headers every response under a
 * hosted page carries, redirects included.
 */
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { jsx } from 'hono/jsx';
import type { JSX } from 'hono/jsx/jsx-runtime';
import { pageSecurityHeaders } from './html';
import { PageNonce } from './shell';

/** A whole page: a <PageShell> element (or a component that renders one). */
export type HostedPage = JSX.Element;

/** Headers on every hosted-page response: its forms post only back to the page itself. */
export const securityHeaders = (nonce?: string): Record<string, string> =>
  pageSecurityHeaders({ nonce, formAction: "'self'", referrerPolicy: 'same-origin' });

/** The page as HTML text, its shell's stylesheet and script carrying `nonce`. */
export function renderPage(page: HostedPage, nonce: string): string {
  const html = jsx(PageNonce.Provider, { value: nonce }, page).toString();
  // Hosted pages are synchronous components; an async one would render as a Promise here.
  if (typeof html !== 'string') throw new Error('Hosted pages must render synchronously');
  return html;
}

export function sendPage(c: Context, status: number, page: HostedPage): Response {
  const nonce = randomBytes(16).toString('base64');
  return c.body(renderPage(page, nonce), status as 200, {
    ...securityHeaders(nonce),
    'Content-Type': 'text/html; charset=utf-8',
  });
}

/** POST → 303 → GET, so a reload never submits a form twice. */
export function seeOther(c: Context, location: string): Response {
  return c.body(null, 303, { ...securityHeaders(), Location: location });
}
