/**
 * Signing in and out over the API's session endpoints (docs/roles.md, docs/api.md Auth). Apart from the
 * authProvider so that the light login page signs in without loading react-admin or the schemas.
 */
import { Texts } from '../../shared/codes';
import { authContracts } from '../../shared/contracts/auth';
import { call } from './http';
import { forgetSession, loadSession } from './session';
import { isSignedIn, markSignedIn, markSignedOut } from './token';

export async function signIn(username: string, password: string) {
  // Nothing cached to invalidate: the signed-in app loads afresh (and signing out leaves it).
  // The answer's token is for API clients: the app's session is the HttpOnly cookie the answer sets.
  await call(authContracts.login, { body: { identity: username, password } }, { changes: [] });
  markSignedIn();
  const session = await loadSession(true).catch(() => null);
  if (!session) {
    markSignedOut();
    throw new Error(Texts.verificationFailed);
  }
  if (!session.roles.length) {
    await signOut();
    throw new Error(Texts.noRoles);
  }
}

export async function signOut() {
  if (isSignedIn()) await call(authContracts.logout, {}, { silent: true, changes: [] }).catch(() => undefined);
  markSignedOut();
  forgetSession();
}
