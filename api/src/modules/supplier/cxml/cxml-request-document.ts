import { create } from 'xmlbuilder2';

import { CXML_DTD_URL, CXML_LANG, CXML_VERSION, formatCxmlDate, xmlValue } from './cxml-text.js';

/** xmlbuilder2 does not export its node type from the package root. */
export type XMLBuilder = ReturnType<typeof create>;

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
 * A cXML document up to its Request element: the cXML root with payloadID and timestamp, the
 * Header (From, To, Sender with the shared secret, in the DTD's order) and Request, which carries
 * deploymentMode only in test mode (the DTD's default is production). Returns the document, to
 * serialise, and the Request, to add the request element to.
 */
export function createRequestDocument(header: CxmlRequestHeader): { document: XMLBuilder; request: XMLBuilder } {
  const document = create({ version: '1.0', encoding: 'UTF-8' }).dtd({ name: 'cXML', sysID: CXML_DTD_URL });
  const cxml = document.ele('cXML', {
    version: CXML_VERSION,
    payloadID: xmlValue(header.payloadId),
    timestamp: formatCxmlDate(header.timestamp),
    'xml:lang': CXML_LANG,
  });
  const headerElement = cxml.ele('Header');
  appendCredential(headerElement.ele('From'), header.fromIdentity);
  appendCredential(headerElement.ele('To'), header.toIdentity);
  const sender = headerElement.ele('Sender');
  appendCredential(sender, header.senderIdentity).ele('SharedSecret').txt(xmlValue(header.sharedSecret));
  sender.ele('UserAgent').txt(xmlValue(header.userAgent));
  const request = cxml.ele('Request', header.deploymentMode === 'test' ? { deploymentMode: 'test' } : {});
  return { document, request };
}

/** Returns the Credential, so the Sender can add its SharedSecret after the Identity. */
function appendCredential(parent: XMLBuilder, identity: string): XMLBuilder {
  const credential = parent.ele('Credential', { domain: 'NetworkID' });
  credential.ele('Identity').txt(xmlValue(identity));
  return credential;
}

/**
 * A ProfileRequest: the cXML way to ask a supplier what it accepts, without ordering anything.
 * The integration self-test sends it through the same outbound client as an order.
 */
export function buildProfileRequestXml(header: CxmlRequestHeader): string {
  const { document, request } = createRequestDocument(header);
  request.ele('ProfileRequest');
  return document.end({ prettyPrint: true });
}
