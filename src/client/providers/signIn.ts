/**
 * Signing in and out over the API's session endpoints (docs/roles.md, docs/api.md Auth). Apart from the
 * authProvider so that the light login page signs in without loading react-admin or the schemas.
 */
import { Texts } from '../../shared/codes';
import type { LoginAnswer } from '../../shared/publicAnswers';
import { api } from './http';
import { forgetSession, loadSession } from './session';
import { clearToken, getToken, setToken } from './token';

export async function signIn(username: string, password: string) {
  // Nothing cached to invalidate: the signed-in app loads afresh (and signing out leaves it).
  const { token } = await api<LoginAnswer>('/api/external/login', { body: { identity: username, password }, changes: [] });
  setToken(token);
  const session = await loadSession(true).catch(() => null);
  if (!session) {
    clearToken();
    throw new Error(Texts.verificationFailed);
  }
  if (!session.roles.length) {
    await signOut();
    throw new Error(Texts.noRoles);
  }
}

export async function signOut() {
  if (getToken()) await api('/api/auth/logout', { method: 'POST', body: {}, silent: true, changes: [] }).catch(() => undefined);
  clearToken();
  forgetSession();
}
