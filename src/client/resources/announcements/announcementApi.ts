/** The bulletin board's calls (issue 17 §2); a read invalidates the top bar's unread count (its `changes`). */
import type { AnnouncementReader, BoardAnnouncement } from '../../../shared/announcements';
import { api } from '../../providers/http';

export const boardOf = () => api<BoardAnnouncement[]>('/api/announcement/board');
export const unreadCount = () => api<{ count: number }>('/api/announcement/unreadCount', { silent: true }).then((r) => r.count);
export const markRead = (id: number) =>
  api<{ id: number; read_at: string }>(`/api/announcement/markRead/${id}`, { method: 'POST', silent: true, changes: 'announcement' });
export const readersOf = (id: number) => api<AnnouncementReader[]>(`/api/announcement/readers/${id}`);
