import { z } from 'zod';

import { endpoint } from './endpoint.js';

const tag = 'API description';

export const apiDocsEndpoints = {
  openapi: endpoint({
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This document: OpenAPI 3.1, generated from the API contracts',
    tag,
    access: 'public',
    responses: {
      200: z.looseObject({
        openapi: z.literal('3.1.0'),
        info: z.looseObject({ title: z.string(), version: z.string() }),
        paths: z.record(z.string(), z.unknown()),
      }),
    },
  }),
  docs: endpoint({
    method: 'get',
    path: '/api/docs',
    summary: 'Interactive documentation of this API (Swagger UI)',
    tag,
    access: 'public',
    responses: { 200: { contentType: 'text/html', description: 'The documentation page' } },
  }),
};
