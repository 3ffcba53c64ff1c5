/**
 * The session and password endpoints (docs/api.md Auth). Light on purpose: the login page signs in through
 * them without loading the schemas. Their bodies are read by the domain (server/domain/auth.ts), which
 * answers each field's Spanish message: the contract only names the fields.
 */
import { z } from 'zod';
import { loginAnswer, resetCodeAnswer } from '../publicAnswers';
import { sessionAnswer } from '../session';
import { defineContract } from './contract';

const tag = 'Sesión y contraseña';
/** A field the domain reads and checks itself. */
const field = (meaning: string) => z.unknown().optional().describe(meaning);

export const authContracts = {
  login: defineContract({
    method: 'POST', path: '/api/external/login', access: 'public', allowInMaintenance: true, tag,
    summary: 'Iniciar sesión: devuelve el token y deja la cookie X-Token',
    rateLimit: { max: 60, timeWindow: '1 minute' },
    body: z.object({ identity: field('Usuario o correo electrónico'), password: field('Contraseña') }),
    data: loginAnswer,
  }),
  info: defineContract({
    method: 'GET', path: '/api/auth/info', access: 'signedIn', allowInMaintenance: true, tag,
    summary: 'La sesión: usuario, roles y permisos', data: sessionAnswer,
  }),
  logout: defineContract({
    method: 'POST', path: '/api/auth/logout', access: 'signedIn', allowInMaintenance: true, tag, summary: 'Cerrar la sesión',
    data: z.null(),
  }),
  forgotPassword: defineContract({
    method: 'POST', path: '/api/external/forgotPassword', access: 'public', allowInMaintenance: true, tag,
    summary: 'He olvidado mi contraseña: envía el enlace para cambiarla',
    rateLimit: { max: 10, timeWindow: '15 minutes' },
    body: z.object({ identity: field('Correo electrónico o usuario de la cuenta') }),
    data: z.null(),
  }),
  changePassword: defineContract({
    method: 'POST', path: '/api/external/changePassword', access: 'public', allowInMaintenance: true, tag,
    summary: 'Cambiar la contraseña con el código del enlace recibido',
    rateLimit: { max: 20, timeWindow: '15 minutes' },
    body: z.object({
      forgotten_password_code: field('El código del enlace'),
      password: field('La contraseña nueva'),
      password_confirm: field('La contraseña nueva, repetida'),
    }),
    data: z.null(),
  }),
  checkResetCode: defineContract({
    method: 'GET', path: '/api/external/checkResetCode/:code', access: 'public', allowInMaintenance: true, tag,
    summary: 'Si el código de un enlace de cambio de contraseña sigue valiendo',
    rateLimit: { max: 30, timeWindow: '15 minutes' },
    params: z.object({ code: z.string().describe('El código del enlace') }),
    data: resetCodeAnswer,
  }),
};
