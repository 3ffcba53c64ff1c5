/** The bulletin board's calls (issue 17 §2); a read invalidates the top bar's unread count (its `changes`). */
import { announcementContracts as contract } from '../../../shared/contracts/announcements';
import { call } from '../../providers/http';

export const boardOf = () => call(contract.board);
export const unreadCount = () => call(contract.unreadCount, {}, { silent: true }).then((r) => r.count);
export const markRead = (id: number) => call(contract.markRead, { params: { id } }, { silent: true, changes: 'announcement' });
export const readersOf = (id: number) => call(contract.readers, { params: { id } }, {});
