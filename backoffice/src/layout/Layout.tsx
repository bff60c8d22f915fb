import { Layout as RaLayout, type LayoutProps } from 'react-admin';

import { StatOrderAlerts } from '../resources/approvals/StatOrderAlerts';
import { AppMenu } from './AppMenu';
import { RoleGate } from './RoleGate';

export function Layout({ children }: LayoutProps) {
  return (
    <RaLayout menu={AppMenu}>
      <StatOrderAlerts />
      <RoleGate>{children}</RoleGate>
    </RaLayout>
  );
}
