import type { ServiceContext } from '../../context.js';
import { importProductGtins } from '../barcodes/barcodes.service.js';
import { departmentNamed } from '../departments/departments.service.js';
import { createLocation } from '../locations/locations-admin.service.js';
import { demoGtinCsv, planDemoLocations } from './demo-locations.rules.js';
import * as queries from './demo.queries.js';

/**
 * Demo mode: ward locations with stock lists and GTINs for the pediatrics cart, so "Count and top up"
 * and scanning show something from the first start. Only on a portal with no locations
 * yet (an earlier demo database gets them too); GTINs only where no product has any.
 */
export async function ensureDemoLocations(ctx: ServiceContext): Promise<{ locations: number }> {
  if (await queries.hasAnyLocation(ctx.db)) return { locations: 0 };
  const asins = (await queries.selectActiveDemoProducts(ctx.db)).map((product) => product.asin);
  const plans = planDemoLocations(asins);
  for (const plan of plans) {
    const department = await departmentNamed(ctx.db, plan.department, ctx.now());
    await createLocation(ctx, {
      name: plan.name,
      department_id: department.id,
      active: true,
      stock_list: plan.stockList,
    });
  }
  if (!(await queries.hasAnyGtin(ctx.db))) await importProductGtins(ctx, demoGtinCsv(asins), false);
  return { locations: plans.length };
}
