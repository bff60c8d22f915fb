import { Layout as RaLayout, type LayoutProps } from 'react-admin';

import { AppMenu } from './AppMenu';
import { RoleGate } from './RoleGate';

export function Layout({ children }: LayoutProps) {
  return (
    <RaLayout menu={AppMenu}>
      <RoleGate>{children}</RoleGate>
    </RaLayout>
  );
}
