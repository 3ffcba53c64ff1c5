/**
 * A reader's board: the announcements addressed to it and visible today, pinned first then newest, the
 * unread ones marked. Opening one shows its text and attachment and marks it read (the top bar's count drops).
 */
import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, LinearProgress, List, ListItem,
  ListItemButton, ListItemIcon, ListItemText, Paper, Typography,
} from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CampaignIcon from '@mui/icons-material/Campaign';
import CloseIcon from '@mui/icons-material/Close';
import PushPinIcon from '@mui/icons-material/PushPin';
import type { BoardAnnouncement } from '../../../shared/announcementAnswers';
import { formatDateTime, formatDay } from '../../../shared/format';
import { parseMarkdown, plainText } from '../../../shared/markdown';
import { SafeMarkdown } from '../../components/SafeMarkdown';
import { useApiQuery } from '../../providers/query';
import { boardOf, markRead } from './announcementApi';

const PREVIEW_LENGTH = 160;
const BOARD_KEY = ['announcement', 'board'];

function preview(body: string) {
  const text = plainText(parseMarkdown(body));
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH).replace(/\s+\S*$/, '')}…` : text;
}

export function AnnouncementBoard() {
  const queryClient = useQueryClient();
  const board = useApiQuery(BOARD_KEY, boardOf);
  const items: BoardAnnouncement[] | null = board.data ?? null;
  const failed = board.isError;
  const [open, setOpen] = useState<BoardAnnouncement | null>(null);

  const openOne = useCallback((item: BoardAnnouncement) => {
    setOpen(item);
    if (item.read_at) return;
    markRead(item.id).then(({ read_at }) => {
      queryClient.setQueryData<BoardAnnouncement[]>(BOARD_KEY, (current) =>
        current?.map((x) => (x.id === item.id ? { ...x, read_at } : x)),
      );
    }, () => undefined);
  }, [queryClient]);

  if (failed) return <Alert severity="error" sx={{ m: 2 }}>No se han podido cargar los anuncios</Alert>;
  if (!items) return <LinearProgress aria-label="Cargando" />;

  return (
    <Box sx={{ py: 2, maxWidth: 900 }}>
      {items.length === 0 ? (
        <Paper sx={{ p: 3, display: 'flex', gap: 2, alignItems: 'center' }}>
          <CampaignIcon color="disabled" />
          <Typography>No hay anuncios por ahora</Typography>
        </Paper>
      ) : (
        <Paper>
          <List disablePadding aria-label="Anuncios">
            {items.map((item) => (
              <ListItem key={item.id} disablePadding divider>
                <ListItemButton onClick={() => openOne(item)} sx={{ alignItems: 'flex-start', gap: 1 }}>
                  <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>
                    {item.pinned ? <PushPinIcon color="primary" titleAccess="Fijado" /> : <CampaignIcon color="action" aria-hidden />}
                  </ListItemIcon>
                  <ListItemText
                    sx={{ minWidth: 0, my: 0 }}
                    primary={(
                      <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                        <Box component="span" sx={{ fontWeight: item.read_at ? 400 : 700, overflowWrap: 'anywhere' }}>{item.title}</Box>
                        {!item.read_at && <Chip label="Nuevo" size="small" color="primary" />}
                      </Box>
                    )}
                    secondary={(
                      <>
                        <Box component="span" sx={{ display: 'block' }}>Publicado el {formatDateTime(item.created_at)}</Box>
                        <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>{preview(item.body)}</Box>
                      </>
                    )}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      {open && <AnnouncementDialog item={open} onClose={() => setOpen(null)} />}
    </Box>
  );
}

/** One announcement as its readers see it (also the staff's preview). */
export function AnnouncementDialog({ item, onClose }: { item: BoardAnnouncement; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="announcement-title">
      <DialogTitle id="announcement-title" sx={{ pr: 6, overflowWrap: 'anywhere' }}>
        {item.title}
        <IconButton aria-label="Cerrar" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Publicado el {formatDateTime(item.created_at)}
          {item.visible_until ? ` · visible hasta el ${formatDay(item.visible_until)}` : ''}
        </Typography>
        <Box
          data-testid="announcement-body"
          sx={{ 'overflowWrap': 'anywhere', '& p': { mt: 0, mb: 1.5 }, '& ul, & ol': { mt: 0, mb: 1.5, pl: 3 } }}
        >
          <SafeMarkdown text={item.body} />
        </Box>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        {item.attachment ? (
          <Button component="a" href={item.attachment} target="_blank" rel="noopener" startIcon={<AttachFileIcon />}>
            Ver adjunto
          </Button>
        ) : (
          <span />
        )}
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}
