/**
 * The merchant dashboard at GET /dashboard: one self-contained page (inline stylesheet and
 * script under a per-response CSP nonce, nothing loaded from elsewhere) that signs in with an
 * access secret and then calls this service's own JSON API with it. The page carries no data
 * and no secret, so it is the same for everyone; docs/dashboard.md describes it for merchants.
 */
import { randomBytes } from 'node:crypto';
import type { Area } from '../context';
import { pageSecurityHeaders } from './html';
import { DASHBOARD_BODY } from './dashboard/markup';
import { DASHBOARD_SCRIPT } from './dashboard/script';
import { DASHBOARD_STYLES } from './dashboard/styles';

export function renderDashboard(nonce: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="referrer" content="no-referrer" />
<meta name="robots" content="noindex" />
<title>Counter dashboard</title>
<style nonce="${nonce}">${DASHBOARD_STYLES}</style>
</head>
<body>
${DASHBOARD_BODY}
<script type="module" nonce="${nonce}">${DASHBOARD_SCRIPT}</script>
</body>
</html>`;
}

/**
 * Only this page's own style and script run; it may talk to this service and nothing else, and
 * no form may submit anywhere (so the secret field can never be sent in a URL).
 */
export function dashboardHeaders(nonce: string): Record<string, string> {
  return {
    ...pageSecurityHeaders({ nonce, formAction: "'none'", referrerPolicy: 'no-referrer' }),
    'Content-Type': 'text/html; charset=utf-8',
  };
}

export const dashboardRoutes: Area = (app) => {
  app.get('/dashboard', (c) => {
    const nonce = randomBytes(16).toString('base64');
    return c.body(renderDashboard(nonce), 200, dashboardHeaders(nonce));
  });
};
