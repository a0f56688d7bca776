/**
 * Headers for the service's own pages: only the page's nonce'd style and script run, nothing is
 * cached, framed or loaded from elsewhere. `formAction` says where the page's forms may submit.
 */
export function pageSecurityHeaders(options: {
  nonce?: string;
  formAction: "'self'" | "'none'";
  /**
   * Origins a form's redirect may also go to (Chromium applies form-action to where a form's
   * response redirects). One that is not a plain http(s) origin (a host may hold `;`, which
   * would start another directive) is left out.
   */
  formTargets?: string[];
  referrerPolicy: 'same-origin' | 'no-referrer';
}): Record<string, string> {
  const { nonce } = options;
  const targets = (options.formTargets ?? []).filter((origin) =>
    /^https?:\/\/[a-z0-9.-]+(:\d+)?$|^https?:\/\/\[[0-9a-f:.]+\](:\d+)?$/i.test(origin),
  );
  const csp = [
    "default-src 'none'",
    nonce ? `style-src 'nonce-${nonce}'` : "style-src 'none'",
    nonce ? `script-src 'nonce-${nonce}'` : "script-src 'none'",
    "img-src 'self'",
    "connect-src 'self'",
    `form-action ${[options.formAction, ...targets].join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Frame-Options': 'DENY',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': options.referrerPolicy,
  };
}
