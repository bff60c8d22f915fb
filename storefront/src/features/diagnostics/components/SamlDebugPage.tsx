import { PlaceholderPage } from '../../../components/PlaceholderPage';

export function SamlDebugPage() {
  return <PlaceholderPage title="SAML Debug" />;
}
