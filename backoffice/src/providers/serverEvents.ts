/**
 * The back office's server-sent events (GET /api/events), one EventSource for the whole tab however
 * many screens listen: the server allows a few streams per session, and each tab opened its own per
 * listener. Closed when the last listener leaves; a stream the server closed for good is opened
 * again by the next listener.
 */
type Listener = (data: unknown) => void;

const listeners = new Map<string, Set<Listener>>();
let source: EventSource | null = null;
/** The event types the current source already forwards. */
let forwarded = new Set<string>();

function forward(type: string) {
  if (!source || forwarded.has(type)) return;
  forwarded.add(type);
  source.addEventListener(type, (event: MessageEvent<string>) => {
    let data: unknown;
    try {
      data = JSON.parse(event.data) as unknown;
    } catch {
      data = undefined;
    }
    for (const listener of listeners.get(type) ?? []) listener(data);
  });
}

/** Listens to one event type; returns the function that stops listening. */
export function listenToServerEvent(type: string, listener: Listener): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const forType = listeners.get(type) ?? new Set<Listener>();
  forType.add(listener);
  listeners.set(type, forType);
  if (!source || source.readyState === EventSource.CLOSED) {
    source?.close();
    source = new EventSource('/api/events', { withCredentials: true });
    forwarded = new Set();
    for (const known of listeners.keys()) forward(known);
  } else {
    forward(type);
  }
  return () => {
    forType.delete(listener);
    const isLast = [...listeners.values()].every((set) => set.size === 0);
    if (isLast && source) {
      source.close();
      source = null;
    }
  };
}
