/**
 * The top bar's bulletin-board badge: how many announcements addressed to the reader it has not opened
 * yet, leading to /tablon. Shown to members and the workshop (staff with the admin role manage the
 * board instead); counted again on each page change and whenever an announcement is opened.
 */
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Badge, IconButton } from '@mui/material';
import CampaignIcon from '@mui/icons-material/Campaign';
import { onReadsChanged, unreadCount } from '../resources/announcements/announcementApi';
import { useSession } from './useSession';

export function AnnouncementsBell() {
  const session = useSession();
  const reader = !!session && !session.roles.includes('admin') && (session.roles.includes('client') || session.roles.includes('taller'));
  const { pathname } = useLocation();
  const [count, setCount] = useState(0);

  useEffect(() => {
    if (!reader) return undefined;
    let alive = true;
    const refresh = () => { unreadCount().then((n) => alive && setCount(n), () => undefined); };
    refresh();
    const stop = onReadsChanged(refresh);
    return () => { alive = false; stop(); };
  }, [reader, pathname]);

  if (!reader) return null;
  const label = count === 1 ? 'Tablón de anuncios: 1 anuncio sin leer' : `Tablón de anuncios: ${count} anuncios sin leer`;
  return (
    <IconButton component={Link} to="/tablon" color="inherit" aria-label={label} data-testid="announcements-bell">
      <Badge badgeContent={count} color="error" max={99}>
        <CampaignIcon />
      </Badge>
    </IconButton>
  );
}
