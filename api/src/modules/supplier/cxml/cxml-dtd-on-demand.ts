import type { VendoredDtd } from './cxml-dtd.js';

/**
 * dtdProblem for the server's own thread: libxml2 is a WebAssembly module that reserves about
 * 16 MB, so it is loaded at the first outgoing document checked, not at every start. (The inbound
 * reader threads import cxml-dtd.js directly: they exist to validate.)
 */
export async function dtdProblemOnDemand(xml: string, dtdName: VendoredDtd): Promise<string | null> {
  const { dtdProblem } = await import('./cxml-dtd.js');
  return dtdProblem(xml, dtdName);
}
