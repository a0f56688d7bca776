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
import { language, LANGUAGES, t, type LanguageCode, type MessageKey } from '../../shared/i18n';
import { HOSTED_STYLES } from './styles';
import { sayIn, type Said } from './words';

/** The CSP nonce of the response being rendered; render-page.ts provides it. */
export const PageNonce = createContext('');

/**
 * The customer's language for this request (render-page.ts reads it from `?lang=` or the
 * payment's cookie), and the address of this same page in each language.
 */
export const PageLanguage = createContext<{ lang: LanguageCode; href(code: string): string }>({
  lang: 'en',
  href: (code) => `?lang=${code}`,
});

export type Theme = 'shop' | 'bank' | 'issuer';

export interface ShellProps {
  /** The page's title; a function of the language on a translated page. */
  title: string | ((lang: LanguageCode) => string);
  /** Shows the "Sandbox: no real money moves" bar. */
  sandbox: boolean;
  /** The bank's and the card issuer's pages look like someone else's site on purpose. */
  theme?: Theme;
  /** A third party's name in a bar above the page (the bank, the card issuer). */
  brand?: string;
  /**
   * The footer line, a function of the language on a translated page; by default "Secure
   * payment page · Counter" (or the brand's sandbox note).
   */
  footer?: string | ((lang: LanguageCode) => string);
  /** Extra head elements, e.g. a meta refresh. */
  head?: Child;
  /**
   * A fixed script (a constant of the calling module, never built from data) run with the
   * page's nonce. Progressive enhancement only: the page must work without it.
   */
  script?: string;
  /**
   * The page's words come from the catalogue (src/shared/i18n): it is shown in the customer's
   * language, right to left for Arabic, with the language control above it. Pages not yet
   * translated stay in English whatever was chosen.
   */
  translated?: boolean;
  children?: Child;
}

/** The words of a hosted page in the language it is shown in (English on untranslated pages). */
export function usePageWords() {
  const { lang } = useContext(PageLanguage);
  return {
    lang,
    say: (key: MessageKey, values?: Record<string, string | number>) => t(lang, key, values),
    /** Words decided before the page knew its language (ui/words.ts). */
    words: (said: Said, otherwise?: MessageKey) => sayIn(lang, said, otherwise),
  };
}

/** Each language named in its own language, a link to this page in it (no script needed). */
export function LanguageLinks({ lang, href }: { lang: LanguageCode; href(code: string): string }) {
  return (
    <nav aria-label={t(lang, 'language.label')}>
      <ul class="langs" data-testid="page-languages">
        {LANGUAGES.map((option) => (
          <li>
            <a
              href={href(option.code)}
              lang={option.code}
              hreflang={option.code}
              dir={option.dir}
              aria-current={option.code === lang ? 'true' : undefined}
            >
              {option.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function PageShell(props: ShellProps) {
  const nonce = useContext(PageNonce);
  const chosen = useContext(PageLanguage);
  const lang: LanguageCode = props.translated ? chosen.lang : 'en';
  const rtl = language(lang).dir === 'rtl';
  return (
    <>
      {raw('<!doctype html>')}
      <html lang={lang === 'en' ? 'en-GB' : lang} dir={rtl ? 'rtl' : undefined}>
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="referrer" content="same-origin" />
          <title>{typeof props.title === 'function' ? props.title(lang) : props.title}</title>
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
          <link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48" />
          {props.head}
          <style nonce={nonce} dangerouslySetInnerHTML={{ __html: HOSTED_STYLES }} />
        </head>
        <body class={props.theme ?? 'shop'}>
          {/* In a landmark of its own, so a screen reader's list of regions holds all the page. */}
          {(props.sandbox || props.brand) && (
            <header>
              {props.sandbox && <p class="sandbox">{t(lang, 'hosted.sandbox')}</p>}
              {props.brand && (
                <div class="brandbar" data-testid="brandbar">
                  {props.brand}
                </div>
              )}
            </header>
          )}
          <PageLanguage.Provider value={{ ...chosen, lang }}>
            <main>{props.children}</main>
          </PageLanguage.Provider>
          {/* After the page's own steps, so Tab reaches the payment first; above the footer. */}
          {props.translated && <LanguageLinks lang={lang} href={chosen.href} />}
          <footer>
            {(typeof props.footer === 'function' ? props.footer(lang) : props.footer) ??
              (props.brand
                ? t(lang, 'pay.brandFooter', { brand: props.brand })
                : t(lang, 'hosted.footer'))}
          </footer>
          {props.script && (
            <script nonce={nonce} dangerouslySetInnerHTML={{ __html: props.script }} />
          )}
        </body>
      </html>
    </>
  );
}
