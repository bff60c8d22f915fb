import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

import { RouteErrorPage } from './RouteErrorPage';

interface BoundaryProps {
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  hasFailed: boolean;
  pathname: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { hasFailed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { hasFailed: true };
  }

  // Another address is another chance: the error page stays only where the error happened.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { hasFailed: false, pathname: props.pathname };
  }

  override render() {
    return this.state.hasFailed ? <RouteErrorPage /> : this.props.children;
  }
}

/** A screen that throws while rendering (or whose code fails to load) shows RouteErrorPage instead. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
