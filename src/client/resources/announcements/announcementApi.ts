/** The bulletin board's calls (issue 17 §2) and the signal that a read changed the unread count. */
import type { AnnouncementReader, BoardAnnouncement } from '../../../shared/announcements';
import { api } from '../../providers/http';

export const boardOf = () => api<BoardAnnouncement[]>('/api/announcement/board');
export const unreadCount = () => api<{ count: number }>('/api/announcement/unreadCount', { silent: true }).then((r) => r.count);
export const markRead = (id: number) => api<{ id: number; read_at: string }>(`/api/announcement/markRead/${id}`, { method: 'POST', silent: true, changes: 'announcement' });
export const readersOf = (id: number) => api<AnnouncementReader[]>(`/api/announcement/readers/${id}`);

const listeners = new Set<() => void>();
/** The top bar's badge counts again when a reader opens an announcement. */
export function onReadsChanged(listener: () => void) {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}
export const readsChanged = () => listeners.forEach((listener) => listener());
