import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useApiQuery } from './query';
import { loadSession, onSessionChange, type SessionData } from './session';

/**
 * The session data in react-query's cache. session.ts stays the source: the authProvider and the light
 * login page (no react-query there) read it too. A write that changes it (the profile, a cart, a budget's
 * status, the settings: providers/query.ts) invalidates this key, which then reads it afresh; any other
 * reload (a sign-in), or its end, is copied into the cache.
 */
export const SESSION_KEY = ['session'] as const;

/** The cached session data, re-rendering when it is reloaded (e.g. after an avatar change). */
export function useSession(): SessionData | null {
  const queryClient = useQueryClient();
  // No session (no token, or a refused auth/info): none, as before.
  // The first read shares the one the authProvider started; a read after an invalidation asks the server again.
  const { data } = useApiQuery<SessionData | null>(SESSION_KEY, () => loadSession(queryClient.getQueryData(SESSION_KEY) !== undefined));
  useEffect(() => onSessionChange((session) => { queryClient.setQueryData(SESSION_KEY, session); }), [queryClient]);
  return data ?? null;
}
