import { PlaceholderPage } from '../../../components/PlaceholderPage';

export function OrdersPage() {
  return <PlaceholderPage title="Orders" subtitle="Review and manage medical supply orders" />;
}
