/** The OpenAPI document at /api/openapi.json and a readable docs page at /docs. */
import { buildOpenApiDocument } from '../../shared/contract/openapi';
import type { Area } from '../context';

export const docsRoutes: Area = (app, ctx) => {
  let cached: { url: string; json: string } | undefined;
  app.get('/api/openapi.json', (c) => {
    const url = ctx.publicUrl();
    if (cached?.url !== url) cached = { url, json: JSON.stringify(buildOpenApiDocument(url)) };
    return c.body(cached.json, 200, { 'content-type': 'application/json' });
  });
};
