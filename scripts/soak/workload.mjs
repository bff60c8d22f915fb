// What a hospital group does all day, as loops that run until `isRunning()` turns false: requesters
// browse and order, two approvers sign off (level 2 above LEVEL_2_THRESHOLD), requesters receive
// what shipped, a nurse counts the par cart and orders its top-up, finance decides invoice
// exceptions. The supplier's confirmations, ship notices and invoices come from the sandbox
// supplier of demo mode, over POST /api/cxml/inbound.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

export const LEVEL_2_THRESHOLD = 150;
const REQUESTERS = ['doctor', 'provider', 'user'].map((name) => `${name}@demo.supplyhub.test`);
const SEARCHES = ['', 'glove', 'gauze', 'mask', 'syringe'];
/** A submission that failed for the outage is sent again with the same key, this many times at most. */
const SUBMIT_TRIES = 8;

/** A signed-in user whose cookie is renewed when the portal answers 401 (or a sign-in failed). */
function session(traffic, email) {
  let cookie;
  return {
    async call(op, method, path, options = {}) {
      cookie ??= await traffic.signIn(email);
      if (!cookie) return { status: undefined, error: 'NOT_SIGNED_IN' };
      const outcome = await traffic.call(op, method, path, { ...options, cookie });
      if (outcome.status === 401) cookie = undefined;
      return outcome;
    },
    signOutLocally() {
      cookie = undefined;
    },
  };
}

const pick = (list, seed) => list[seed % list.length];
const isServed = (outcome) => outcome.status !== undefined && outcome.status < 500;

export async function configurePortal(traffic) {
  const admin = session(traffic, 'admin@demo.supplyhub.test');
  const levels = await admin.call('set approval levels', 'PUT', '/api/admin/settings/approval-levels', {
    body: {
      levels: [
        { threshold: 0, roles: ['admin'] },
        { threshold: LEVEL_2_THRESHOLD, roles: ['super_admin', 'finance'] },
      ],
    },
  });
  if (levels.status !== 200) throw new Error(`setting the approval levels answered ${levels.status ?? levels.error}`);
  const doctor = session(traffic, REQUESTERS[0]);
  const catalogue = await doctor.call('catalogue', 'GET', '/api/products?per_page=100');
  const products = (catalogue.json?.data ?? []).filter((product) => Number(product.price) > 0);
  if (products.length < 10) throw new Error('the catalogue has fewer than 10 priced products');
  return { products };
}

