/**
 * Notifications titled "Correcto", "Aviso", "Error" or "Info" (spec §8), from the API layer and from
 * react-admin alike, and the session-expired confirm box.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, AlertTitle, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Snackbar, Stack } from '@mui/material';
import { useNotificationContext, useTranslate } from 'react-admin';
import { Texts } from '../../shared/codes';
import { DURATION, notices, sessionExpired, type Notice, type NoticeKind } from '../providers/events';
import { forgetSession } from '../providers/session';
import { clearToken } from '../providers/token';

export const NOTICE_TITLES: Record<NoticeKind, string> = { success: 'Correcto', warning: 'Aviso', error: 'Error', info: 'Info' };

interface Shown extends Notice { id: number }

const INVALID_FORM_AFTER_WARNING_MS = 1500;

export function AppNotification() {
  const [shown, setShown] = useState<Shown[]>([]);
  const nextId = useRef(1);
  const { notifications, takeNotification } = useNotificationContext();
  const translate = useTranslate();

  const lastWarning = useRef(0);
  const push = useCallback((notice: Notice) => {
    const id = nextId.current++;
    if (notice.kind === 'warning') lastWarning.current = Date.now();
    setShown((list) => [...list.filter((n) => n.message !== notice.message || n.kind !== notice.kind).slice(-2), { ...notice, id }]);
  }, []);
  const dismiss = (id: number) => setShown((list) => list.filter((n) => n.id !== id));

  useEffect(() => notices.subscribe(push), [push]);

  // Once the session is over, the calls failing with it would only repeat the confirm box as errors.
  const sessionOver = useRef(false);
  useEffect(() => sessionExpired.subscribe(() => { sessionOver.current = true; }), []);

  // react-admin's own notifications (e.g. a failed form) join the same stack.
  useEffect(() => {
    if (!notifications.length) return;
    const taken = takeNotification();
    if (!taken || typeof taken.message !== 'string') return;
    if (sessionOver.current && taken.type === 'error') return;
    // "El formulario no es válido" adds nothing when the form has just said what is wrong (a missing image).
    if (taken.message === 'ra.message.invalid_form' && Date.now() - lastWarning.current < INVALID_FORM_AFTER_WARNING_MS) return;
    const kind = (['success', 'warning', 'error', 'info'].includes(taken.type ?? '') ? taken.type : 'info') as NoticeKind;
    push({ kind, message: translate(taken.message, { _: taken.message, ...(taken.notificationOptions?.messageArgs ?? {}) }), duration: taken.notificationOptions?.autoHideDuration ?? DURATION.default });
  }, [notifications, takeNotification, translate, push]);

  return (
    <>
      {/* Top centre: the page's actions (top right: "Terminar pedido", "Añadir") and a dialog's buttons (bottom) stay in reach. */}
      <Stack spacing={1} sx={{ position: 'fixed', top: 8, left: '50%', transform: 'translateX(-50%)', width: 'calc(100% - 16px)', zIndex: 2000, maxWidth: 420 }}>
        {shown.map((notice) => (
          <Snackbar key={notice.id} open autoHideDuration={notice.duration} onClose={(_, reason) => reason !== 'clickaway' && dismiss(notice.id)}
            sx={{ position: 'static', transform: 'none' }}>
            <Alert severity={notice.kind} variant="filled" onClose={() => dismiss(notice.id)} role="alert" data-testid="notification">
              <AlertTitle>{NOTICE_TITLES[notice.kind]}</AlertTitle>
              {notice.message}
            </Alert>
          </Snackbar>
        ))}
      </Stack>
      <SessionExpiredDialog />
    </>
  );
}

/** 50008/50012/50014: confirm, then log out and reload (spec §8). */
function SessionExpiredDialog() {
  const [open, setOpen] = useState(false);
  useEffect(() => sessionExpired.subscribe(() => setOpen(true)), []);
  const confirm = () => {
    clearToken();
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
