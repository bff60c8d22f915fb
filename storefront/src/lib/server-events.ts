/**
 * The signed-in user's server-sent events (GET /api/events: their own profile and order changes,
 * and catalogue changes), one EventSource shared by every subscriber and closed when the last one
 * leaves. EventSource reconnects by itself; if the endpoint is missing or refuses, the stream
 * simply stays closed and callers rely on polling.
 */
export type ServerEventType = 'profile.updated' | 'product.changed' | 'order.updated';
const EVENT_TYPES: readonly ServerEventType[] = ['profile.updated', 'product.changed', 'order.updated'];

type Listener = (data: unknown) => void;

const EVENTS_PATH = '/api/events';
const listeners = new Map<ServerEventType, Set<Listener>>();
let source: EventSource | null = null;

function dispatch(type: ServerEventType, event: MessageEvent<string>) {
  let data: unknown;
  try {
    data = JSON.parse(event.data) as unknown;
  } catch {
    data = undefined;
  }
  for (const listener of listeners.get(type) ?? []) listener(data);
}

function openSource(): EventSource {
  const eventSource = new EventSource(EVENTS_PATH, { withCredentials: true });
  for (const type of EVENT_TYPES) eventSource.addEventListener(type, (event) => dispatch(type, event));
  return eventSource;
}

function listenerCount(): number {
  let count = 0;
  for (const set of listeners.values()) count += set.size;
  return count;
}

/** Subscribes to one event type; returns the unsubscribe function. */
export function subscribeToServerEvent(type: ServerEventType, listener: Listener): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const set = listeners.get(type) ?? new Set<Listener>();
  set.add(listener);
  listeners.set(type, set);
  // A stream the server closed for good (404, 401) is reopened by the next subscriber.
  if (!source || source.readyState === EventSource.CLOSED) source = openSource();

  return () => {
    set.delete(listener);
    if (listenerCount() === 0 && source) {
      source.close();
      source = null;
    }
  };
}
