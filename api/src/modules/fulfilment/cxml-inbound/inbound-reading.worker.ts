import { readInboundText, type InboundReading } from './inbound-reading.js';

/** The worker thread's task (piscina): read one inbound document off the server's thread. */
export default function readInboundInWorker(raw: string): InboundReading {
  return readInboundText(raw);
}
