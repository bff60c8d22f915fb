import {
  standingOrderInputSchema,
  type StandingOrder,
  type StandingScheduleInput,
} from '../../contracts/standing-orders.js';
import { effectiveRole, ORDERING_ROLES, type Role } from '../../contracts/roles.js';
import { formatUsd } from '../../contracts/money-format.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { sendMail } from '../mail/mail.service.js';
import { submitOrder } from '../orders/orders.service.js';
import { ORDER_NOTE_LABEL, refusePatientDataInSupplierText } from '../orders/supplier-text-guard.service.js';
import {
  fallsOn,
  localDate,
  nextOrderDate,
  type StandingOrderPlan,
  type StandingSchedule,
} from './standing-order-schedule.rules.js';
import * as queries from './standing-orders.queries.js';

const NOT_FOUND = () => AppError.notFound('Standing order not found', 'STANDING_ORDER_NOT_FOUND');
const DAY_MS = 86_400_000;
/** A claim left unfinished this long (a crash between the claim and the order) is taken over. */
const STALE_CLAIM_MS = 15 * 60_000;

function planOf(row: queries.StandingOrderRow): StandingOrderPlan {
  return { schedule: row.schedule as StandingSchedule, start_date: row.start_date, end_date: row.end_date };
}

export async function toStandingOrders(
  ctx: ServiceContext,
  rows: queries.StandingOrderRow[],
): Promise<StandingOrder[]> {
  const ids = rows.map((row) => row.id);
  const [lines, recent, timezone] = await Promise.all([
    queries.selectLinesOf(ctx.db, ids),
    queries.selectRecentOccurrences(ctx.db, ids),
    queries.selectCompanyTimezone(ctx.db),
  ]);
  const today = localDate(ctx.now(), timezone);
  return rows.map((row) => toStandingOrder(row, lines.get(row.id) ?? [], recent.get(row.id) ?? [], today));
}

