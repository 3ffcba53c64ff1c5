/**
 * The notifications' stack (docs/api.md: "Correcto", "Aviso", "Error", "Info") and the session-expired
 * confirm box, without react-admin: the light pages (sign-in, «Escanear» on a phone) show them alone, the
 * app through AppNotification (which also takes react-admin's notifications).
 */
import { useCallback, useEffect, useState } from 'react';
import {
  Alert, AlertTitle, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Snackbar,
} from '@mui/material';
import { Texts } from '../../shared/codes';
import { notices, sessionExpired, type Notice, type NoticeKind } from '../providers/events';
import { forgetSession } from '../providers/session';
import { markSignedOut } from '../providers/token';

export const NOTICE_TITLES: Record<NoticeKind, string> = { success: 'Correcto', warning: 'Aviso', error: 'Error', info: 'Info' };

export interface ShownNotice extends Notice { id: number }

/**
 * The notices on screen, kept beside the stack that shows them: a light page that hands over to the app
 * (LightApp.tsx: «Pedido nº … terminado», then the member's orders) keeps them on screen through the change.
 */
let onScreen: ShownNotice[] = [];
let nextId = 1;

/** The notices on screen: the bus's, and whatever `push` adds; at most three, a repeated one replacing its twin. */
export function useNoticeQueue() {
  const [shown, setShownHere] = useState<ShownNotice[]>(() => onScreen);
  const setShown = useCallback((change: (list: ShownNotice[]) => ShownNotice[]) => {
    setShownHere((list) => (onScreen = change(list)));
  }, []);
  /** `unlessShown`: dropped when a notice with the same words is showing, whatever its kind. */
  const push = useCallback((notice: Notice, opts: { unlessShown?: boolean } = {}) => {
    const id = nextId++;
    setShown((list) => {
      if (opts.unlessShown && list.some((n) => n.message === notice.message)) return list;
      return [...list.filter((n) => n.message !== notice.message || n.kind !== notice.kind).slice(-2), { ...notice, id }];
    });
  }, [setShown]);
  const dismiss = useCallback((id: number) => setShown((list) => list.filter((n) => n.id !== id)), [setShown]);
  useEffect(() => notices.subscribe((notice) => push(notice)), [push]);
  return { shown, push, dismiss };
}

export function NoticeStack({ shown, dismiss }: { shown: ShownNotice[]; dismiss: (id: number) => void }) {
  return (
    // Top centre: the page's actions (top right: "Terminar pedido", "Añadir") and a dialog's buttons (bottom) stay in reach.
    // A column of its own (MUI's Stack would be one more component on every page's first load).
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        position: 'fixed',
        top: 8,
        left: '50%',
        transform: 'translateX(-50%)',
        width: 'calc(100% - 16px)',
        zIndex: 2000,
        maxWidth: 420,
      }}
    >
      {shown.map((notice) => (
        <Snackbar
          key={notice.id}
          open
          autoHideDuration={notice.duration}
          onClose={(_, reason) => reason !== 'clickaway' && dismiss(notice.id)}
          sx={{ position: 'static', transform: 'none' }}
        >
          <Alert severity={notice.kind} variant="filled" onClose={() => dismiss(notice.id)} role="alert" data-testid="notification">
            <AlertTitle>{NOTICE_TITLES[notice.kind]}</AlertTitle>
            {notice.message}
          </Alert>
        </Snackbar>
      ))}
    </Box>
  );
}

/** The notices of a page without react-admin (the light pages). */
export function StandaloneNotices() {
  const { shown, dismiss } = useNoticeQueue();
  return <NoticeStack shown={shown} dismiss={dismiss} />;
}

/** 50008/50012/50014: confirm, then log out and reload (docs/api.md). */
export function SessionExpiredDialog() {
  const [open, setOpen] = useState(false);
  useEffect(() => sessionExpired.subscribe(() => setOpen(true)), []);
  const confirm = () => {
    markSignedOut();
    forgetSession();
    window.location.reload();
  };
  return (
    <Dialog open={open} aria-labelledby="session-expired-title">
      <DialogTitle id="session-expired-title">{Texts.sessionExpiredTitle}</DialogTitle>
      <DialogContent><DialogContentText>{Texts.sessionExpired}</DialogContentText></DialogContent>
      <DialogActions><Button variant="contained" onClick={confirm} autoFocus>{Texts.accept}</Button></DialogActions>
    </Dialog>
  );
}
