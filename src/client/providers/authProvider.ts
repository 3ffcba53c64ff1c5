/** react-admin authProvider over the API's session endpoints (docs/roles.md, docs/api.md Auth). */
import type { AuthProvider } from 'react-admin';
import { Texts } from '../../shared/codes';
import { canAccessResource } from '../../shared/permissions';
import { isNetworkFailure } from './http';
import { afterFirstScreen } from './firstScreen';
import { queryClient } from './query';
import { resourceSummary } from './resourceSummary';
import { forgetSession, loadSession, rolesNow, type SessionData } from './session';
import { isSignedIn, markSignedOut } from './token';
import { DURATION, notify } from './events';
import { signIn, signOut } from './signIn';

export const authProvider: AuthProvider = {
  login: ({ username, password }: { username: string; password: string }) => signIn(username, password),

  async logout() {
    await signOut();
    return '/login';
  },

  async checkAuth() {
    if (!isSignedIn()) throw { redirectTo: '/login', message: false };
    // Roles known from the last session: the page opens now (issue 30), and auth/info is asked once its
    // first read is on screen (issue 46, providers/firstScreen.ts). Should it refuse the session, it is
    // signed out (below) and react-admin asks again: to /login.
    if (rolesNow()) {
      afterFirstScreen().then(verifySession).catch(() => queryClient.invalidateQueries({ queryKey: ['auth', 'checkAuth'] }));
      return;
    }
    await verifySession();
  },

  // Session codes are handled by the HTTP layer (confirm box), other errors keep the user signed in.
  async checkError() {},

  async getPermissions() {
    if (!isSignedIn()) return [];
    return rolesNow() ?? (await loadSession()).roles;
  },

  async getIdentity() {
    if (rolesNow()) await afterFirstScreen();
    const session = await loadSession();
    return {
      id: session.id,
      fullName: `${session.first_name} ${session.last_name}`,
      avatar: session.image ?? undefined,
      first_name: session.first_name,
    };
  },

  async canAccess({ resource, action }) {
    if (!isSignedIn()) return false;
    const roles = rolesNow() ?? (await loadSession()).roles;
    return canAccessResource(roles, resourceSummary(resource), action);
  },
};

/** Set while the page is being left (until it is shown again from the back-forward cache). */
let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => { leaving = true; });
  window.addEventListener('pageshow', () => { leaving = false; });
}

/** The verification of the session read last, once per read (every checkAuth shares it, and notifies once). */
let verification: { of: Promise<SessionData>; verified: Promise<void> } | null = null;

/**
 * Whether auth/info accepts the session, with roles. If not, the user is signed out here and told why;
 * the rejection says where to go (react-admin's `redirectTo`).
 */
function verifySession(): Promise<void> {
  const session = loadSession();
  if (verification?.of === session) return verification.verified;
  const verified = session.then(async ({ roles }) => {
    if (roles.length) return;
    notify('error', Texts.noRoles, DURATION.long);
    await authProvider.logout({});
    throw { redirectTo: '/login', message: false };
  }, (error: unknown) => {
    // Leaving the page cancels the check: that is no failure, and must not sign out the next page.
    if (leaving) return;
    // No network (the workshop's installed app opened offline, issue 44): the session was not refused, only
    // not asked. The page opens with the last session's roles, and the next check asks again.
    if (isNetworkFailure(error) && rolesNow()) return;
    // The session could not be verified: log out and start again from the root.
    markSignedOut();
    forgetSession();
    notify('error', Texts.verificationFailed, DURATION.long);
    throw { redirectTo: '/', message: false };
  });
  verification = { of: session, verified };
  return verified;
}
