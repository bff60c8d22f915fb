import { PlaceholderPage } from '../../../components/PlaceholderPage';

export function SsoDoctorPage() {
  return <PlaceholderPage title="SSO Doctor" />;
}
