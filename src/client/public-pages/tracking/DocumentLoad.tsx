/**
 * The public pages (tracking, woocommerce calculator) are html pages of their own, served by the
 * server for their paths. A link inside the back office that reaches one of their paths loads that
 * page as a document, once: if the server answered this very path with the back office, it says so.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Typography } from '@mui/material';
import { Loading } from 'react-admin';

export default function DocumentLoad() {
  const { pathname, search } = useLocation();
  const target = `${pathname}${search}`;
  const loadedHere = (() => {
    const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    if (!entry) return false;
    const url = new URL(entry.name);
    return `${url.pathname}${url.search}` === target;
  })();
  const [failed] = useState(loadedHere);
  useEffect(() => {
    if (!failed) window.location.assign(target);
  }, [failed, target]);
  return failed ? <Typography sx={{ p: 2 }} role="alert">Esta página no está disponible en esta instalación.</Typography> : <Loading />;
}
