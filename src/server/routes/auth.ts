/** Auth endpoints of docs/api.md. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Msg } from '../../shared/messages';
import { Code, Texts } from '../../shared/codes';
import { loginAnswer, resetCodeAnswer } from '../../shared/publicAnswers';
import type { AppContext } from '../context';
import { ok, okAs } from '../plugins/envelope';
import { TOKEN_COOKIE } from '../plugins/auth';
import { isResetCodeValid, login, passwordResetsSettled, requestPasswordReset, resetPasswordWithCode, revokeSession } from '../domain/auth';
import { sessionInfo } from '../domain/session-info';
import { getSettings } from '../domain/settings';

// What the documentation shows of these bodies; the domain (domain/auth.ts) validates them.
const loginBody = z.object({ identity: z.string().describe('Usuario o correo electrónico'), password: z.string().describe('Contraseña') });
const recoveryBody = z.object({ identity: z.string().describe('Correo electrónico o usuario de la cuenta') });
const changePasswordBody = z.object({
  forgotten_password_code: z.string().describe('El código del enlace'),
  password: z.string(),
  password_confirm: z.string(),
});

export default async function authRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const open = { access: 'public' as const, allowInMaintenance: true };
  // Resets still on their way write their code and queue their mail before the database closes.
  app.addHook('onClose', async () => { await passwordResetsSettled(); });

  app.post(
    '/api/external/login',
    {
      config: {
        ...open,
        rateLimit: { max: 60, timeWindow: '1 minute' },
        docs: { summary: 'Iniciar sesión: devuelve el token y deja la cookie X-Token', body: loginBody, answer: loginAnswer },
      },
    },
    async (request, reply) => {
      const settings = await getSettings(ctx.db);
      const { token } = await login(ctx.db, request.body, request.ip, { maintenance: settings.maintenance_mode });
      // HttpOnly: no script of the page may read it (the browser app ignores the token answered here).
      // Secure over HTTPS, directly or behind a TLS proxy trusted with TRUST_PROXY (X-Forwarded-Proto).
      // As long as the session may last: closing the browser does not sign a phone out (the server ends it when idle).
      reply.setCookie(TOKEN_COOKIE, token, {
        path: '/',
        sameSite: 'lax',
        httpOnly: true,
        secure: request.protocol === 'https',
        maxAge: ctx.config.sessionMaxHours * 3600,
      });
      return okAs(loginAnswer, { token });
    },
  );

  app.get(
    '/api/auth/info',
    { config: { access: 'signedIn', allowInMaintenance: true, docs: { summary: 'La sesión: usuario, roles y permisos' } } },
    async (request) => {
      // The token only to a caller that sent it in the header (an API client): the browser app goes by its
      // HttpOnly cookie, and no script of its pages may read the token, here either.
      const fromHeader = request.headers['x-token'] === request.token;
      return ok(await sessionInfo(ctx, request.me, fromHeader ? request.token! : null));
    },
  );

  app.post(
    '/api/auth/logout',
    { config: { access: 'signedIn', allowInMaintenance: true, docs: { summary: 'Cerrar la sesión' } } },
    async (request, reply) => {
      await revokeSession(ctx.db, request.me.sessionId, 'logout');
      reply.clearCookie(TOKEN_COOKIE, { path: '/', sameSite: 'lax', httpOnly: true, secure: request.protocol === 'https' });
      return ok(null);
    },
  );

  app.post(
    '/api/external/forgotPassword',
    {
      config: {
        ...open,
        rateLimit: { max: 10, timeWindow: '15 minutes' },
        docs: { summary: 'He olvidado mi contraseña: envía el enlace para cambiarla', body: recoveryBody, answer: z.null() },
      },
    },
    async (request) => {
      const body = request.body;
      // Answers before the account is looked up; the code and the queued mail follow in the background.
      requestPasswordReset(ctx.db, ctx.config.publicUrl, body, (error) => request.log.error({ err: error }, 'password reset not written'));
      // docs/business-rules.md: 20000 with the confirmation text as `message` (the dialog shows it in its own confirmation state).
      return { code: Code.ok, message: Texts.recoverySent, data: null };
    },
  );

  app.post(
    '/api/external/changePassword',
    {
      config: {
        ...open,
        rateLimit: { max: 20, timeWindow: '15 minutes' },
        docs: { summary: 'Cambiar la contraseña con el código del enlace recibido', body: changePasswordBody, answer: z.null() },
      },
    },
    async (request) => {
      await resetPasswordWithCode(ctx.db, request.body);
      return ok(null, Msg.passwordChanged);
    },
  );

  /** Lets the reset page tell a dead link before the user types a new password. */
  app.get<{ Params: { code: string } }>(
    '/api/external/checkResetCode/:code',
    {
      config: {
        ...open,
        rateLimit: { max: 30, timeWindow: '15 minutes' },
        docs: { summary: 'Si el código de un enlace de cambio de contraseña sigue valiendo', answer: resetCodeAnswer },
      },
    },
    async (request) => okAs(resetCodeAnswer, { valid: await isResetCodeValid(ctx.db, request.params.code) }),
  );
}
