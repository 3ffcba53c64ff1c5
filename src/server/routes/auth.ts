/** Auth endpoints of docs/api.md. */
import type { FastifyInstance } from 'fastify';
import { Msg } from '../../shared/messages';
import { Code, Texts } from '../../shared/codes';
import { authContracts as contract } from '../../shared/contracts/auth';
import type { AppContext } from '../context';
import { route } from '../plugins/contracts';
import { ok } from '../plugins/envelope';
import { TOKEN_COOKIE } from '../plugins/auth';
import { isResetCodeValid, login, passwordResetsSettled, requestPasswordReset, resetPasswordWithCode, revokeSession } from '../domain/auth';
import { sessionInfo } from '../domain/session-info';
import { getSettings } from '../domain/settings';

export default async function authRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Resets still on their way write their code and queue their mail before the database closes.
  app.addHook('onClose', async () => { await passwordResetsSettled(); });

  route(app, contract.login, async ({ body }, request, reply) => {
    const settings = await getSettings(ctx.db);
    const { token } = await login(ctx.db, body, request.ip, { maintenance: settings.maintenance_mode });
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
    return ok({ token });
  });

  route(app, contract.info, async (_input, request) => {
    // The token only to a caller that sent it in the header (an API client): the browser app goes by its
    // HttpOnly cookie, and no script of its pages may read the token, here either.
    const fromHeader = request.headers['x-token'] === request.token;
    return ok(await sessionInfo(ctx, request.me, fromHeader ? request.token! : null));
  });

  route(app, contract.logout, async (_input, request, reply) => {
    await revokeSession(ctx.db, request.me.sessionId, 'logout');
    reply.clearCookie(TOKEN_COOKIE, { path: '/', sameSite: 'lax', httpOnly: true, secure: request.protocol === 'https' });
    return ok(null);
  });

  route(app, contract.forgotPassword, async ({ body }, request) => {
    // Answers before the account is looked up; the code and the queued mail follow in the background.
    requestPasswordReset(ctx.db, ctx.config.publicUrl, body, (error) => request.log.error({ err: error }, 'password reset not written'));
    // docs/business-rules.md: 20000 with the confirmation text as `message` (the dialog shows it in its own confirmation state).
    return { code: Code.ok, message: Texts.recoverySent, data: null };
  });

  route(app, contract.changePassword, async ({ body }) => {
    await resetPasswordWithCode(ctx.db, body);
    return ok(null, Msg.passwordChanged);
  });

  /** Lets the reset page tell a dead link before the user types a new password. */
  route(app, contract.checkResetCode, async ({ params }) => ok({ valid: await isResetCodeValid(ctx.db, params.code) }));
}
