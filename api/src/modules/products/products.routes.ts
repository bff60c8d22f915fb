import { Router } from 'express';
import { asinParamsSchema, productListQuerySchema } from '../../contracts/products.js';
import { allow } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { getActiveProduct, listActiveProducts } from './products.service.js';

export function productsRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();

  router.get('/products', allow.signedIn(), async (req, res) => {
    res.type('json').send(await listActiveProducts(contextFor(req), productListQuerySchema.parse(req.query)));
  });

  router.get('/products/:asin', allow.signedIn(), async (req, res) => {
    res.json(await getActiveProduct(contextFor(req), asinParamsSchema.parse(req.params).asin));
  });

  return router;
}
