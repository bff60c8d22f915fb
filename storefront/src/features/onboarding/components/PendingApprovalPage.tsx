import { PlaceholderPage } from '../../../components/PlaceholderPage';

export function PendingApprovalPage() {
  return <PlaceholderPage title="Pending Approval" />;
}
