/**
 * What every route of a hosted page needs around it: no caching, framing or foreign loads on
 * any response (redirects and errors included), and no form accepted from another site, so no
 * other page can approve a payment, save a card or authorise a contract in the customer's name.
 */
import type { Context, Hono } from 'hono';
import { securityHeaders } from './render-page';

/** Where the service says it is reached (the service context is one): its own forms come from there. */
export interface PageOrigin {
  publicUrl(): string;
}

/** Guards every route matching `pattern` (e.g. '/pay/*'); call it before adding the routes. */
export function guardHostedPages(app: Hono, ctx: PageOrigin, pattern: string): void {
  app.use(pattern, async (c, next) => {
    if (c.req.method === 'POST' && crossSite(c, ctx)) {
      return c.text('Forms on this page can only be sent from this page.', 403, securityHeaders());
    }
    await next();
    for (const [name, value] of Object.entries(securityHeaders()))
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  });
}

/**
 * True when a form was posted from another site (Origin or Fetch Metadata says so). `Origin: null`
 * is what a browser sends for a post from an opaque origin: a sandboxed frame, a `data:` or
 * `file:` page, or after a redirect that crossed sites. It names no site of ours, so it is
 * refused unless Fetch Metadata vouches for the post (`same-origin`); a browser old enough to
 * send no Sec-Fetch-Site would let such a page post in the customer's name otherwise.
 */
export function crossSite(c: Context, ctx: PageOrigin): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = c.req.header('origin');
  if (origin === 'null') return site !== 'same-origin';
  if (!origin) return false;
  try {
    const host = new URL(origin).host;
    return host !== c.req.header('host') && host !== new URL(ctx.publicUrl()).host;
  } catch {
    return true;
  }
}
