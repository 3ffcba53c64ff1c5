/** Loads a dashboard's figures once; a failure is said in Spanish, never a broken chart. */
import { useEffect, useState } from 'react';
import { api } from '../../providers/http';

export function useDashboard<T>(url: string) {
  const [state, setState] = useState<{ data?: T; failed?: boolean }>({});
  useEffect(() => {
    let alive = true;
    api<T>(url).then((data) => alive && setState({ data }), () => alive && setState({ failed: true }));
    return () => { alive = false; };
  }, [url]);
  return state;
}
