import { PagePlaceholder } from '../layout/PagePlaceholder';

export default function SettingsPage() {
  return <PagePlaceholder title="supply_hub.page.settings" />;
}
