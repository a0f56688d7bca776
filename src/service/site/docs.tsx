/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * The OpenAPI document at /api/openapi.json, generated from the contract, and a readable page at
 * /docs rendered from the same document, so the two can never disagree.
 */
import { randomBytes } from 'node:crypto';
import { raw } from 'hono/html';
import { buildOpenApiDocument } from '../../shared/contract/openapi';
import type { Area } from '../http/context';
import type { SiteContext } from './context';
import { WEBHOOKS_GUIDE_ID, WebhooksGuide } from './docs-webhooks';
import { pageSecurityHeaders } from '../ui/html';

type Json = Record<string, unknown>;

const STYLES = `
  body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem 1.5rem;color:#1a1a1a}
  h2{border-bottom:2px solid #eee;margin-top:2.5rem}
  .op{border:1px solid #e4e4e4;border-radius:8px;padding:.5rem 1rem;margin:.75rem 0}
  .op h3{font-size:1rem;margin:.4rem 0}
  .m{display:inline-block;min-width:4.2rem;text-align:center;border-radius:4px;color:#fff;font-size:.8rem;padding:.1rem .4rem}
  .get{background:#1d4ed8}.post{background:#15803d}.put{background:#b45309}.delete{background:#b91c1c}
  .ext{font-size:.75rem;background:#f3e8ff;color:#6b21a8;border-radius:4px;padding:.1rem .4rem;margin-left:.5rem}
  .meta{color:#555;font-size:.9rem} pre{background:#f7f7f7;padding:.75rem;overflow:auto;font-size:.8rem}
  :focus-visible{outline:3px solid #b25e00;outline-offset:2px}
`;

interface Operation {
  path: string;
  method: string;
  op: Json;
}

function OperationSection({ path, method, op }: Operation) {
  const body = (op.requestBody as Json | undefined)?.content as Json | undefined;
  const schema = (body?.['application/json'] as Json | undefined)?.schema;
  const responses = Object.keys(op.responses as Json).join(', ');
  return (
    <section class="op" id={String(op.operationId)}>
      <h3>
        <span class={`m ${method}`}>{method.toUpperCase()}</span> <code>{path}</code>
        {Boolean(op['x-extension']) && (
          <span class="ext" title="Decided where the interface is silent">
            extension
          </span>
        )}
      </h3>
      <p>
        {String(op.summary)}
        {op.description ? ` ${String(op.description)}` : ''}
      </p>
      <p class="meta">
        Auth: <b>{String(op['x-auth'])}</b> · Responses: {responses}
      </p>
      {schema !== undefined && (
        <details>
          <summary>Request body schema</summary>
          <pre tabindex={0}>{JSON.stringify(schema, null, 2)}</pre>
        </details>
      )}
    </section>
  );
}

function DocsPage({ doc, nonce }: { doc: Json; nonce: string }) {
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const byTag = new Map<string, Operation[]>();
  for (const [path, methods] of Object.entries(paths))
    for (const [method, op] of Object.entries(methods)) {
      const tag = (op.tags as string[])[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), { path, method, op }]);
    }
  const info = doc.info as Json;
  return (
    <>
      {raw('<!doctype html>')}
      <html lang="en-GB">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>{`${String(info.title)} · API`}</title>
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
          <style nonce={nonce} dangerouslySetInnerHTML={{ __html: STYLES }} />
        </head>
        <body>
          <header>
            <h1>{String(info.title)}</h1>
            <p>{String(info.description)}</p>
            <p>
              Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).
              Every call takes <code>Authorization: Bearer &lt;access secret&gt;</code> unless
              marked <b>public</b>. Errors are <code>{'{name, message, status, errors}'}</code>.
            </p>
            <nav aria-label="Areas">
              <a href={`#${WEBHOOKS_GUIDE_ID}`}>Receiving webhooks</a>
              {[...byTag.keys()].map((tag) => (
                <>
                  {' · '}
                  <a href={`#tag-${tag}`}>{tag}</a>
                </>
              ))}
            </nav>
          </header>
          <main>
            <WebhooksGuide />
            {[...byTag.entries()].map(([tag, ops]) => (
              <>
                <h2 id={`tag-${tag}`}>{tag}</h2>
                {ops.map((op) => (
                  <OperationSection {...op} />
                ))}
              </>
            ))}
          </main>
        </body>
      </html>
    </>
  );
}

/** The page with its stylesheet under `nonce`, the one the response's CSP allows. */
export function renderDocs(doc: Json, nonce: string): string {
  const html = (<DocsPage doc={doc} nonce={nonce} />).toString();
  if (typeof html !== 'string') throw new Error('The docs page must render synchronously');
  return html;
}

export const docsRoutes: Area<SiteContext> = (app, ctx) => {
  let cached: { url: string; doc: Json; json: string } | undefined;
  const current = () => {
    const url = ctx.publicUrl();
    if (cached?.url !== url) {
      const doc = buildOpenApiDocument(url);
      cached = { url, doc, json: JSON.stringify(doc) };
    }
    return cached;
  };
  app.get('/api/openapi.json', (c) =>
    c.body(current().json, 200, { 'content-type': 'application/json' }),
  );
  // The hosted pages' policy: only this response's stylesheet applies, no script runs, nothing
  // loads from elsewhere and no other site may frame the page (it has no forms at all).
  app.get('/docs', (c) => {
    const nonce = randomBytes(16).toString('base64');
    return c.html(renderDocs(current().doc, nonce), 200, {
      ...pageSecurityHeaders({ nonce, formAction: "'none'", referrerPolicy: 'same-origin' }),
    });
  });
};
