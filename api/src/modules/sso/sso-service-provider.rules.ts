/**
 * This portal's SAML values for one provider, built from PUBLIC_URL: what the IdP administrator
 * enters on their side. The SP entity id is the metadata URL, so an IdP can fetch it from there.
 */
export function serviceProviderValues(publicUrl: string, providerId: string) {
  const base = `${publicUrl}/api/auth/saml/${providerId}`;
  return { metadata_url: `${base}/metadata`, acs_url: `${base}/acs`, entity_id: `${base}/metadata` };
}
