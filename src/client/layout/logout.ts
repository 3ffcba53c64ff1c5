import { authProvider } from '../providers/authProvider';
import { forgetMarks, marksOnPhone } from '../common/offlineMarks';

/** What signing out asks when marks made with no network are still on the phone (common/offlineMarks.ts). */
export const marksLostQuestion = (count: number) =>
  `Hay ${count === 1 ? '1 marca' : `${count} marcas`} sin enviar en este teléfono. Si cierra la sesión se `
  + `${count === 1 ? 'perderá' : 'perderán'}. ¿Cerrar la sesión igualmente?`;

/**
 * Logs out and goes to /login with a fresh page, so no state of the previous user survives. Marks still on
 * the phone (to send, or refused and not dismissed) would go with the session: the worker is asked first.
 */
export async function logoutAndLeave() {
  const marks = await marksOnPhone();
  if (marks) {
    if (!window.confirm(marksLostQuestion(marks))) return;
    await forgetMarks();
  }
  await authProvider.logout({});
  window.location.assign('/login');
}
