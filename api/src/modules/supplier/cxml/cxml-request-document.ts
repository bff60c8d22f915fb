import {
  CXML_LANG,
  CXML_VERSION,
  formatCxmlDate,
  serializeCxml,
  type CxmlDtdName,
  type XmlElementTree,
} from './cxml-text.js';

/** What the logged copy of a request carries instead of the shared secret. */
export const SHARED_SECRET_PLACEHOLDER = '[redacted]';

/** What every cXML request of ours carries before its request element. */
export interface CxmlRequestHeader {
  payloadId: string;
  timestamp: Date;
  deploymentMode: 'test' | 'production';
  fromIdentity: string;
  toIdentity: string;
  senderIdentity: string;
  sharedSecret: string;
  userAgent: string;
}

/**
 * The same request with the placeholder for its shared secret: built from it, the copy for logs
 * and the stored request XML differs from what is sent only in the secret, and cannot contain it.
 */
export function withSharedSecretRedacted<Header extends CxmlRequestHeader>(header: Header): Header {
  return { ...header, sharedSecret: SHARED_SECRET_PLACEHOLDER };
}

/**
 * A cXML request document: the cXML root with payloadID and timestamp, the Header (From, To,
 * Sender with the shared secret, in the DTD's order) and Request, which carries deploymentMode
 * only in test mode (the DTD's default is production), around the given request element.
 */
export function serializeRequestDocument(
  header: CxmlRequestHeader,
  requestElement: XmlElementTree,
  dtd: CxmlDtdName = 'cXML.dtd',
): string {
  return serializeCxml(
    {
      '@_version': CXML_VERSION,
      '@_payloadID': header.payloadId,
      '@_timestamp': formatCxmlDate(header.timestamp),
      '@_xml:lang': CXML_LANG,
      Header: {
        From: { Credential: credential(header.fromIdentity) },
        To: { Credential: credential(header.toIdentity) },
        Sender: {
          Credential: { ...credential(header.senderIdentity), SharedSecret: header.sharedSecret },
          UserAgent: header.userAgent,
        },
      },
      Request: { ...(header.deploymentMode === 'test' ? { '@_deploymentMode': 'test' } : {}), ...requestElement },
    },
    dtd,
  );
}

function credential(identity: string): XmlElementTree {
  return { '@_domain': 'NetworkID', Identity: identity };
}

/**
 * A ProfileRequest: the cXML way to ask a supplier what it accepts, without ordering anything.
 * The integration self-test sends it through the same outbound client as an order.
 */
export function buildProfileRequestXml(header: CxmlRequestHeader): string {
  return serializeRequestDocument(header, { ProfileRequest: '' });
}
