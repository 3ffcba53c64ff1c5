/** Loads a dashboard's figures once; a failure is said in Spanish, never a broken chart. */
import { useApiQuery } from '../../providers/query';

export function useDashboard<T>(which: string, load: () => Promise<T>) {
  const { data, isError } = useApiQuery(['dashboard', which], load);
  return { data, failed: isError };
}
