import { productCreateSchema, productUpdateSchema } from '../../contracts/admin-products.js';
import { toMoneyText } from '../../contracts/money-amount.js';
import type { AdminProduct } from '../../contracts/admin-products.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { gtinsOfProducts, saveProductGtins } from '../barcodes/barcodes.service.js';
import { toProduct } from '../products/products.service.js';
import * as queries from './admin-products.queries.js';
import { changedFields } from './product-changes.rules.js';

const DUPLICATE_SKU = () => AppError.conflict('DUPLICATE_SKU', 'A product with this SKU already exists');

/** A page of GET /api/admin/products. */
export async function listProductsForAdmin(
  ctx: ServiceContext,
  options: Parameters<typeof queries.selectProductsPage>[1],
): Promise<{ rows: AdminProduct[]; total: number }> {
  const { rows, total } = await queries.selectProductsPage(ctx.db, options);
  const gtins = await gtinsOfProducts(
    ctx.db,
    rows.map((row) => row.id),
  );
  return { rows: rows.map((row) => toAdminProduct(row, gtins.get(row.id) ?? [])), total };
}

function toAdminProduct(row: queries.AdminProductRow, gtins: AdminProduct['gtins']): AdminProduct {
  const { min_shelf_life_days, ...product } = row;
  return { ...toProduct(product), gtins, min_shelf_life_days };
}

export async function getProductForAdmin(ctx: ServiceContext, id: string): Promise<AdminProduct> {
  const row = await queries.selectProductById(ctx.db, id);
  if (!row) throw AppError.notFound('Product not found', 'PRODUCT_NOT_FOUND');
  const gtins = await gtinsOfProducts(ctx.db, [id]);
  return toAdminProduct(row, gtins.get(id) ?? []);
}

/** A hand-added product: vendor 'manual', ASIN 'manual-<timestamp>' (admin-portal §5). */
export async function createProduct(ctx: ServiceContext, rawInput: unknown): Promise<AdminProduct> {
  const input = productCreateSchema.parse(rawInput);
  const now = ctx.now();
  const id = await ctx.db.transaction(async (trx) => {
    if (input.sku && (await queries.isSkuTaken(trx, input.sku))) throw DUPLICATE_SKU();
    const createdId = await queries
      .insertProduct(trx, {
        asin: `manual-${now.getTime()}`,
        title: input.title,
        category: input.category,
        manufacturer: input.manufacturer,
        price: toMoneyText(input.price),
        sku: input.sku,
        description: input.description,
        product_url: input.product_url,
        ...(input.min_shelf_life_days === undefined ? {} : { min_shelf_life_days: input.min_shelf_life_days }),
        vendor: 'manual',
        active: true,
        in_stock: false,
        created_at: now,
        updated_at: now,
      })
      .catch((error: { code?: string; constraint?: string }) => {
        throw error.code === '23505' && error.constraint === 'products_sku_unique' ? DUPLICATE_SKU() : error;
      });
    await recordAudit(
      ctx,
      { action: 'product.create', targetType: 'product', targetId: createdId, details: { sku: input.sku } },
      trx,
    );
    return createdId;
  });
  return getProductForAdmin(ctx, id);
}

/**
 * The edit form's save, and a generic client sending back the record it read: fields
 * that are not editable are ignored; a save that changes nothing writes nothing and audits nothing.
 */
export async function updateProduct(ctx: ServiceContext, id: string, rawInput: unknown): Promise<AdminProduct> {
  const input = productUpdateSchema.parse(rawInput);
  await ctx.db.transaction(async (trx) => {
    const existing = await queries.selectProductById(trx, id);
    if (!existing) throw AppError.notFound('Product not found', 'PRODUCT_NOT_FOUND');
    if (input.sku && (await queries.isSkuTaken(trx, input.sku, id))) throw DUPLICATE_SKU();
    const edited = {
      title: input.title,
      description: input.description,
      sku: input.sku,
      vendor: input.vendor,
      category: input.category,
      product_url: input.product_url,
      ...(input.price === undefined ? {} : { price: input.price === null ? null : toMoneyText(input.price) }),
      ...(input.min_shelf_life_days === undefined ? {} : { min_shelf_life_days: input.min_shelf_life_days }),
    };
    const changed = Object.entries(edited).filter(([field, value]) => existing[field as keyof typeof edited] !== value);
    const gtinsBefore = input.gtins === undefined ? [] : ((await gtinsOfProducts(trx, [id])).get(id) ?? []);
    const isGtinsChanged = input.gtins !== undefined && (await saveProductGtins(trx, id, input.gtins, ctx.now()));
    if (changed.length === 0 && !isGtinsChanged) return;
    await queries.updateProductRow(trx, id, { ...edited, updated_at: ctx.now() });
    // Only what moved, old → new: a price put back by the nightly catalogue reseed is then traceable.
    const changes = changedFields(
      { ...existing, gtins: gtinsBefore },
      { ...edited, ...(isGtinsChanged ? { gtins: input.gtins } : {}) },
    );
    await recordAudit(
      ctx,
      {
        action: 'product.update',
        targetType: 'product',
        targetId: id,
        details: { fields: Object.keys(changes), changes },
      },
      trx,
    );
  });
  return getProductForAdmin(ctx, id);
}
