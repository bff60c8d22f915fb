import { PlaceholderPage } from '../../../components/PlaceholderPage';

/** /production (admin-portal §2.10): no route guard; shows Access Denied to non-admins once sessions exist. */
export function ProductionSettingsPage() {
  return <PlaceholderPage title="Production Settings" />;
}
