/**
 * Notifications titled "Correcto", "Aviso", "Error" or "Info" (docs/api.md), from the API layer and from
 * react-admin alike, and the session-expired confirm box.
 */
import { useEffect, useRef, useState } from 'react';
import { useNotificationContext, useTranslate } from 'react-admin';
import { DURATION, sessionExpired, type NoticeKind } from '../providers/events';
import { NoticeStack, SessionExpiredDialog, useNoticeQueue } from './NoticeStack';

const INVALID_FORM_AFTER_WARNING_MS = 1500;

export function AppNotification() {
  const { shown, push, dismiss } = useNoticeQueue();
  const { notifications, takeNotification } = useNotificationContext();
  const translate = useTranslate();

  // "El formulario no es válido" adds nothing when the form has just said what is wrong (a missing image).
  const lastWarning = useRef(0);
  // How many it kept back, on the page (data-count) for a test to wait on rather than on time.
  const [suppressed, setSuppressed] = useState(0);
  useEffect(() => { if (shown.at(-1)?.kind === 'warning') lastWarning.current = Date.now(); }, [shown]);

  // Once the session is over, the calls failing with it would only repeat the confirm box as errors.
  const sessionOver = useRef(false);
  useEffect(() => sessionExpired.subscribe(() => { sessionOver.current = true; }), []);

  // react-admin's own notifications (e.g. a failed form) join the same stack.
  useEffect(() => {
    if (!notifications.length) return;
    const taken = takeNotification();
    if (!taken || typeof taken.message !== 'string') return;
    if (sessionOver.current && taken.type === 'error') return;
    if (taken.message === 'ra.message.invalid_form' && Date.now() - lastWarning.current < INVALID_FORM_AFTER_WARNING_MS) {
      setSuppressed((count) => count + 1);
      return;
    }
    const kind = (['success', 'warning', 'error', 'info'].includes(taken.type ?? '') ? taken.type : 'info') as NoticeKind;
    const message = translate(taken.message, { _: taken.message, ...(taken.notificationOptions?.messageArgs ?? {}) });
    // A failed save is reported by the API layer already (an "Aviso" in the server's words): react-admin's
    // "Error" with the same words would only repeat it.
    push({ kind, message, duration: taken.notificationOptions?.autoHideDuration ?? DURATION.default }, { unlessShown: true });
  }, [notifications, takeNotification, translate, push]);

  return (
    <>
      <NoticeStack shown={shown} dismiss={dismiss} />
      <span hidden data-testid="suppressed-notices" data-count={suppressed} />
      <SessionExpiredDialog />
    </>
  );
}
