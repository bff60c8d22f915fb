import pg from 'pg';
import { EVENTS_CHANNEL, hubEventSchema, type HubEvent } from '../../contracts/events.js';
import type { Logger } from '../../logger.js';

export { EVENTS_CHANNEL };
const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000];

export type { HubEvent };

export interface EventHub {
  subscribe(listener: (event: HubEvent) => void): () => void;
  close(): Promise<void>;
}

/**
 * One LISTEN connection per instance fans PostgreSQL notifications out to the event streams, so
 * a change made through any instance (or the CLI) reaches every subscriber. Reconnects by itself.
 */
export function createEventHub(connectionString: string, log: Logger): EventHub {
  const listeners = new Set<(event: HubEvent) => void>();
  let client: pg.Client | undefined;
  let isClosed = false;
  let attempt = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    if (isClosed || client) return;
    const next = new pg.Client({ connectionString, application_name: 'supply-hub-events' });
    client = next;
    next.on('notification', (message) => {
      const parsed = hubEventSchema.safeParse(safeJson(message.payload));
      if (parsed.success) for (const listener of listeners) listener(parsed.data);
    });
    next.on('error', (error) => {
      log.warn({ error: error.message }, 'event hub connection lost');
      scheduleReconnect(next);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${EVENTS_CHANNEL}`);
      attempt = 0;
    } catch (error) {
      log.warn({ error: (error as Error).message }, 'event hub cannot listen yet');
      scheduleReconnect(next);
    }
  }

  function scheduleReconnect(failed: pg.Client): void {
    if (client !== failed) return;
    client = undefined;
    void failed.end().catch(() => {});
    if (isClosed || reconnectTimer) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)] ?? 10_000;
    attempt += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void connect();
    }, delay);
    reconnectTimer.unref();
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      void connect();
      return () => listeners.delete(listener);
    },
    async close() {
      isClosed = true;
      listeners.clear();
      if (reconnectTimer) clearTimeout(reconnectTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}

function safeJson(payload: string | undefined): unknown {
  try {
    return JSON.parse(payload ?? '');
  } catch {
    return undefined;
  }
}
