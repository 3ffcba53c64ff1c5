/** A client's name for a heading; null while unknown or for no client (the heading then leaves it out). */
import { useApiQuery } from '../../providers/query';
import { clientName } from './cartApi';

export function useClientName(clientId: number): string | null {
  const { data } = useApiQuery(['client', clientId, 'name'], () => clientName(clientId), !!clientId);
  return clientId ? data ?? null : null;
}
