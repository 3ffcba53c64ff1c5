/**
 * The top bar's bulletin-board badge: how many announcements addressed to the reader it has not opened
 * yet, leading to /tablon. Shown to members and the workshop (staff with the admin role manage the
 * board instead); counted again on each page change and whenever an announcement is opened.
 */
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Box, IconButton } from '@mui/material';
import CampaignIcon from '@mui/icons-material/Campaign';
import { unreadCount } from './announcementApi';
import { useFirstScreenShown } from '../../providers/firstScreen';
import { useApiQuery } from '../../providers/query';
import { useRoles } from '../../providers/useSession';

const UNREAD_KEY = ['announcement', 'unreadCount'] as const;

const COUNT_SX = {
  position: 'absolute',
  top: 0,
  right: 0,
  transform: 'translate(50%, -50%)',
  minWidth: 20,
  height: 20,
  px: 0.75,
  boxSizing: 'border-box',
  borderRadius: '10px',
  bgcolor: 'error.main',
  color: 'error.contrastText',
  fontSize: '0.75rem',
  fontWeight: 500,
  lineHeight: '20px',
  textAlign: 'center',
} as const;

export function AnnouncementsBell() {
  // The last session's roles while auth/info answers: the bell is in the top bar from its first paint,
  // instead of arriving later and moving the buttons beside it (issue 46).
  const roles = useRoles();
  const reader = !!roles && !roles.includes('admin') && (roles.includes('client') || roles.includes('taller'));
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  // Counted once the page's first read is on screen (providers/firstScreen.ts); a refused count (silent)
  // keeps the last one.
  const firstScreenShown = useFirstScreenShown();
  const { data: count = 0 } = useApiQuery(UNREAD_KEY, unreadCount, reader && firstScreenShown);

  // Counted again on a page change (the first page's count is the query's own first read); an opened
  // announcement makes it stale through markRead's `changes`.
  const countedAt = useRef(pathname);
  useEffect(() => {
    if (countedAt.current === pathname) return;
    countedAt.current = pathname;
    void queryClient.invalidateQueries({ queryKey: UNREAD_KEY });
  }, [pathname, queryClient]);

  if (!reader) return null;
  const label = count === 1 ? 'Tablón de anuncios: 1 anuncio sin leer' : `Tablón de anuncios: ${count} anuncios sin leer`;
  return (
    <IconButton component={Link} to="/tablon" color="inherit" aria-label={label} data-testid="announcements-bell">
      {/* MUI's Badge as it looks (the count on the icon's corner, 99+ beyond), drawn here: one component less at first load. */}
      <Box component="span" sx={{ position: 'relative', display: 'inline-flex' }}>
        <CampaignIcon />
        {count > 0 && (
          <Box component="span" aria-hidden sx={COUNT_SX}>
            {count > 99 ? '99+' : count}
          </Box>
        )}
      </Box>
    </IconButton>
  );
}
