import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useFirstScreenShown } from './firstScreen';
import { useApiQuery } from './query';
import { loadSession, onSessionChange, rolesNow, type SessionData } from './session';
import type { Role } from '../../shared/roles';

/**
 * The session data in react-query's cache. session.ts stays the source: the authProvider and the light
 * login page (no react-query there) read it too. A write that changes it (the profile, a cart, a budget's
 * status, the settings: providers/query.ts) invalidates this key, which then reads it afresh; any other
 * reload (a sign-in), or its end, is copied into the cache.
 */
export const SESSION_KEY = ['session'] as const;

/**
 * The cached session data, re-rendering when it is reloaded (e.g. after an avatar change). A page whose
 * first read needs it (the member's current cart: its id is the session's) asks for it `now`, not after
 * that read.
 */
export function useSession({ now = false } = {}): SessionData | null {
  const queryClient = useQueryClient();
  // With the last session's roles the page opens on them, and asks auth/info once its first read is on
  // screen (providers/firstScreen.ts); without them the page waits for it.
  const firstScreenShown = useFirstScreenShown();
  // No session (no token, or a refused auth/info): none, as before.
  // The first read shares the one the authProvider started; a read after an invalidation asks the server again.
  // Read once, not again by each component that mounts: a write that changes it invalidates the key.
  const { data } = useApiQuery<SessionData | null>(
    SESSION_KEY,
    () => loadSession(queryClient.getQueryData(SESSION_KEY) !== undefined),
    now || firstScreenShown || !rolesNow(),
    { staleTime: Infinity },
  );
  useEffect(() => onSessionChange((session) => { queryClient.setQueryData(SESSION_KEY, session); }), [queryClient]);
  return data ?? null;
}

/**
 * The user's roles, to decide what to show: the session's, or while auth/info answers the last session's
 * (providers/token.ts), so that a page opens without waiting for it (issue 30). None: not known yet.
 */
export function useRoles(): Role[] | null {
  return useSession()?.roles ?? rolesNow();
}
