import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

export interface RouterLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path of this app (React Router resolves it as its <Link> does). */
  to: To;
  replace?: boolean;
  state?: unknown;
}

/**
 * React Router's <Link> as this app uses it: an <a> with the route's href whose plain left click
 * navigates inside the app (modified clicks and other targets stay the browser's), through the
 * router's own click handler. Its <Link> also brings the framework mode's route prefetching and
 * external-URL handling, unused here, to every page (about 2.5 KB gzip).
 */
export const RouterLink = forwardRef<HTMLAnchorElement, RouterLinkProps>(function RouterLink(
  { to, replace, state, target, onClick, ...rest },
  ref,
) {
  const href = useHref(to);
  const navigateOnClick = useLinkClickHandler(to, { replace, state, target });
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      target={target}
      // What React Router's <Link> marks its in-app links with.
      data-discover="true"
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigateOnClick(event);
      }}
    />
  );
});
