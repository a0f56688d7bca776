/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * The page shell every hosted page renders into: doctype, head (charset, viewport, referrer,
 * title, favicon, the nonce'd stylesheet), the sandbox bar, an optional third party's name bar,
 * <main>, the footer, and at most one small nonce'd script. The nonce comes from the response
 * being sent (see render-page.ts), so a page never makes or passes one itself.
 */
import type { Child } from 'hono/jsx';
import { createContext, useContext } from 'hono/jsx';
import { raw } from 'hono/html';
import { HOSTED_STYLES } from './styles';

/** The CSP nonce of the response being rendered; render-page.ts provides it. */
export const PageNonce = createContext('');

export type Theme = 'shop' | 'bank' | 'issuer';

export interface ShellProps {
  title: string;
  /** Shows the "Sandbox: no real money moves" bar. */
  sandbox: boolean;
  /** The bank's and the card issuer's pages look like someone else's site on purpose. */
  theme?: Theme;
  /** A third party's name in a bar above the page (the bank, the card issuer). */
  brand?: string;
  /** The footer line; by default "Secure payment page · Counter" (or the brand's sandbox note). */
  footer?: string;
  /** Extra head elements, e.g. a meta refresh. */
  head?: Child;
  /**
   * A fixed script (a constant of the calling module, never built from data) run with the
   * page's nonce. Progressive enhancement only: the page must work without it.
   */
  script?: string;
  children?: Child;
}

export function PageShell(props: ShellProps) {
  const nonce = useContext(PageNonce);
  return (
    <>
      {raw('<!doctype html>')}
      <html lang="en-GB">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="referrer" content="same-origin" />
          <title>{props.title}</title>
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
          <link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48" />
          {props.head}
          <style nonce={nonce} dangerouslySetInnerHTML={{ __html: HOSTED_STYLES }} />
        </head>
        <body class={props.theme ?? 'shop'}>
          {props.sandbox && <p class="sandbox">Sandbox: no real money moves</p>}
          {props.brand && (
            <div class="brandbar" data-testid="brandbar">
              {props.brand}
            </div>
          )}
          <main>{props.children}</main>
          <footer>
            {props.footer ??
              (props.brand
                ? `${props.brand} · sandbox simulation, no real money moves`
                : 'Secure payment page · Counter')}
          </footer>
          {props.script && (
            <script nonce={nonce} dangerouslySetInnerHTML={{ __html: props.script }} />
          )}
        </body>
      </html>
    </>
  );
}
