import {
  locationCreateSchema,
  locationUpdateSchema,
  type LocationRecord,
  type LocationSummary,
  type StockListImportResult,
  type StockListLineInput,
  type StockListLineRecord,
} from '../../contracts/locations.js';
import type { ServiceContext } from '../../context.js';
import type { Db } from '../../database/connection.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import * as queries from './locations.queries.js';
import { diffStockList, parseStockListCsv } from './stock-list-csv.rules.js';

export const locationNotFound = () => AppError.notFound('Location not found', 'LOCATION_NOT_FOUND');

function toSummary(row: queries.LocationRow): LocationSummary {
  return {
    id: row.id,
    name: row.name,
    department_id: row.department_id,
    active: row.active,
    item_count: row.item_count,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function toLine(row: queries.StockLineRow): StockListLineRecord {
  return { asin: row.asin, par: row.par, reorder_point: row.reorder_point, pack_size: row.pack_size };
}

export async function listLocations(ctx: ServiceContext, page: Parameters<typeof queries.selectLocationsPage>[1]) {
  const { rows, total } = await queries.selectLocationsPage(ctx.db, page);
  return { rows: rows.map(toSummary), total };
}

export async function getLocation(ctx: ServiceContext, id: string): Promise<LocationRecord> {
  const [row, lines] = await Promise.all([queries.selectLocation(ctx.db, id), queries.selectStockList(ctx.db, id)]);
  if (!row) throw locationNotFound();
  return { ...toSummary(row), stock_list: lines.map(toLine) };
}

/** 422 naming the field when the department does not exist. */
async function assertDepartment(db: Db, departmentId: string): Promise<void> {
  if (!(await queries.selectDepartmentExists(db, departmentId))) {
    throw new AppError(422, 'DEPARTMENT_NOT_FOUND', 'Choose an existing department.', {
      department_id: 'is not a department',
    });
  }
}

/** The lines with their product ids; 422 naming each asin that is not in the catalogue. */
async function resolveLines(
  db: Db,
  lines: readonly (StockListLineInput & { line?: number })[],
): Promise<queries.StockLineWrite[]> {
  const ids = await queries.selectProductIds(
    db,
    lines.map((line) => line.asin),
  );
  const errors: Record<string, string> = {};
  lines.forEach((line, index) => {
    if (!ids.has(line.asin)) {
      errors[line.line === undefined ? `stock_list.${index}.asin` : `line ${line.line}`] =
        `ASIN ${line.asin} is not in the catalogue`;
    }
  });
  if (Object.keys(errors).length > 0) {
    throw new AppError(422, 'STOCK_LIST_UNKNOWN_PRODUCT', 'Some stock-list items are not in the catalogue.', errors);
  }
  return lines.map((line) => ({
    product_id: ids.get(line.asin)!,
    par: line.par,
    reorder_point: line.reorder_point,
    pack_size: line.pack_size,
  }));
}

export async function createLocation(ctx: ServiceContext, rawInput: unknown): Promise<LocationRecord> {
  const input = locationCreateSchema.parse(rawInput);
  const id = await ctx.db.transaction(async (trx) => {
    await assertDepartment(trx, input.department_id);
    const lines = await resolveLines(trx, input.stock_list);
    const createdId = await queries.insertLocation(trx, input, ctx.now());
    await queries.replaceStockList(trx, createdId, lines);
    await recordAudit(
      ctx,
      {
        action: 'location.create',
        targetType: 'location',
        targetId: createdId,
        details: { name: input.name, department_id: input.department_id, items: input.stock_list.length },
      },
      trx,
    );
    return createdId;
  });
  return getLocation(ctx, id);
}

/** Saves name, department, active and (when sent) the whole stock list; nothing changed, nothing written. */
export async function updateLocation(ctx: ServiceContext, id: string, rawInput: unknown): Promise<LocationRecord> {
  const input = locationUpdateSchema.parse(rawInput);
  await ctx.db.transaction(async (trx) => {
    const before = await queries.selectLocationForUpdate(trx, id);
    if (!before) throw locationNotFound();
    const beforeLines = (await queries.selectStockList(trx, id)).map(toLine);
    const isSameLocation =
      before.name === input.name && before.department_id === input.department_id && before.active === input.active;
    const isSameList =
      input.stock_list === undefined || JSON.stringify(input.stock_list) === JSON.stringify(beforeLines);
    if (isSameLocation && isSameList) return;
    if (before.department_id !== input.department_id) await assertDepartment(trx, input.department_id);
    await queries.updateLocation(trx, id, input, ctx.now());
    if (input.stock_list !== undefined && !isSameList) {
      await queries.replaceStockList(trx, id, await resolveLines(trx, input.stock_list));
    }
    await recordAudit(
      ctx,
      {
        action: before.active && !input.active ? 'location.deactivate' : 'location.update',
        targetType: 'location',
        targetId: id,
        details: {
          before: { name: before.name, department_id: before.department_id, active: before.active },
          after: { name: input.name, department_id: input.department_id, active: input.active },
          ...(isSameList ? {} : { items: { before: beforeLines.length, after: input.stock_list?.length ?? 0 } }),
        },
      },
      trx,
    );
  });
  return getLocation(ctx, id);
}

/**
 * Imports stock-list lines from CSV: adds new products, changes listed ones, leaves the rest. A dry
 * run answers the same without writing. Any bad line refuses the whole file (400, by line).
 */
export async function importStockList(
  ctx: ServiceContext,
  id: string,
  csvText: unknown,
  options: { dryRun: boolean },
): Promise<StockListImportResult> {
  return ctx.db.transaction(async (trx) => {
    const location = await queries.selectLocationForUpdate(trx, id);
    if (!location) throw locationNotFound();
    if (typeof csvText !== 'string' || csvText.trim() === '') {
      throw AppError.badRequest('CSV_INVALID', 'Send the stock list as text/csv: asin,par,reorder_point,pack_size', {
        file: 'is empty or not text/csv',
      });
    }
    const parsed = parseStockListCsv(csvText);
    if (!parsed.ok) {
      throw AppError.badRequest('CSV_INVALID', 'The file has errors; nothing was imported.', parsed.problems);
    }
    const writes = await resolveLines(trx, parsed.lines);
    const current = (await queries.selectStockList(trx, id)).map(toLine);
    const incoming = parsed.lines.map(({ line: _line, ...rest }) => rest);
    const diff = diffStockList(current, incoming);
    if (!options.dryRun && diff.added.length + diff.changed.length > 0) {
      const touched = new Set([...diff.added, ...diff.changed.map((change) => change.after)].map((line) => line.asin));
      await queries.upsertStockLines(
        trx,
        id,
        writes.filter((_write, index) => touched.has(incoming[index]!.asin)),
      );
      await queries.touchLocation(trx, id, ctx.now());
      await recordAudit(
        ctx,
        {
          action: 'location.stock_list_import',
          targetType: 'location',
          targetId: id,
          details: { added: diff.added.length, changed: diff.changed.length, unchanged: diff.unchanged },
        },
        trx,
      );
    }
    return { dry_run: options.dryRun, ...diff };
  });
}
