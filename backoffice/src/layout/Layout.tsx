import { Layout as RaLayout, type LayoutProps } from 'react-admin';

import { AppMenu } from './AppMenu';

export function Layout({ children }: LayoutProps) {
  return <RaLayout menu={AppMenu}>{children}</RaLayout>;
}
