import { createRequire } from 'node:module';
import path from 'node:path';

import express, { Router } from 'express';

import { allEndpoints } from '../../contracts/endpoints/index.js';
import { allow } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { buildOpenApiDocument } from '../../http/openapi-document.js';

const ASSETS = '/api/docs/assets';

// Served as files of our own origin: the page runs under the app's CSP (no inline script, no CDN).
const DOCS_PAGE = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <title>Supply Hub API</title>
    <link rel="stylesheet" href="${ASSETS}/swagger-ui.css">
    <link rel="icon" type="image/png" href="${ASSETS}/favicon-32x32.png" sizes="32x32">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${ASSETS}/swagger-ui-bundle.js"></script>
    <script src="${ASSETS}/docs-init.js"></script>
  </body>
</html>
`;

const DOCS_INIT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  docExpansion: 'none',
  filter: true,
  withCredentials: true,
  presets: [SwaggerUIBundle.presets.apis],
});
`;

const SWAGGER_UI_FILES = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png']);

function swaggerUiFolder(): string {
  return path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

/** GET /api/openapi.json (the document, generated from the declarations) and GET /api/docs (Swagger UI). */
export function apiDocsRoutes({ version }: Pick<RouteDependencies, 'version'>): Router {
  const router = Router();
  let document: string | undefined;

  router.get('/openapi.json', allow.public(), (_req, res) => {
    document ??= JSON.stringify(buildOpenApiDocument(allEndpoints, { version }));
    res.type('json').send(document);
  });

  router.get('/docs', allow.public(), (_req, res) => {
    res.type('html').send(DOCS_PAGE);
  });

  const assets = express.static(swaggerUiFolder(), { index: false, maxAge: '1h' });
  router.use('/docs/assets', (req, res, next) => {
    const file = req.path.slice(1);
    if (file === 'docs-init.js') return void res.type('text/javascript').send(DOCS_INIT);
    if (!SWAGGER_UI_FILES.has(file)) return next();
    // The API's no-store does not fit a versioned library's files.
    res.removeHeader('Cache-Control');
    assets(req, res, next);
  });
  return router;
}
