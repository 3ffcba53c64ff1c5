import { useEffect, useState } from 'react';
import { loadSession, onSessionChange, type SessionData } from '../providers/session';

/** The cached session data, re-rendering when it is reloaded (e.g. after an avatar change). */
export function useSession(): SessionData | null {
  const [session, setSession] = useState<SessionData | null>(null);
  useEffect(() => {
    let alive = true;
    loadSession().then((s) => alive && setSession(s), () => undefined);
    const stop = onSessionChange((s) => alive && setSession(s));
    return () => { alive = false; stop(); };
  }, []);
  return session;
}
