// Inbound flood benchmark: the built server in demo mode on its embedded PostgreSQL, with inbound
// supplier credentials set. For --duration seconds, --flooders concurrent clients post 1 MB junk
// documents (a well-formed Header with a wrong shared secret, then a megabyte of elements) to
// POST /api/cxml/inbound, each from a new address (X-Forwarded-For, believed from loopback): the
// worst case, a botnet that no per-source pause slows down. Meanwhile three probes run one request
// at a time: GET /api/health/live, GET /api/products (signed in) and a legitimate supplier posting
// ConfirmationRequests from its own address. The probes' p95 is measured before the flood and
// during it. The junk names another sender identity, as a stranger's would; with
// --junk-names-supplier it names the supplier's (an attacker who knows it competes with the supplier
// on equal terms). Options: --duration S (default 30), --flooders N (default 50), --smoke (3 s, 5
// flooders, a short quiet phase: proves the bench runs), --junk-names-supplier, --json.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

import pg from 'pg';

import { signInCookie } from './demo-session.mjs';
import { setInboundCredentials, supplierHeader } from './inbound-supplier.mjs';
import { insertSentOrders } from './inbound.mjs';
import { formatTable, numberOption, percentile } from './report.mjs';
import { SERVER_ENTRY, embeddedDatabaseUrl, withDemoServer } from './server-process.mjs';
import { TARGETS as ALL_TARGETS } from './targets.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DIST = path.join(REPO_ROOT, 'api', 'dist', 'api', 'src');
const TARGETS = ALL_TARGETS.inboundFlood;
const SUPPLIER_IDENTITY = 'FLOOD-BENCH-SUPPLIER';
const SUPPLIER_SECRET = `flood-${randomUUID()}`;
const JUNK_BYTES = 1_000_000;
const LEGITIMATE_ADDRESS = '198.51.100.77';

function header(sharedSecret, senderIdentity = SUPPLIER_IDENTITY) {
  return supplierHeader({
    identity: senderIdentity,
    sharedSecret,
    userAgent: 'Supply Hub inbound flood benchmark',
    payloadDomain: 'flood-bench',
  });
}

function confirmationFor(build, order) {
  return build(header(SUPPLIER_SECRET), {
    type: 'accept',
    noticeDate: new Date(),
    order: { orderId: order.orderNumber, payloadId: order.payloadId },
    items: [],
  });
}

/** A real Header with a wrong secret, then a megabyte of elements: what costs a parser the most per byte. */
function junkDocument(build, senderIdentity) {
  const small = build(header(`wrong-${randomUUID()}`, senderIdentity), {
    orderPayloadId: 'none@flood',
    code: 200,
    text: 'OK',
  });
  const filler = '<Extrinsic name="x">y</Extrinsic>'.repeat(Math.ceil((JUNK_BYTES - small.length) / 33) - 1);
  return Buffer.from(small.replace('<Status ', `${filler}<Status `).slice(0, JUNK_BYTES), 'utf8');
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** One request; resolves with status and milliseconds (status 0: the connection failed). */
function send(baseUrl, { method = 'GET', path: requestPath, headers = {}, body }) {
  const url = new URL(requestPath, baseUrl);
  const begin = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method, headers, agent },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - begin }));
      },
    );
    request.on('error', () => resolve({ status: 0, ms: performance.now() - begin }));
    request.end(body);
  });
}

