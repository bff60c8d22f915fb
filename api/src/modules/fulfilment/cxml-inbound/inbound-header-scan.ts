import { parseCxmlDocument } from '../../supplier/cxml/cxml-safe-parser.js';
import { CxmlParseError } from '../../supplier/cxml/cxml.types.js';
import { readEnvelope } from './inbound-document.reader.js';
import { refuse } from './inbound-document.types.js';

/**
 * How far into a document its Sender credential must be. cXML puts the Header first; its From,
 * To and Sender take a few kilobytes even with several credentials.
 */
export const HEADER_SCAN_BYTES = 64 * 1024;

export interface ScannedSender {
  senderIdentity: string | null;
  sharedSecret: string | null;
}

const SENDER_ELEMENT = /<Sender\b[^>]*>[\s\S]*?<\/Sender\s*>/;

/**
 * The Sender credential of a document, read from its first 64 KB without parsing the rest, so a
 * stranger's document is refused before the portal spends a full parse on it. Only the Sender
 * element is parsed, with the same safe parser as the whole document; once the whole document
 * has been read, its Sender must say the same (sameSender), so the scan cannot be fooled by text
 * that only looks like a Sender.
 */
export function scanSender(raw: string): ScannedSender {
  const head = raw.slice(0, HEADER_SCAN_BYTES);
  const sender = SENDER_ELEMENT.exec(head)?.[0];
  if (!sender) {
    throw refuse.badRequest(
      `Not a readable cXML document: no Header/Sender credential in its first ${HEADER_SCAN_BYTES / 1024} KB`,
    );
  }
  try {
    const envelope = readEnvelope(parseCxmlDocument(`<cXML><Header>${sender}</Header></cXML>`));
    return { senderIdentity: envelope.senderIdentity, sharedSecret: envelope.sharedSecret };
  } catch (error) {
    if (error instanceof CxmlParseError) throw refuse.badRequest(`Not a readable cXML document: ${error.message}`);
    throw error;
  }
}

export function sameSender(scanned: ScannedSender, parsed: ScannedSender): boolean {
  return scanned.senderIdentity === parsed.senderIdentity && scanned.sharedSecret === parsed.sharedSecret;
}

const ROOT_PAYLOAD_ID = /<cXML\b[^>]*?\spayloadID\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/;

/** The root's payloadID as written (for the inbound log before the document is read), or null. */
export function scanPayloadId(raw: string): string | null {
  const match = ROOT_PAYLOAD_ID.exec(raw.slice(0, HEADER_SCAN_BYTES));
  return match ? (match[1] ?? match[2] ?? null) : null;
}

const SENDER_IDENTITY = /<Sender\b[^>]*>[\s\S]*?<Identity\b[^>]*>\s*([^<]{1,200}?)\s*<\/Identity>/;

/** The first Identity in the head's Sender, as written (for ordering the queue only), or null. */
export function scanSenderIdentity(head: string): string | null {
  return SENDER_IDENTITY.exec(head.slice(0, HEADER_SCAN_BYTES))?.[1] ?? null;
}
