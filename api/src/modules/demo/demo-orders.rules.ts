import {
  formatCents,
  lineTotalCents,
  orderTotalCents,
  unitPriceCents,
  type PricedProduct,
} from '../orders/order-pricing.rules.js';
import type { OrderStatus } from '../../contracts/orders.js';

export interface DemoProduct extends PricedProduct {
  id: string;
  asin: string;
  sku: string | null;
  title: string;
}

export interface DemoOrderPlan {
  requesterIndex: number;
  daysAgo: number;
  status: OrderStatus;
  reason: string | null;
  /** A STAT order's reason (null for the others). */
  urgentReason: string | null;
  total_amount: string;
  lines: {
    product: DemoProduct;
    quantity: number;
    unit_price: string;
    total_price: string;
  }[];
}

/** A small deterministic generator (mulberry32), so every demo start shows the same history. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FAILURE_REASONS = ['HTTP 500 - Supplier service unavailable', 'HTTP ERROR - Connection timed out after 30 s'];
const REJECTION_REASONS = [
  'Rejected by admin',
  'Duplicate of an earlier request',
  'Over the department budget this month',
];

/**
 * Older orders are mostly finished; the last two weeks hold the ones still waiting. Never
 * 'approved': approval submits the order at once, so an approved order is always submitted or
 * failed (decisions.md) and one left in 'approved' would be stuck with no action to take.
 */
export function statusFor(daysAgo: number, roll: number): Exclude<OrderStatus, 'approved'> {
  if (daysAgo <= 3) return roll < 0.7 ? 'pending' : 'submitted';
  if (daysAgo <= 14) return roll < 0.35 ? 'pending' : roll < 0.75 ? 'submitted' : roll < 0.88 ? 'failed' : 'rejected';
  return roll < 0.78 ? 'submitted' : roll < 0.88 ? 'rejected' : 'failed';
}

export function planDemoOrders(
  products: readonly DemoProduct[],
  requesterCount: number,
  orderCount: number,
): DemoOrderPlan[] {
  const random = seededRandom(20261121);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const plans: DemoOrderPlan[] = [];
  for (let index = 0; index < orderCount; index += 1) {
    const daysAgo = Math.floor(random() * 150);
    const status = statusFor(daysAgo, random());
    const chosen = new Map<string, DemoProduct>();
    const lineCount = 1 + Math.floor(random() * 4);
    while (chosen.size < lineCount) {
      const product = pick(products);
      chosen.set(product.asin, product);
    }
    const lines = [...chosen.values()].map((product) => {
      const quantity = 1 + Math.floor(random() * 12);
      const unit = unitPriceCents(product);
      return {
        product,
        quantity,
        unit_price: formatCents(unit),
        total_price: formatCents(lineTotalCents({ quantity, unitPriceCents: unit })),
      };
    });
    const total = orderTotalCents(
      lines.map((line) => ({ quantity: line.quantity, unitPriceCents: unitPriceCents(line.product) })),
    );
    plans.push({
      requesterIndex: index % requesterCount,
      daysAgo,
      status,
      reason: status === 'failed' ? pick(FAILURE_REASONS) : status === 'rejected' ? pick(REJECTION_REASONS) : null,
      urgentReason: null,
      total_amount: formatCents(total),
      lines,
    });
  }
  return markStatOrders(plans.sort((a, b) => b.daysAgo - a.daysAgo));
}

const STAT_REASONS = [
  'Ward ran out of saline flushes',
  'Crash cart restock after a code',
  'Theatre list moved up to today',
  'Isolation room needs gowns now',
];
/** One order in this many of the last 90 days is STAT, about the share a busy ward reports. */
const STAT_EVERY = 9;

/**
 * A few recent orders are STAT (the STAT report has departments and reasons to count), and the
 * newest pending one is, so a fresh demo's Approvals inbox opens on a STAT order. Chosen after the
 * random draws, so the rest of the history is the same as without them.
 */
function markStatOrders(plans: DemoOrderPlan[]): DemoOrderPlan[] {
  const newestPending = plans.findLastIndex((plan) => plan.status === 'pending');
  let recent = 0;
  return plans.map((plan, index) => {
    const isRecent = plan.daysAgo <= 90;
    if (isRecent) recent += 1;
    const isStat = index === newestPending || (isRecent && recent % STAT_EVERY === 0);
    return isStat ? { ...plan, urgentReason: STAT_REASONS[(isRecent ? recent : index) % STAT_REASONS.length]! } : plan;
  });
}
