import { PlaceholderPage } from '../../../components/PlaceholderPage';

export function ProductionSettingsPage() {
  return <PlaceholderPage title="Production Settings" />;
}
