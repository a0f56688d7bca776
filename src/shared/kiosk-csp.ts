/**
 * The kiosk windows' Content-Security-Policy, the same in Electron and in browser mode: only the
 * kiosk's own scripts and styles; images also from the payments service (QR codes, templates);
 * connections only back to where the page came from (the bridge socket in browser mode).
 */
export const KIOSK_CSP = [
  "default-src 'self'",
  "img-src 'self' data: http: https:",
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  // Browser mode's LAN display pairing page posts its code form back to the kiosk.
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
