import { Router } from 'express';
import multer from 'multer';

import { ADMIN_PRODUCT_SORTS, adminProductFilterSchema } from '../../contracts/admin-products.js';
import { IMAGE_LARGEST_ACCEPTED_BYTES } from '../../contracts/image-upload.rules.js';
import { parseIdParam } from '../../http/id-param.js';
import { allow } from '../../http/policy.js';
import { mountRaResource } from '../../http/ra-resource.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { createProduct, getProductForAdmin, listProductsForAdmin, updateProduct } from './admin-products.service.js';
import type { FileStorage } from '../../media/file-storage.js';
import { removeProductImage, storeProductImage } from './product-images.service.js';

/** Uploads stay in memory and are refused from 5 MiB on before anything is written anywhere. */
const imageUpload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: IMAGE_LARGEST_ACCEPTED_BYTES, files: 1, fields: 5 },
});

function parseId(params: unknown): string {
  return parseIdParam(params, { message: 'Product not found', code: 'PRODUCT_NOT_FOUND' });
}

/** /api/admin/products in ra-data-simple-rest shape; images through their own commands. */
export function adminProductsRoutes({ contextFor }: RouteDependencies, { storage }: { storage: FileStorage }): Router {
  const router = Router();

  mountRaResource(router, {
    name: 'products',
    readRoles: ['admin'],
    writeRoles: ['admin'],
    list: {
      sortFields: ADMIN_PRODUCT_SORTS,
      defaultSort: { field: 'title', order: 'asc' },
      filter: adminProductFilterSchema,
      load: (req, page) => listProductsForAdmin(contextFor(req), page),
    },
    get: (req, id) => getProductForAdmin(contextFor(req), id),
    create: (req, body) => createProduct(contextFor(req), body),
    update: (req, id, body) => updateProduct(contextFor(req), id, body),
    parseId,
  });

  router.post('/admin/products/:id/image', allow.roles('admin'), imageUpload.single('image'), async (req, res) => {
    res.json(await storeProductImage(contextFor(req), storage, parseId(req.params), req.file?.buffer));
  });

  router.delete('/admin/products/:id/image', allow.roles('admin'), async (req, res) => {
    res.json(await removeProductImage(contextFor(req), storage, parseId(req.params)));
  });

  return router;
}
