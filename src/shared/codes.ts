/** Response codes of the API envelope (docs/api.md). */
export const Code = {
  ok: 20000,
  okWithMessage: 20001,
  warning: 30001,
  error: 40001,
  invalidToken: 50008,
  sessionReplaced: 50012,
  tokenExpired: 50014,
  maintenance: 90001,
} as const;

/** Codes that mean "your session is over": the browser asks to log in again. */
export const SESSION_CODES: readonly number[] = [Code.invalidToken, Code.sessionReplaced, Code.tokenExpired];

export interface Envelope<T = unknown> {
  code: number;
  message?: string;
  data?: T;
  error?: unknown;
}

/** Texts of the spec shown on both sides. */
export const Texts = {
  sessionExpired: 'La sesión ha caducado, por favor vuelva a loguear',
  sessionExpiredTitle: 'Aceptar para cerrar la sesión',
  accept: 'Aceptar',
  verificationFailed: 'Verification failed, please login again',
  noRoles: 'Error: No tiene roles asignados.',
  recoverySent:
    'Se ha enviado al correo electrónico un link para restablecer la contraseña asociada a esta cuenta. '
    + 'Si no aparece en unos minutos, revise la carpeta de Spam.',
  logout: 'Cerrar Sesión',
  home: 'Inicio',
} as const;
