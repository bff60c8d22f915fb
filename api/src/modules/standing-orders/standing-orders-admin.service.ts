import {
  adminStandingOrderInputSchema,
  type AdminStandingOrder,
  type StandingOrderRequesterList,
  type StandingScheduleInput,
} from '../../contracts/standing-orders.js';
import { effectiveRole, type Role } from '../../contracts/roles.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { mayOrderForLocation } from '../orders/orders.service.js';
import { assertKnownItems, refuseStandingNoteWithPatientData, toStandingOrders } from './standing-orders.service.js';
import * as queries from './standing-orders.queries.js';

const NOT_FOUND = () => AppError.notFound('Standing order not found', 'STANDING_ORDER_NOT_FOUND');

async function toAdminRecords(
  ctx: ServiceContext,
  rows: queries.LocationStandingOrderRow[],
): Promise<AdminStandingOrder[]> {
  const standing = await toStandingOrders(ctx, rows);
  return standing.map(({ location, ...order }, index) => ({
    ...order,
    location_id: location?.id ?? '',
    location_name: location?.name ?? '',
    user_id: rows[index]!.user_id,
    requester_email: rows[index]!.email,
  }));
}

/** GET /api/admin/standing-orders: the standing orders set for ward locations. */
export async function listLocationStandingOrders(
  ctx: ServiceContext,
  page: Parameters<typeof queries.selectLocationStandingOrdersPage>[1],
) {
  const { rows, total } = await queries.selectLocationStandingOrdersPage(ctx.db, page);
  return { rows: await toAdminRecords(ctx, rows), total };
}

export async function getLocationStandingOrder(ctx: ServiceContext, id: string): Promise<AdminStandingOrder> {
  const row = await queries.selectLocationStandingOrder(ctx.db, id);
  if (!row) throw NOT_FOUND();
  return (await toAdminRecords(ctx, [row]))[0]!;
}

/**
 * Who an active location's standing order may order as: its department's approved members whose
 * role may submit a ward's top-up, the rule parseAdminInput checks on saving.
 */
export async function listStandingOrderRequesters(
  ctx: ServiceContext,
  locationId: string,
): Promise<StandingOrderRequesterList> {
  const location = await queries.selectLocationForStanding(ctx.db, locationId);
  if (!location?.active) throw AppError.notFound('Location not found', 'LOCATION_NOT_FOUND');
  const members = await queries.selectWardMembers(ctx.db, location.department_id);
  return {
    data: members
      .filter((member) => mayOrderForLocation(effectiveRole(member.roles as Role[])))
      .map((member) => ({
        id: member.id,
        email: member.email,
        name: [member.first_name, member.last_name].filter(Boolean).join(' ') || null,
      })),
  };
}

/**
 * The location must be active, and the requester a member of its department who may submit a
 * ward's top-up (docs/par-levels.md): the orders are theirs, placed for the location, and go
 * through the budget and approval rules like any.
 */
async function parseAdminInput(ctx: ServiceContext, rawInput: unknown) {
  const input = adminStandingOrderInputSchema.parse(rawInput);
  const location = await queries.selectLocationForStanding(ctx.db, input.location_id);
  if (!location?.active) {
    throw new AppError(422, 'LOCATION_NOT_FOUND', 'Choose an active location.', {
      location_id: 'is not an active location',
    });
  }
  const requester = await queries.selectWardRequester(ctx.db, input.user_id, location.department_id);
  if (!requester || !mayOrderForLocation(effectiveRole(requester.roles as Role[]))) {
    throw new AppError(
      422,
      'REQUESTER_NOT_IN_WARD',
      `The requester must be an approved member of ${location.name}'s department who may order for it.`,
      { user_id: "is not an approved member of the location's department who may order" },
    );
  }
  await assertKnownItems(ctx, input.lines);
  await refuseStandingNoteWithPatientData(ctx, input.delivery_note);
  return { ...input, schedule: input.schedule as StandingScheduleInput };
}

export async function createLocationStandingOrder(ctx: ServiceContext, rawInput: unknown): Promise<AdminStandingOrder> {
  const input = await parseAdminInput(ctx, rawInput);
  const { user_id: userId, ...write } = input;
  const id = await ctx.db.transaction(async (trx) => {
    const created = await queries.insertStandingOrder(
      trx,
      userId,
      { ...write, created_by: ctx.actor.kind === 'user' ? ctx.actor.userId : null },
      ctx.now(),
    );
    await recordAudit(
      ctx,
      {
        action: 'standing_order.create',
        targetType: 'standing_order',
        targetId: created,
        details: { location_id: input.location_id, requester: userId },
      },
      trx,
    );
    return created;
  });
  return getLocationStandingOrder(ctx, id);
}

export async function updateLocationStandingOrder(
  ctx: ServiceContext,
  id: string,
  rawInput: unknown,
): Promise<AdminStandingOrder> {
  await getLocationStandingOrder(ctx, id);
  const input = await parseAdminInput(ctx, rawInput);
  await ctx.db.transaction(async (trx) => {
    await queries.updateStandingOrder(trx, id, input, ctx.now());
    await recordAudit(
      ctx,
      {
        action: 'standing_order.update',
        targetType: 'standing_order',
        targetId: id,
        details: { location_id: input.location_id, requester: input.user_id },
      },
      trx,
    );
  });
  return getLocationStandingOrder(ctx, id);
}
