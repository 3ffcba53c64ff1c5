/** react-admin authProvider over the API's session endpoints (docs/roles.md, docs/api.md Auth). */
import type { AuthProvider } from 'react-admin';
import { Texts } from '../../shared/codes';
import { getResource } from '../../../schemas';
import { canAccessResource } from '../../shared/permissions';
import { forgetSession, loadSession } from './session';
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
    try {
      const session = await loadSession();
      if (!session.roles.length) {
        notify('error', Texts.noRoles, DURATION.long);
        await authProvider.logout({});
        throw { redirectTo: '/login', message: false };
      }
    } catch (error) {
      if ((error as { redirectTo?: string }).redirectTo) throw error;
      // The session could not be verified: log out and start again from the root.
      markSignedOut();
      forgetSession();
      notify('error', Texts.verificationFailed, DURATION.long);
      throw { redirectTo: '/', message: false };
    }
  },

  // Session codes are handled by the HTTP layer (confirm box), other errors keep the user signed in.
  async checkError() {},

  async getPermissions() {
    if (!isSignedIn()) return [];
    return (await loadSession()).roles;
  },

  async getIdentity() {
    const session = await loadSession();
    return { id: session.id, fullName: `${session.first_name} ${session.last_name}`, avatar: session.image ?? undefined, first_name: session.first_name };
  },

  async canAccess({ resource, action }) {
    if (!isSignedIn()) return false;
    const { roles } = await loadSession();
    return canAccessResource(roles, getResource(resource), action);
  },
};
