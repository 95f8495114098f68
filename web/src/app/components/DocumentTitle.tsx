import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { documentTitleFor } from '../utils/documentTitleFor';

// Keeps the browser tab's title on the screen shown.
export function DocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitleFor(pathname);
  }, [pathname]);
  return null;
}