export function startWorkload(traffic, { products, isRunning, onSubmitted }) {
  const loops = [];
  const counts = {
    ordersSubmitted: 0,
    approvals: 0,
    lineRejections: 0,
    receipts: 0,
    parCounts: 0,
    invoiceDecisions: 0,
  };

  // Requesters: catalogue reads, their orders, a submission about every third turn; each signs in again now and then.
  for (const [index, email] of REQUESTERS.entries()) {
    loops.push(
      (async () => {
        const user = session(traffic, email);
        for (let turn = index; isRunning(); turn += 1) {
          if (turn % 25 === 24) user.signOutLocally();
          await user.call(
            'catalogue',
            'GET',
            `/api/products?page=${1 + (turn % 3)}&per_page=24&q=${pick(SEARCHES, turn)}`,
          );
          await user.call('own orders', 'GET', '/api/orders?page=1&per_page=20');
          if (turn % 3 === 0) {
            const lines = Array.from({ length: 1 + (turn % 3) }, (_unused, line) => ({
              asin: pick(products, turn * 7 + line * 13).asin,
              quantity: 1 + ((turn + line) % 6),
            }));
            const key = `soak-${randomUUID()}`;
            for (let tries = 0; tries < SUBMIT_TRIES && isRunning(); tries += 1) {
              const outcome = await user.call('submit order', 'POST', '/api/orders', {
                body: { lines },
                headers: { 'idempotency-key': key },
              });
              if (outcome.status === 201 || outcome.status === 200) {
                counts.ordersSubmitted += 1;
                onSubmitted?.(outcome.json);
                break;
              }
              if (isServed(outcome) && outcome.status !== 401) break;
              await sleep(500);
            }
          }
          await receiveShipped(user, counts);
          await sleep(150);
        }
      })(),
    );
  }

  // Level 1 by the admin, level 2 by the super admin; every seventh approval rejects a line with a reason.
  for (const [email, level] of [
    ['admin@demo.supplyhub.test', 1],
    ['superadmin@demo.supplyhub.test', 2],
  ]) {
    loops.push(
      (async () => {
        const approver = session(traffic, email);
        while (isRunning()) {
          const inbox = await approver.call(
            'approvals inbox',
            'GET',
            `/api/admin/approvals?range=${encodeURIComponent('[0,9]')}`,
          );
          for (const order of Array.isArray(inbox.json) ? inbox.json : []) {
            if (!isRunning()) break;
            const waiting = order.approval?.waiting_for?.[0]?.level ?? level;
            if (waiting !== level) continue;
            counts.approvals += 1;
            const rejectLine = counts.approvals % 7 === 0 && order.lines?.length > 1;
            const body = rejectLine
              ? { level, rejected_lines: [{ item_id: order.lines.at(-1).id, reason: 'Soak: not needed this week' }] }
              : { level };
            const outcome = await approver.call(
              `approve level ${level}`,
              'POST',
              `/api/admin/orders/${order.id}/approve`,
              {
                body,
              },
            );
            if (rejectLine && outcome.status === 200) counts.lineRejections += 1;
          }
          await sleep(400);
        }
      })(),
    );
  }

  // The nurse counts the par cart and orders its top-up every other count.
  loops.push(
    (async () => {
      const nurse = session(traffic, 'nurse@demo.supplyhub.test');
      for (let turn = 0; isRunning(); turn += 1) {
        const mine = await nurse.call('locations', 'GET', '/api/locations');
        const location = Array.isArray(mine.json) ? mine.json[0] : undefined;
        if (!location) {
          await sleep(1000);
          continue;
        }
        const detail = await nurse.call('location detail', 'GET', `/api/locations/${location.id}`);
        const stock = detail.json?.stock_list ?? [];
        if (stock.length > 0) {
          const counted = await nurse.call('par count', 'POST', `/api/locations/${location.id}/counts`, {
            body: {
              counts: stock.map((item, index) => ({ asin: item.asin, on_hand: (turn + index) % (item.par + 1) })),
            },
          });
          if (counted.status === 201) {
            counts.parCounts += 1;
            if (turn % 2 === 0 && counted.json.lines.some((line) => line.quantity > 0)) {
              const ordered = await nurse.call(
                'top-up order',
                'POST',
                `/api/locations/${location.id}/counts/${counted.json.id}/order`,
              );
              if (ordered.status === 201) onSubmitted?.(ordered.json);
            }
          }
        }
        await sleep(1500);
      }
    })(),
  );

  // Finance: the ready-to-pay list and a decision on each exception (accept most, dispute some).
  loops.push(
    (async () => {
      const finance = session(traffic, 'finance@demo.supplyhub.test');
      for (let turn = 0; isRunning(); turn += 1) {
        const filter = encodeURIComponent(JSON.stringify({ status: 'exception' }));
        const exceptions = await finance.call(
          'invoices',
          'GET',
          `/api/admin/invoices?filter=${filter}&range=${encodeURIComponent('[0,9]')}`,
        );
        for (const invoice of Array.isArray(exceptions.json) ? exceptions.json : []) {
          const decision = (turn + counts.invoiceDecisions) % 4 === 0 ? 'dispute' : 'accept';
          const outcome = await finance.call(
            `invoice ${decision}`,
            'POST',
            `/api/admin/invoices/${invoice.id}/${decision}`,
            {
              body: { note: `Soak: ${decision}ed after checking the order` },
            },
          );
          if (outcome.status === 200) counts.invoiceDecisions += 1;
        }
        await finance.call('ready-to-pay export', 'GET', '/api/admin/invoice-exports/ready-to-pay');
        await sleep(2000);
      }
    })(),
  );

  return { done: Promise.all(loops), counts };
}

/** Receives, on the requester's newest sent orders, what shipped and has not arrived yet, with its lot. */
async function receiveShipped(user, counts) {
  const list = await user.call('own orders', 'GET', '/api/orders?page=1&per_page=20');
  const orders = list.json?.data ?? (Array.isArray(list.json) ? list.json : []);
  for (const summary of orders.filter((order) => order.status === 'submitted').slice(0, 6)) {
    const order = await user.call('order detail', 'GET', `/api/orders/${summary.id}`);
    const lines = (order.json?.fulfilment?.lines ?? [])
      .filter((line) => line.shipped_quantity > line.received_quantity)
      .map((line) => ({
        line_number: line.line_number,
        quantity: line.shipped_quantity - line.received_quantity,
        ...(line.lots?.[0]?.lot ? { lot: line.lots[0].lot, expiry_date: line.lots[0].expiry_date } : {}),
      }));
    if (lines.length === 0) continue;
    // No blind resend: an answer lost in an outage may have been recorded; the next turn reads again.
    const outcome = await user.call('receipt', 'POST', `/api/orders/${summary.id}/receipts`, {
      body: { lines, confirm_short_shelf_life: true },
    });
    if (outcome.status === 201) counts.receipts += 1;
  }
}
