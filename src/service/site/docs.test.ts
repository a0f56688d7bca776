/** The OpenAPI document and the docs page are served, generated from the same contract. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../shared/contract/routes';
import { startService, type Harness } from '../../../test/helpers/service';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

describe('API documentation', () => {
  it('serves /api/openapi.json with this service as its server, without a secret', async () => {
    const res = await h.call('GET', '/api/openapi.json', undefined, null);
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.servers).toEqual([{ url: h.url }]);
    expect(Object.keys(res.body.paths)).toContain('/api/payments/process-payment');
  });

  it('renders every operation on /docs', async () => {
    const res = await fetch(`${h.url}/docs`);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    for (const name of Object.keys(routes)) expect(html).toContain(`id="${name}"`);
  });

  it('tells integrators how webhooks are signed, checked, retried and tested', async () => {
    const res = await fetch(`${h.url}/docs`);
    const html = await res.text();
    const start = html.indexOf('<h2 id="webhooks-guide">');
    expect(start).toBeGreaterThan(-1);
    const section = html.slice(start, html.indexOf('</section>', start));
    // Text as a reader sees it: tags dropped, entities decoded, spaces collapsed.
    const text = section
      .replace(/<[^>]+>/g, '')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ');
    for (const header of ['webhook-id', 'webhook-timestamp', 'webhook-signature'])
      expect(text).toContain(header);
    expect(text).toContain(
      "v1, followed by the base64 HMAC-SHA256 of ${webhook-id}.${webhook-timestamp}.${body}, keyed by the base64-decoded part of the subscription's secret after whsec_",
    );
    expect(text).toContain('more than 5 minutes from your clock');
    expect(text).toContain(
      'about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (each ±20%): 8 attempts',
    );
    expect(text).toContain('POST /api/webhooks/test');
    expect(text).toContain('"tamper": "signature"');
    expect(text).toContain('"tamper": "timestamp"');
    expect(text).toContain('npm run webhooks -- listen --forward-to http://localhost:3000/');
    expect(text).toContain('docs/webhooks.md');
    // Reachable from the page's menu, and it links to the routes it describes.
    expect(html).toContain('<a href="#webhooks-guide">');
    expect(section).toContain('href="#tag-Webhooks"');
    expect(html).toContain('id="tag-Webhooks"');
    // Still nothing the strict CSP would have to allow: no script, no inline style attribute.
    expect(html).not.toMatch(/<script|\sstyle="/);
  });

  it('serves /docs under a strict CSP that no other site can frame', async () => {
    const res = await fetch(`${h.url}/docs`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const directives = new Map(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
    );
    expect(directives.get('default-src')).toBe("'none'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(directives.get('form-action')).toBe("'none'");
    expect(directives.get('base-uri')).toBe("'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // The stylesheet carries this response's nonce, so the page still looks as it should.
    const nonce = /^'nonce-([^']+)'$/.exec(directives.get('style-src') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(await res.text()).toContain(`<style nonce="${nonce}">`);
    const again = await fetch(`${h.url}/docs`);
    expect(again.headers.get('content-security-policy')).not.toBe(csp);
  });
});
