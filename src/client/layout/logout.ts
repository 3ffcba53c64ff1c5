import { signOut } from '../providers/signIn';
import { DURATION, notify } from '../providers/events';

/** What signing out asks when marks made with no network are still on the phone (common/offlineMarks.ts). */
export const marksLostQuestion = (count: number) =>
  `Hay ${count === 1 ? '1 marca' : `${count} marcas`} sin enviar en este teléfono. Si cierra la sesión se `
  + `${count === 1 ? 'perderá' : 'perderán'}. ¿Cerrar la sesión igualmente?`;

/** Why signing out stopped: the script that looks for marks on the phone did not arrive. */
const LOGOUT_UNREACHABLE = 'Error de red: no se ha podido cerrar la sesión. Inténtelo de nuevo';

/**
 * Logs out and goes to /login with a fresh page, so no state of the previous user survives. Marks still on
 * the phone (to send, or refused and not dismissed) would go with the session: the worker is asked first.
 */
export async function logoutAndLeave() {
  // The phone's marks are looked at only here and on «Escanear»: their code comes when asked for, not with every page.
  let offlineMarks: typeof import('../common/offlineMarks');
  try {
    offlineMarks = await import('../common/offlineMarks');
  } catch {
    notify('error', LOGOUT_UNREACHABLE, DURATION.long);
    return;
  }
  const { forgetMarks, marksOnPhone } = offlineMarks;
  const marks = await marksOnPhone();
  if (marks) {
    if (!window.confirm(marksLostQuestion(marks))) return;
    await forgetMarks();
  }
  await signOut();
  window.location.assign('/login');
}
