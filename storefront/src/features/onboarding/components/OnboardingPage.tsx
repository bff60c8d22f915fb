import { PlaceholderPage } from '../../../components/PlaceholderPage';

export function OnboardingPage() {
  return <PlaceholderPage title="Complete Your Profile" subtitle="Just a few more details to get started" />;
}
