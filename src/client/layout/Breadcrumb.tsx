/** "Inicio › Section › Page", from the route declaration matched against the current path. */
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Fragment } from 'react';
import { Box, Link, Typography } from '@mui/material';
import { Texts } from '../../shared/codes';
import { findRoute, routeTitle } from '../routing';
import { usePhone } from '../components/usePhone';
import { useSession } from '../providers/useSession';
import { useFrame } from './frame';

export function Breadcrumb() {
  const { pathname } = useLocation();
  const session = useSession();
  const phone = usePhone();
  const match = findRoute(useFrame().flat, pathname);
  const titles = (match?.chain ?? [])
    .map((route) => routeTitle(route, session?.platform_scope_id))
    .filter((title, i, all) => i === 0 || title !== all[i - 1]);
  // A phone shows where the user is, on one line: the page's own title.
  const shown = phone && titles.length ? titles.slice(-1) : titles;
  const crumbs = [
    ...(phone && titles.length ? [] : [
      <Link key="home" component={RouterLink} to="/" color="inherit" underline="hover">
        {Texts.home}
      </Link>,
    ]),
    // The page's own title is the page's heading.
    ...shown.map((title, i) => (
      <Typography
        key={i}
        color="inherit"
        variant="body2"
        noWrap
        component={i === shown.length - 1 ? 'h1' : 'span'}
        sx={{ fontWeight: i === shown.length - 1 ? 600 : 400 }}
      >
        {title}
      </Typography>
    )),
  ];
  // MUI's Breadcrumbs as they read (a list in a named navigation, "/" between, hidden from screen readers),
  // drawn here: one component less on every page's first load (issue 46).
  return (
    // One line: a title longer than the room left by the bar's buttons ends in "…" instead of running under them.
    <Box component="nav" aria-label="Ruta" sx={{ typography: 'body1' }}>
      <Box component="ol" sx={{ display: 'flex', alignItems: 'center', flexWrap: 'nowrap', m: 0, p: 0, listStyle: 'none' }}>
        {crumbs.map((crumb, i) => (
          <Fragment key={i}>
            {i > 0 && <Box component="li" aria-hidden sx={{ display: 'flex', mx: 1, userSelect: 'none' }}>/</Box>}
            <Box component="li" sx={{ minWidth: 0 }}>{crumb}</Box>
          </Fragment>
        ))}
      </Box>
    </Box>
  );
}