/** Runs `next` in a loop until `until`, one request at a time; returns the latencies and statuses. */
async function probe(until, next) {
  const latencies = [];
  const statuses = {};
  while (performance.now() < until) {
    const { status, ms } = await next();
    latencies.push(ms);
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  return { latencies, statuses };
}

async function measurePhase({ baseUrl, seconds, flooders, cookie, orders, junk, buildConfirmation }) {
  const until = performance.now() + seconds * 1000;
  const flood = { count: 0, statuses: {} };
  const floodLoops = Array.from({ length: flooders }, async () => {
    while (performance.now() < until) {
      const { status } = await send(baseUrl, {
        method: 'POST',
        path: '/api/cxml/inbound',
        headers: {
          'Content-Type': 'text/xml; charset=utf-8',
          'Content-Length': junk.length,
          'X-Forwarded-For': `10.${randomBytes(3).join('.')}`,
        },
        body: junk,
      });
      flood.count += 1;
      flood.statuses[status] = (flood.statuses[status] ?? 0) + 1;
    }
  });
  const [live, products, confirmations] = await Promise.all([
    probe(until, () => send(baseUrl, { path: '/api/health/live' })),
    probe(until, () => send(baseUrl, { path: '/api/products?range=[0,23]', headers: { Cookie: cookie } })),
    probe(until, () => {
      const order = orders.pop();
      const xml = confirmationFor(buildConfirmation, order);
      return send(baseUrl, {
        method: 'POST',
        path: '/api/cxml/inbound',
        headers: { 'Content-Type': 'text/xml; charset=utf-8', 'X-Forwarded-For': LEGITIMATE_ADDRESS },
        body: xml,
      });
    }),
    ...floodLoops,
  ]);
  return { live, products, confirmations, flood, seconds };
}

const p95 = (list) => (list.length ? Number(percentile(list, 95).toFixed(1)) : null);

export async function run(args) {
  const asJson = args.includes('--json');
  const isSmoke = args.includes('--smoke');
  const seconds = numberOption(args, '--duration', isSmoke ? 3 : 30);
  const flooders = numberOption(args, '--flooders', isSmoke ? 5 : 50);
  const quietSeconds = isSmoke ? 2 : 10;
  // A stranger does not know the supplier's identity; --junk-names-supplier floods as one who does.
  const junkIdentity = args.includes('--junk-names-supplier') ? SUPPLIER_IDENTITY : 'SOMEONE-ELSE';
  if (!existsSync(path.join(REPO_ROOT, SERVER_ENTRY))) {
    process.stderr.write(`${SERVER_ENTRY} not found — run \`npm run build --workspace api\` first.\n`);
    return 1;
  }
  const documents = await import(path.join(DIST, 'modules', 'supplier', 'cxml', 'cxml-supplier-documents.js'));
  return withDemoServer('inbound-flood', async ({ baseUrl, dataDir }) => {
    const db = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir) });
    await db.connect();
    try {
      await setInboundCredentials(db, dataDir, { identity: SUPPLIER_IDENTITY, secret: SUPPLIER_SECRET });
      const orders = await insertSentOrders(db, (quietSeconds + seconds) * 400 + 100);
      const cookie = await signInCookie(baseUrl, 'doctor@demo.supplyhub.test');
      const junk = junkDocument(documents.buildStatusUpdateRequestXml, junkIdentity);
      const common = { baseUrl, cookie, orders, junk, buildConfirmation: documents.buildConfirmationRequestXml };
      // Warm-up: the first requests load the catalogue and start the reader thread.
      await measurePhase({ ...common, seconds: 1, flooders: 0 });
      const quiet = await measurePhase({ ...common, seconds: quietSeconds, flooders: 0 });
      const flood = await measurePhase({ ...common, seconds, flooders });
      const result = {
        isSmoke,
        flooders,
        seconds,
        junk_bytes: junk.length,
        flood_documents: flood.flood.count,
        flood_documents_per_s: Number((flood.flood.count / seconds).toFixed(1)),
        flood_statuses: flood.flood.statuses,
        quiet: {
          live_p95_ms: p95(quiet.live.latencies),
          products_p95_ms: p95(quiet.products.latencies),
          confirmation_p95_ms: p95(quiet.confirmations.latencies),
        },
        during_flood: {
          live_p95_ms: p95(flood.live.latencies),
          products_p95_ms: p95(flood.products.latencies),
          confirmation_p95_ms: p95(flood.confirmations.latencies),
          confirmations: flood.confirmations.latencies.length,
          confirmation_statuses: flood.confirmations.statuses,
          products_statuses: flood.products.statuses,
        },
        load_average: Number(os.loadavg()[0].toFixed(2)),
      };
      const during = result.during_flood;
      const confirmationsOk = Object.keys(during.confirmation_statuses).every((status) => status === '200');
      const rows = [
        {
          name: 'Flood: 1 MB wrong-secret documents answered',
          value: `${result.flood_documents} (${result.flood_documents_per_s}/s)`,
        },
        { name: 'Flood answers by status', value: JSON.stringify(result.flood_statuses) },
        { name: 'GET /api/health/live p95, quiet', value: `${result.quiet.live_p95_ms} ms` },
        {
          name: 'GET /api/health/live p95, during the flood',
          value: `${during.live_p95_ms} ms`,
          target: `≤ ${TARGETS.probeP95Ms} ms`,
          pass: during.live_p95_ms !== null && during.live_p95_ms <= TARGETS.probeP95Ms,
        },
        { name: 'GET /api/products p95, quiet', value: `${result.quiet.products_p95_ms} ms` },
        {
          name: 'GET /api/products p95, during the flood',
          value: `${during.products_p95_ms} ms`,
          target: `≤ ${TARGETS.probeP95Ms} ms`,
          pass: during.products_p95_ms !== null && during.products_p95_ms <= TARGETS.probeP95Ms,
        },
        { name: 'Supplier confirmation p95, quiet', value: `${result.quiet.confirmation_p95_ms} ms` },
        {
          name: 'Supplier confirmation p95, during the flood',
          value: `${during.confirmation_p95_ms} ms`,
          target: `≤ ${TARGETS.confirmationP95Ms} ms`,
          pass: during.confirmation_p95_ms !== null && during.confirmation_p95_ms <= TARGETS.confirmationP95Ms,
        },
        {
          name: 'Supplier confirmations applied during the flood',
          value: `${during.confirmations} ${JSON.stringify(during.confirmation_statuses)}`,
          target: 'all 200',
          pass: during.confirmations > 0 && confirmationsOk,
        },
      ];
      if (asJson) {
        process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
      } else {
        process.stdout.write(
          `\nSupply Hub inbound flood benchmark — built server, embedded PostgreSQL, ${flooders} clients × ${seconds} s of 1 MB wrong-secret documents naming ${junkIdentity === SUPPLIER_IDENTITY ? "the supplier's identity" : 'another identity'}, each from a new address; load ${result.load_average}\n\n${formatTable(rows, { isSmoke })}\n`,
        );
      }
      // A smoke run proves the bench runs and the supplier gets through; its figures on a busy CI machine are not judged.
      if (isSmoke) return during.confirmations > 0 && confirmationsOk && result.flood_documents > 0 ? 0 : 1;
      return rows.every((row) => row.pass !== false) ? 0 : 1;
    } finally {
      await db.end();
    }
  });
}
