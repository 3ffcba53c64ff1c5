/** Announcements carry their chosen clients (written with them); readers reach only those addressed to them. */
import type { ResourceHooks } from '../domain/records';
import {
  daysToInstants, expandAnnouncements, listedAnnouncementDetails, readerScope, syncAnnouncementClients,
} from '../domain/announcements';

export const announcementHooks: ResourceHooks = {
  scope: (user, binder) => readerScope(user, binder),
  expand: expandAnnouncements,
  listRelated: listedAnnouncementDetails,
  beforeWrite: ({ ctx, data, mode }) => ({ ...daysToInstants(data), ...(mode === 'create' ? { user_id: ctx.user.id } : {}) }),
  async afterWrite({ tx, mode, after, data }) {
    // The chosen clients join the record's audit row.
    return mode !== 'delete' && after && data
      ? syncAnnouncementClients(tx, after.id as number, Number(after.audience), (data.client_ids as number[] | undefined) ?? [])
      : undefined;
  },
};
