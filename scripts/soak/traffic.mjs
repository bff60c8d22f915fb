// The soak's HTTP side: a client that spreads requests over the instances as a load balancer
// would, records every answer (operation, status or transport error, latency, when) and can tell
// which failures fell inside a planned outage.
import { performance } from 'node:perf_hooks';

const REQUEST_TIMEOUT_MS = 40_000;
const SESSION_COOKIE = 'supply_hub.sid';
export const DEMO_PASSWORD = 'SupplyHub-demo-2026';

export function createTraffic(instances) {
  const records = [];
  let turn = 0;

  /** One attempt on one instance; the record says what happened, the result carries the body. */
  async function attempt(instance, op, method, path, { cookie, body, headers = {} }) {
    const sentAt = Date.now();
    const started = performance.now();
    const record = { op, instance: instance.name, sentAt, finishedAt: 0, ms: 0, status: undefined, error: undefined };
    let json;
    let response;
    try {
      response = await fetch(`${instance.baseUrl}${path}`, {
        method,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      record.status = response.status;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = text;
      }
    } catch (error) {
      record.error = transportError(error);
    }
    record.finishedAt = Date.now();
    record.ms = performance.now() - started;
    records.push(record);
    return { status: record.status, error: record.error, json, response };
  }

  /**
   * Sends to the next instance in turn. Like a balancer's retry of a refused connection, a request
   * refused at the door (nothing was read) goes once to the other instance.
   */
  async function call(op, method, path, options = {}) {
    turn += 1;
    const first = instances[turn % instances.length];
    const outcome = await attempt(first, op, method, path, options);
    if (outcome.error === 'ECONNREFUSED' && instances.length > 1) {
      const other = instances[(turn + 1) % instances.length];
      return attempt(other, op, method, path, options);
    }
    return outcome;
  }

  async function signIn(email) {
    const outcome = await call('sign-in', 'POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } });
    if (outcome.status !== 200) return undefined;
    const session = outcome.response.headers.getSetCookie().find((value) => value.startsWith(`${SESSION_COOKIE}=`));
    return session?.split(';')[0];
  }

  return { records, call, signIn };
}

function transportError(error) {
  const cause = error?.cause ?? error;
  if (error?.name === 'TimeoutError') return 'TIMEOUT';
  return cause?.code ?? cause?.name ?? 'FETCH_FAILED';
}

/** What kind of failure a record is, or undefined for an answer below 500. */
export function failureKind(record) {
  if (record.error) return record.error;
  if (record.status >= 500) return `HTTP ${record.status}`;
  return undefined;
}

/** A failure is planned when the request was under way at some moment of an outage window. */
export function isInWindow(record, windows) {
  return windows.some((window) => record.sentAt <= window.end && record.finishedAt >= window.start);
}

export function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