function toStandingOrder(
  row: queries.StandingOrderRow,
  lines: StandingOrder['lines'],
  recent: StandingOrder['recent'],
  today: string,
): StandingOrder {
  return {
    id: row.id,
    name: row.name,
    schedule: row.schedule,
    start_date: row.start_date,
    end_date: row.end_date,
    paused: row.paused,
    location: row.location_id ? { id: row.location_id, name: row.location_name ?? '' } : null,
    lines,
    delivery_note: row.delivery_note,
    // recent is newest first: its first date is the latest occurrence run.
    next_date: row.paused ? null : nextOrderDate(planOf(row), today, recent[0]?.date ?? null),
    recent,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** GET /api/standing-orders: the caller's own. */
export async function listStandingOrders(ctx: ServiceContext, userId: string): Promise<StandingOrder[]> {
  return toStandingOrders(ctx, await queries.selectStandingOrdersOf(ctx.db, userId));
}

/** One of the caller's standing orders; anyone else's is answered like a missing one. */
export async function getStandingOrder(ctx: ServiceContext, userId: string, id: string): Promise<StandingOrder> {
  const row = await queries.selectStandingOrder(ctx.db, id);
  if (!row || row.user_id !== userId) throw NOT_FOUND();
  return (await toStandingOrders(ctx, [row]))[0]!;
}

async function parseInput(ctx: ServiceContext, rawInput: unknown) {
  const input = standingOrderInputSchema.parse(rawInput);
  await assertKnownItems(ctx, input.lines);
  await refuseStandingNoteWithPatientData(ctx, input.delivery_note);
  return { ...input, schedule: input.schedule as StandingScheduleInput };
}

/** A standing order's note goes to the supplier with each of its orders: checked when it is saved. */
export async function refuseStandingNoteWithPatientData(ctx: ServiceContext, note: string | null): Promise<void> {
  await refusePatientDataInSupplierText(ctx, [{ field: 'delivery_note', label: ORDER_NOTE_LABEL, text: note }]);
}

export async function assertKnownItems(ctx: ServiceContext, lines: readonly { asin: string }[]): Promise<void> {
  const input = { lines };
  const known = new Set(
    await queries.selectKnownAsins(
      ctx.db,
      input.lines.map((line) => line.asin),
    ),
  );
  const unknown = input.lines.findIndex((line) => !known.has(line.asin));
  if (unknown >= 0) {
    throw new AppError(422, 'PRODUCT_NOT_IN_CATALOG', `${input.lines[unknown]!.asin} is not in the catalogue.`, {
      [`lines.${unknown}.asin`]: 'is not in the catalogue',
    });
  }
}

export async function createStandingOrder(
  ctx: ServiceContext,
  owner: { userId: string; roles: readonly Role[] },
  rawInput: unknown,
) {
  if (!ORDERING_ROLES.includes(effectiveRole(owner.roles))) {
    throw new AppError(403, 'ORDERING_NOT_ALLOWED', 'Only people who submit orders can set up a standing order.');
  }
  const { userId } = owner;
  const input = await parseInput(ctx, rawInput);
  const id = await ctx.db.transaction(async (trx) => {
    const created = await queries.insertStandingOrder(trx, userId, input, ctx.now());
    await recordAudit(ctx, { action: 'standing_order.create', targetType: 'standing_order', targetId: created }, trx);
    return created;
  });
  return getStandingOrder(ctx, userId, id);
}

export async function updateStandingOrder(ctx: ServiceContext, userId: string, id: string, rawInput: unknown) {
  const current = await getStandingOrder(ctx, userId, id);
  if (current.location) {
    throw new AppError(
      403,
      'STANDING_ORDER_SET_BY_ADMIN',
      `This standing order is set by an administrator for ${current.location.name}: ask an administrator to change it. You may pause it.`,
    );
  }
  const input = await parseInput(ctx, rawInput);
  await ctx.db.transaction(async (trx) => {
    await queries.updateStandingOrder(trx, id, input, ctx.now());
    await recordAudit(ctx, { action: 'standing_order.update', targetType: 'standing_order', targetId: id }, trx);
  });
  return getStandingOrder(ctx, userId, id);
}

export async function pauseStandingOrder(ctx: ServiceContext, userId: string, id: string, paused: boolean) {
  await getStandingOrder(ctx, userId, id);
  await ctx.db.transaction(async (trx) => {
    await queries.setPaused(trx, id, paused, ctx.now());
    await recordAudit(
      ctx,
      { action: paused ? 'standing_order.pause' : 'standing_order.resume', targetType: 'standing_order', targetId: id },
      trx,
    );
  });
  return getStandingOrder(ctx, userId, id);
}

/**
 * The standing-orders job: every active standing order due today or yesterday (company calendar:
 * a run missed around midnight still creates it) gets its order, once. The occurrence's row is
 * claimed first (unique per date: a second run or instance finds it taken), then the order goes
 * through the normal submission with a key made of the standing order and the date — so a run
 * cut off between the two creates no second order when the claim is taken over. Budgets and
 * approval levels apply as to any order; a refusal (a stop budget, a monthly limit, an item no
 * longer sold) skips the occurrence and tells the owner why.
 */
export async function runDueStandingOrders(ctx: ServiceContext): Promise<{ ordered: number; skipped: number }> {
  const now = ctx.now();
  const timezone = await queries.selectCompanyTimezone(ctx.db);
  const today = localDate(now, timezone);
  const yesterday = localDate(new Date(now.getTime() - DAY_MS), timezone);
  const active = await queries.selectActiveStandingOrders(ctx.db, today);
  const lines = await queries.selectLinesOf(
    ctx.db,
    active.map((row) => row.id),
  );
  let ordered = 0;
  let skipped = 0;
  for (const standing of active) {
    for (const date of [yesterday, today]) {
      if (!fallsOn(planOf(standing), date)) continue;
      const isClaimed = await queries.claimOccurrence(
        ctx.db,
        standing.id,
        date,
        now,
        new Date(now.getTime() - STALE_CLAIM_MS),
      );
      if (!isClaimed) continue;
      const outcome = await placeOccurrence(ctx, standing, date, lines.get(standing.id) ?? []);
      if (outcome === 'ordered') ordered += 1;
      else if (outcome === 'skipped') skipped += 1;
    }
  }
  return { ordered, skipped };
}

async function placeOccurrence(
  ctx: ServiceContext,
  standing: queries.StandingOrderRow & { email: string },
  date: string,
  lines: readonly { asin: string; quantity: number }[],
): Promise<'ordered' | 'skipped' | 'left'> {
  const roles = (await queries.selectOwnerRoles(ctx.db, standing.user_id)) as Role[];
  const owner = { userId: standing.user_id, email: standing.email, roles };
  const ownerCtx: ServiceContext = { ...ctx, actor: { kind: 'user', userId: owner.userId, label: 'standing-orders' } };
  try {
    const forLocation = standing.location_id
      ? { forLocation: { id: standing.location_id, name: standing.location_name ?? '' } }
      : {};
    const { order } = await submitOrder(
      ownerCtx,
      owner,
      `standing:${standing.id}:${date}`,
      {
        lines: lines.map((line) => ({ asin: line.asin, quantity: line.quantity })),
        delivery_note: standing.delivery_note,
      },
      { keepCart: true, ...forLocation },
    );
    await queries.finishOccurrence(
      ctx.db,
      standing.id,
      date,
      { status: 'ordered', order_id: order.id, reason: null },
      ctx.now(),
    );
    await sendMail(ctx, {
      to: standing.email,
      subject: `Standing order "${standing.name}": order ${order.order_number} placed`,
      template: 'standing-order-placed',
      text: [
        `Your standing order "${standing.name}" placed order ${order.order_number} for ${date} (total ${formatUsd(order.total_amount)}).`,
        'It goes through the usual approvals; you can follow it under Orders.',
      ].join('\n'),
    });
    return 'ordered';
  } catch (error) {
    // Anything but a refusal (the database gone, a crash) leaves the claim for a later run.
    if (!(error instanceof AppError)) {
      ctx.log.error({ err: error, standingOrder: standing.id, date }, 'standing order occurrence left for a later run');
      return 'left';
    }
    await queries.finishOccurrence(
      ctx.db,
      standing.id,
      date,
      { status: 'skipped', order_id: null, reason: error.message },
      ctx.now(),
    );
    // The owner is mailed below; the audit log is where administrators see which dates were skipped and why.
    await recordAudit(ownerCtx, {
      action: 'standing_order.occurrence_skipped',
      targetType: 'standing_order',
      targetId: standing.id,
      outcome: 'failure',
      details: { date, code: error.code, reason: error.message },
    });
    await sendMail(ctx, {
      to: standing.email,
      subject: `Standing order "${standing.name}": nothing ordered for ${date}`,
      template: 'standing-order-skipped',
      text: [
        `Your standing order "${standing.name}" could not place its order for ${date}:`,
        error.message,
        'The next date is ordered as usual; change or pause the standing order if this will keep happening.',
      ].join('\n'),
    });
    return 'skipped';
  }
}
