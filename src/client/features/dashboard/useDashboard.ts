/** Loads a dashboard's figures once; a failure is said in Spanish, never a broken chart. */
import { api } from '../../providers/http';
import { useApiQuery } from '../../providers/query';

export function useDashboard<T>(url: string) {
  const { data, isError } = useApiQuery(['dashboard', url], () => api<T>(url));
  return { data, failed: isError };
}
