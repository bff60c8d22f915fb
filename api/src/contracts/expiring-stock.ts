import { z } from 'zod';

/**
 * Expiring stock: the received lots (receipt lines with an expiry date) that expire within a
 * window of days from the company's today, soonest first. A lot that already expired shows while
 * its expiry is no more than the same number of days past; a lot a recall notice was sent for is
 * marked recalled.
 */
export const EXPIRING_WITHIN_DAYS_DEFAULT = 90;
export const EXPIRING_WITHIN_DAYS_MAX = 730;
/**
 * The organisation-wide list answers at most this many lots (the admin lists' page size); `total`
 * says how many the window holds, and the CSV export has them all.
 */
export const EXPIRING_LIST_MAX_ROWS = 200;
/** The weekly digest's window. */
export const EXPIRY_DIGEST_WITHIN_DAYS = 60;

export const EXPIRING_WITHIN_DAYS_MESSAGE = `within_days must be a whole number of days from 1 to ${EXPIRING_WITHIN_DAYS_MAX}.`;

/** ?within_days=90 (query strings are text: digits only, so "12abc" and "1.5" are refused). */
export const expiringQuerySchema = z.strictObject({
  within_days: z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, EXPIRING_WITHIN_DAYS_MESSAGE)
    .transform(Number)
    .pipe(
      z.number().int().min(1, EXPIRING_WITHIN_DAYS_MESSAGE).max(EXPIRING_WITHIN_DAYS_MAX, EXPIRING_WITHIN_DAYS_MESSAGE),
    )
    .optional(),
});
export type ExpiringQuery = z.input<typeof expiringQuerySchema>;

export const expiringLotSchema = z.strictObject({
  /** The lot as received; null when the receiver recorded an expiry date without one. */
  lot: z.string().nullable(),
  asin: z.string(),
  /** The item, as the order line's snapshot names it. */
  title: z.string(),
  expiry_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Days from the company's today to the expiry date; negative once expired. */
  days_left: z.number().int(),
  is_expired: z.boolean(),
  /** A recall notice was sent for this lot of this item (Recalls, "E-mail the requesters"). */
  is_recalled: z.boolean(),
  /** Units received of this lot on this receipt line. */
  quantity: z.number().int(),
  /** Where it was delivered: the ward location the order restocked, else its ship-to. */
  location: z.string().nullable(),
  location_id: z.string().nullable(),
  department: z.string().nullable(),
  received_by: z.string(),
  received_at: z.string(),
  order_number: z.string(),
});
export type ExpiringLot = z.infer<typeof expiringLotSchema>;

export const expiringLotListSchema = z
  .strictObject({
    within_days: z.number().int(),
    /** The company's today (YYYY-MM-DD) the days are counted from. */
    today: z.string(),
    /** Every lot in the window; more than data holds when the list was cut at EXPIRING_LIST_MAX_ROWS. */
    total: z.number().int().nonnegative(),
    data: z.array(expiringLotSchema),
  })
  .meta({ id: 'ExpiringLotList' });
export type ExpiringLotList = z.infer<typeof expiringLotListSchema>;

/** One CSV row: the list's columns in words a spreadsheet reader needs. */
export type ExpiringLotCsvRow = Pick<
  ExpiringLot,
  | 'lot'
  | 'asin'
  | 'title'
  | 'expiry_date'
  | 'days_left'
  | 'quantity'
  | 'location'
  | 'department'
  | 'received_by'
  | 'received_at'
  | 'order_number'
> & { status: string };

export const EXPIRING_CSV_FIELDS = [
  'lot',
  'asin',
  'title',
  'expiry_date',
  'days_left',
  'status',
  'quantity',
  'location',
  'department',
  'received_by',
  'received_at',
  'order_number',
] as const satisfies readonly (keyof ExpiringLotCsvRow)[];
