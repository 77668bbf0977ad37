import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Each route change scrolls the page to the top (specification section 2). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
