import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Each route change scrolls the page to the top (specification section 2). The page as it loaded is left
 * where it is: the browser placed it, and on a screen rendered at build time the visitor may already
 * have scrolled before the app took over.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
