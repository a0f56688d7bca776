/** The dashboard page as served: one nonce for its style and script, a script that parses. */
import { Script } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../app';
import { DASHBOARD_SCRIPT } from './dashboard/script';

let service: Service;
let base: string;
beforeAll(async () => {
  service = createService({ dataDir: null });
  base = await service.listen(0);
});
afterAll(() => service.close());

describe('GET /dashboard', () => {
  it('serves the page with a strict CSP whose nonce is the one on its style and script', async () => {
    const res = await fetch(`${base}/dashboard`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("form-action 'none'");
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const html = await res.text();
    expect(html).toContain(`<script type="module" nonce="${nonce}">`);
    expect(html).toContain(`<style nonce="${nonce}">`);
    // Nothing external, nothing inline outside the nonce'd tags.
    expect(html).not.toMatch(/<script(?![^>]*nonce=)/);
    expect(html).not.toMatch(/\ssrc=|\shref=|\sstyle=|\son[a-z]+=/i);
  });

  it('uses a fresh nonce for every response', async () => {
    const csp = async () =>
      (await fetch(`${base}/dashboard`)).headers.get('content-security-policy');
    expect(await csp()).not.toBe(await csp());
  });
});

describe('the page script', () => {
  it('is valid JavaScript that cannot close its own script tag', () => {
    expect(() => new Script(DASHBOARD_SCRIPT)).not.toThrow();
    expect(DASHBOARD_SCRIPT).not.toMatch(/<\/script/i);
  });

  it('keeps the secret out of cookies, URLs and logs', () => {
    expect(DASHBOARD_SCRIPT).not.toMatch(/document\.cookie|console\.|localStorage/);
    expect(DASHBOARD_SCRIPT).toContain('sessionStorage');
    expect(DASHBOARD_SCRIPT).not.toMatch(/innerHTML|insertAdjacentHTML|outerHTML/);
  });
});
