/**
 * A tiny bus between the HTTP layer (outside React) and the components that show what it reports:
 * notifications with the spec's titles and the session-expired confirm box.
 */
export type NoticeKind = 'success' | 'warning' | 'error' | 'info';
export interface Notice { kind: NoticeKind; message: string; duration: number }

type Listener<T> = (value: T) => void;

function channel<T>() {
  const listeners = new Set<Listener<T>>();
  return {
    emit(value: T) { listeners.forEach((listener) => listener(value)); },
    subscribe(listener: Listener<T>) { listeners.add(listener); return () => { listeners.delete(listener); }; },
  };
}

export const notices = channel<Notice>();
export const sessionExpired = channel<void>();

/** Notification durations of docs/business-rules.md. */
export const DURATION = { response: 2500, default: 3000, long: 5000 } as const;

export const notify = (kind: NoticeKind, message: string, duration: number = DURATION.default) => notices.emit({ kind, message, duration });

/** Why a form could not be checked: its rules' script did not arrive. */
export const RULES_UNREACHABLE = 'Error de red: no se ha podido comprobar el formulario. Inténtelo de nuevo';

/** A form's rules (or the form itself) once their script has arrived; null once the user has been told that it did not. */
export async function rulesOrNotice<T>(loading: Promise<T>): Promise<T | null> {
  try {
    return await loading;
  } catch {
    notify('error', RULES_UNREACHABLE, DURATION.long);
    return null;
  }
}
