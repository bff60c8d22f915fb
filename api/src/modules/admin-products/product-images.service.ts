import { randomUUID } from 'node:crypto';

import { IMAGE_MESSAGES } from '../../contracts/image-upload.rules.js';
import type { Product } from '../../contracts/products.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import type { FileStorage } from '../../media/file-storage.js';
import { recordAudit } from '../audit/audit.service.js';
import { getProductForAdmin } from './admin-products.service.js';
import { selectProductById, updateProductImage } from './admin-products.queries.js';

const ACCEPTED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
const MAX_INPUT_PIXELS = 40_000_000;
const IMAGE_FOLDER = 'product-images';
const MEDIA_PREFIX = `/media/${IMAGE_FOLDER}/`;

/**
 * Any product may have an image, with or without a SKU: the file's name is generated, never taken
 * from the product. Checks an upload by its content (JPEG, PNG or WebP only; SVG and renamed files refused),
 * re-encodes it (metadata dropped, pixel count bounded) and stores it under a generated name.
 */
export async function storeProductImage(
  ctx: ServiceContext,
  storage: FileStorage,
  productId: string,
  upload: Buffer | undefined,
): Promise<Product> {
  const product = await selectProductById(ctx.db, productId);
  if (!product) throw AppError.notFound('Product not found', 'PRODUCT_NOT_FOUND');
  if (!upload || upload.length === 0) throw AppError.badRequest('NOT_AN_IMAGE', IMAGE_MESSAGES.notAnImage);
  // sharp (libvips) and file-type take about 30 MB of memory: loaded at the first upload, not at every start.
  const [{ fileTypeFromBuffer }, { default: sharp }] = await Promise.all([import('file-type'), import('sharp')]);
  const detected = await fileTypeFromBuffer(upload);
  if (!detected || !ACCEPTED_TYPES.has(detected.mime))
    throw AppError.badRequest('NOT_AN_IMAGE', IMAGE_MESSAGES.notAnImage);
  let encoded: Buffer;
  try {
    encoded = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw AppError.badRequest('NOT_AN_IMAGE', IMAGE_MESSAGES.notAnImage);
  }
  const name = `${randomUUID()}.webp`;
  await storage.put(`${IMAGE_FOLDER}/${name}`, encoded, 'image/webp');
  await ctx.db.transaction(async (trx) => {
    await updateProductImage(trx, productId, `${MEDIA_PREFIX}${name}`, ctx.now());
    await recordAudit(
      ctx,
      {
        action: 'product.image.upload',
        targetType: 'product',
        targetId: productId,
        details: { bytes: encoded.length },
      },
      trx,
    );
  });
  await removeStoredFile(storage, product.image_url);
  return getProductForAdmin(ctx, productId);
}

export async function removeProductImage(
  ctx: ServiceContext,
  storage: FileStorage,
  productId: string,
): Promise<Product> {
  const product = await selectProductById(ctx.db, productId);
  if (!product) throw AppError.notFound('Product not found', 'PRODUCT_NOT_FOUND');
  await ctx.db.transaction(async (trx) => {
    await updateProductImage(trx, productId, null, ctx.now());
    await recordAudit(ctx, { action: 'product.image.remove', targetType: 'product', targetId: productId }, trx);
  });
  await removeStoredFile(storage, product.image_url);
  return getProductForAdmin(ctx, productId);
}

/** Deletes a file we stored earlier; outside URLs and anything else are left alone. */
async function removeStoredFile(storage: FileStorage, imageUrl: string | null): Promise<void> {
  if (!imageUrl?.startsWith(MEDIA_PREFIX)) return;
  const name = imageUrl.slice(MEDIA_PREFIX.length);
  if (!/^[0-9a-f-]{36}\.webp$/.test(name)) return;
  await storage.remove(`${IMAGE_FOLDER}/${name}`);
}
