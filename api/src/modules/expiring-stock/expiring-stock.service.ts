import {
  EXPIRING_CSV_FIELDS,
  EXPIRING_LIST_MAX_ROWS,
  EXPIRING_WITHIN_DAYS_DEFAULT,
  EXPIRING_WITHIN_DAYS_MESSAGE,
  EXPIRY_DIGEST_WITHIN_DAYS,
  expiringQuerySchema,
  type ExpiringLot,
  type ExpiringLotList,
} from '../../contracts/expiring-stock.js';
import { readForReport, type ServiceContext } from '../../context.js';
import { toSpreadsheetSafeCsv } from '../../csv/spreadsheet-safe-csv.js';
import type { Db } from '../../database/connection.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { locationNotFound } from '../locations/locations-admin.service.js';
import { listMyLocations, type Counter } from '../locations/locations.service.js';
import { sendMail } from '../mail/mail.service.js';
import { localDate } from '../standing-orders/standing-order-schedule.rules.js';
import * as queries from './expiring-stock.queries.js';
import { expiryDigestMail, lotsForRecipient, toCsvRow, type DigestLot } from './expiring-stock.rules.js';

/** within_days from the query string, or the default; anything else is one clear 400. */
function withinDaysOf(rawQuery: unknown): number {
  const parsed = expiringQuerySchema.safeParse(rawQuery);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') || 'within_days';
    const message = field === 'within_days' ? EXPIRING_WITHIN_DAYS_MESSAGE : `Unknown query parameter: ${field}.`;
    throw AppError.badRequest('EXPIRING_QUERY_INVALID', message, { [field]: message });
  }
  return parsed.data.within_days ?? EXPIRING_WITHIN_DAYS_DEFAULT;
}

async function readLots(
  db: Db,
  now: Date,
  filter: { withinDays: number; locationId?: string; limit?: number },
): Promise<{ today: string; total: number; lots: DigestLot[] }> {
  // Days are counted on the company's calendar, as receiving judges shelf life.
  const today = localDate(now, await queries.selectCompanyTimezone(db));
  const rows = await queries.selectExpiringLots(db, { today, ...filter });
  // Counted only when the rows were cut: the count is what tells the reader more exist.
  const isCut = filter.limit !== undefined && rows.length === filter.limit;
  return {
    today,
    total: isCut ? await queries.countExpiringLots(db, { today, ...filter }) : rows.length,
    lots: rows.map((row) => ({ ...row, is_expired: row.days_left < 0, received_at: row.received_at.toISOString() })),
  };
}

const withoutDepartmentId = ({ location_department_id: _department, ...lot }: DigestLot): ExpiringLot => lot;

/**
 * GET /api/admin/expiring: the received lots expiring within the window, soonest first, at most
 * EXPIRING_LIST_MAX_ROWS of them; `total` counts them all.
 */
export async function listExpiringStock(ctx: ServiceContext, rawQuery: unknown): Promise<ExpiringLotList> {
  const withinDays = withinDaysOf(rawQuery);
  const { today, total, lots } = await readForReport(ctx, (db) =>
    readLots(db, ctx.now(), { withinDays, limit: EXPIRING_LIST_MAX_ROWS }),
  );
  return { within_days: withinDays, today, total, data: lots.map(withoutDepartmentId) };
}

/** The location, when the caller may open it (its department's members, admins); else 404. */
async function openableLocation(ctx: ServiceContext, counter: Counter, locationId: string) {
  const location = (await listMyLocations(ctx, counter)).find((mine) => mine.id === locationId);
  if (!location) throw locationNotFound();
  return location;
}

/** GET /api/locations/:id/expiring: the lots delivered to one of the caller's locations. */
export async function listLocationExpiringStock(
  ctx: ServiceContext,
  counter: Counter,
  locationId: string,
  rawQuery: unknown,
): Promise<ExpiringLotList> {
  const withinDays = withinDaysOf(rawQuery);
  await openableLocation(ctx, counter, locationId);
  // One location's deliveries: not cut, as the storefront shows them all.
  const { today, total, lots } = await readLots(ctx.db, ctx.now(), { withinDays, locationId });
  return { within_days: withinDays, today, total, data: lots.map(withoutDepartmentId) };
}

function csvOf(list: ExpiringLotList): string {
  return toSpreadsheetSafeCsv(list.data.map(toCsvRow), EXPIRING_CSV_FIELDS);
}

/** The admin list as CSV; audited, since it names who received each lot. */
export async function exportExpiringStock(
  ctx: ServiceContext,
  rawQuery: unknown,
): Promise<{ fileName: string; csv: string }> {
  const withinDays = withinDaysOf(rawQuery);
  // Every lot of the window, not the list's first EXPIRING_LIST_MAX_ROWS.
  const { today, total, lots } = await readForReport(ctx, (db) => readLots(db, ctx.now(), { withinDays }));
  const list = { within_days: withinDays, today, total, data: lots.map(withoutDepartmentId) };
  await recordAudit(ctx, {
    action: 'expiring_stock.export',
    details: { within_days: list.within_days, lots: list.data.length },
  });
  return { fileName: `expiring-stock-${list.today}-${list.within_days}d.csv`, csv: csvOf(list) };
}

/** One location's list as CSV; audited like the admin export. */
export async function exportLocationExpiringStock(
  ctx: ServiceContext,
  counter: Counter,
  locationId: string,
  rawQuery: unknown,
): Promise<{ fileName: string; csv: string }> {
  const list = await listLocationExpiringStock(ctx, counter, locationId, rawQuery);
  await recordAudit(ctx, {
    action: 'expiring_stock.export',
    targetType: 'location',
    targetId: locationId,
    details: { within_days: list.within_days, lots: list.data.length },
  });
  return { fileName: `expiring-stock-${list.today}-${list.within_days}d.csv`, csv: csvOf(list) };
}

/**
 * The expiry-digest job: one mail per recipient whose list is not empty — logistics administrators
 * get every lot expiring within 60 days, a department's members the lots at their department's
 * locations. Nothing is sent when nothing expires.
 */
export async function sendExpiryDigest(ctx: ServiceContext): Promise<{ lots: number; mails: number }> {
  const withinDays = EXPIRY_DIGEST_WITHIN_DAYS;
  const { lots } = await readLots(ctx.db, ctx.now(), { withinDays });
  if (lots.length === 0) return { lots: 0, mails: 0 };
  let mails = 0;
  for (const recipient of await queries.selectDigestRecipients(ctx.db)) {
    const theirs = lotsForRecipient(recipient, lots).map(withoutDepartmentId);
    if (theirs.length === 0) continue;
    const mail = expiryDigestMail({ recipient, lots: theirs, withinDays, publicUrl: ctx.config.publicUrl });
    await sendMail(ctx, { to: recipient.email, template: 'expiry-digest', ...mail });
    mails += 1;
  }
  return { lots: lots.length, mails };
}
