import type { LastSamlError } from '../../lib/sso-storage';

export type SamlErrorHintKind = 'acs' | 'audience' | 'nameid' | 'signature';

export interface SamlErrorHint {
  kind: SamlErrorHintKind;
  title: string;
  text: string;
}

/** Which problem an error points at, by its code (saml_<reason>) and, failing that, its description. */
const MATCHERS: readonly { kind: SamlErrorHintKind; pattern: RegExp }[] = [
  { kind: 'acs', pattern: /destination|acs|recipient|assertion_?consumer/ },
  { kind: 'audience', pattern: /audience/ },
  { kind: 'nameid', pattern: /name_?id|e-?mail/ },
  { kind: 'signature', pattern: /signature|cert/ },
];

function hintFor(kind: SamlErrorHintKind, acsUrl: string): SamlErrorHint {
  switch (kind) {
    case 'acs':
      return {
        kind,
        title: 'ACS URL',
        text: `The response was sent to an address the portal does not expect. In the identity provider, set the Assertion Consumer Service (ACS) URL to ${acsUrl}.`,
      };
    case 'audience':
      return {
        kind,
        title: 'Audience',
        text: "The assertion was issued for another audience. The identity provider's Audience (SP Entity ID) must equal the entity ID configured for this provider on the portal.",
      };
    case 'nameid':
      return {
        kind,
        title: 'NameID',
        text: "The assertion carries no usable e-mail address. Set the NameID format to EmailAddress and send the user's e-mail address (or an email attribute).",
      };
    case 'signature':
      return {
        kind,
        title: 'Signature',
        text: 'The signature could not be verified with the certificate the portal holds for this provider. Check that the identity provider signs the response or the assertion, and that the configured certificate is current (it may have been rotated).',
      };
  }
}

function kindsIn(text: string): SamlErrorHintKind[] {
  const lowered = text.toLowerCase();
  return MATCHERS.filter(({ pattern }) => pattern.test(lowered)).map(({ kind }) => kind);
}

/** admin-portal §2.11: hints for ACS, audience, NameID and signature problems; none for other errors. */
export function samlErrorHints(
  error: LastSamlError,
  context: { origin: string; samlProviderId: string | null },
): SamlErrorHint[] {
  const byCode = kindsIn(`${error.error ?? ''} ${error.error_code ?? ''}`);
  const kinds = byCode.length > 0 ? byCode : kindsIn(error.error_description ?? '');
  const acsUrl = `${context.origin}/api/auth/saml/${context.samlProviderId ?? '<provider id>'}/acs`;
  return kinds.map((kind) => hintFor(kind, acsUrl));
}
