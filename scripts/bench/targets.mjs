// The performance targets, in one place: each benchmark judges its own figures by these, and
// `npm run bench -- all` prints every figure beside its target. Ratios are measured side by side in
// one run (the server and its floor a moment apart, under the same load), so they hold on a shared
// machine where absolute figures move.
export const TARGETS = {
  api: {
    /** GET /api/products and GET /api/orders: throughput at least this share of the floor's… */
    readThroughputRatio: 0.85,
    /** …and p99 at most this multiple of the floor's p99. */
    readP99Ratio: 1.25,
    /** POST /api/orders: throughput at least this share of the floor's. */
    submitThroughputRatio: 0.9,
  },
  approvals: { perSecond: 250, clickToSubmittedP95Ms: 50 },
  storefront: {
    /** Order submissions of 5 lines at 50 clients. */
    ordersPerSecond: 550,
    /** /catalog's initial JavaScript, gzip. */
    initialJsKb: 130,
    lighthouseMobilePerformance: 98,
    lighthouseAccessibility: 95,
    lighthouseTbtMs: 100,
    lighthouseLcpMs: 1500,
  },
  backoffice: { initialJsKb: 250, lighthousePerformance: 90, lighthouseAccessibility: 90 },
  /** ConfirmationRequests at 10 senders, against bare inserts of the same rows. */
  inbound: { floorRatio: 0.5, p95Ms: 50 },
  inboundFlood: { probeP95Ms: 100, confirmationP95Ms: 250 },
  budget: { addedP95Ms: 5, throughputRatio: 0.9 },
  /** A 500-item count and its top-up. */
  par: { countP95Ms: 50 },
  startup: { firstStartMs: 60_000, warmStartMs: 10_000, idleRssServerMb: 150 },
  auth: { signInP95Ms: 150, lookupAddedP50Ms: 3 },
};
