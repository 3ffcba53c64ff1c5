/** The bulletin board's own endpoints beside the generic ones of `announcement` (issue 17 §2). */
import { z } from 'zod';
import { announcementReaderAnswer, boardAnnouncementAnswer } from '../announcementAnswers';
import { ADMIN_ONLY } from '../roles';
import { defineContract } from './contract';

const tag = 'Anuncios';
const idParams = z.object({ id: z.string().describe('Id del anuncio') });

// Members read their clients' announcements, staff (office and workshop) the staff-only ones.
export const announcementContracts = {
  board: defineContract({
    method: 'GET', path: '/api/announcement/board', access: 'signedIn', tag,
    summary: 'El tablón de anuncios del usuario', data: z.array(boardAnnouncementAnswer),
  }),
  unreadCount: defineContract({
    method: 'GET', path: '/api/announcement/unreadCount', access: 'signedIn', tag,
    summary: 'Cuántos anuncios no ha leído el usuario', data: z.object({ count: z.number().int() }),
  }),
  markRead: defineContract({
    method: 'POST', path: '/api/announcement/markRead/:id', access: 'signedIn', tag,
    summary: 'Marcar un anuncio como leído', params: idParams,
    data: z.object({ id: z.number().int(), read_at: z.string().describe('Cuándo lo abrió por primera vez (ISO 8601)') }),
  }),
  readers: defineContract({
    method: 'GET', path: '/api/announcement/readers/:id', access: ADMIN_ONLY, tag,
    summary: 'Quién ha leído un anuncio', params: idParams, data: z.array(announcementReaderAnswer),
  }),
};
