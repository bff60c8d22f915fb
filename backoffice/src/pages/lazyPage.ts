import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type Page = LazyExoticComponent<ComponentType> & { path: string };

/**
 * A route-split page carrying its own path, as atomic-crm's pages do: `<Route path={Page.path} element={<Page />} />`.
 * The path lives here, not in the page module, so that mounting a route or a menu entry loads no page code.
 */
export function lazyPage(path: string, load: () => Promise<{ default: ComponentType }>): Page {
  return Object.assign(lazy(load), { path });
}
