/** The dashboards (issue 17 §1): the staff's whole business, a member's own client. */
import { memberDashboardAnswer, staffDashboardAnswer } from '../dashboardAnswers';
import { defineContract } from './contract';

const tag = 'Panel';

export const dashboardContracts = {
  staff: defineContract({
    method: 'GET', path: '/api/dashboard/staff', access: ['admin'], tag, summary: 'El panel del personal', data: staffDashboardAnswer,
  }),
  member: defineContract({
    method: 'GET', path: '/api/dashboard/member', access: ['client'], tag, summary: 'El panel de un miembro de cliente',
    data: memberDashboardAnswer,
  }),
};
