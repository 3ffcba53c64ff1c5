/** The check-in endpoints (src/server/routes/timeRecords.ts) and the shapes they answer. */
import type {
  CheckInStatus,
  Correction,
  DayView,
  EntryView,
  MonthView,
  TimeEntryKind,
  Worker,
  WorkerTotals,
} from '../../../shared/timeRecords';

export type { CheckInStatus, Correction, DayView, EntryView, MonthView, Worker, WorkerTotals };
import { api, apiBlob, apiCsv } from '../../providers/http';

/**
 * The react-query keys of these reads. A check-in from the top bar or a correction invalidates
 * `records`, so whichever page shows the record reads it again.
 */
export const timeRecordKeys = {
  status: ['timeRecords', 'status'],
  workers: ['timeRecords', 'workers'],
  records: ['timeRecords', 'records'],
  mine: (month: string) => ['timeRecords', 'records', 'mine', month],
  everyone: (month: string) => ['timeRecords', 'records', 'month', month],
  worker: (userId: number, month: string) => ['timeRecords', 'records', 'worker', userId, month],
} as const;

export const fetchStatus = () => api<CheckInStatus>('/api/timeRecords/status', { silent: true });
export const checkIn = (kind: TimeEntryKind) => api<CheckInStatus>('/api/timeRecords/checkIn', { body: { kind }, changes: 'timeRecords' });
export const fetchMyMonth = (month: string) => api<MonthView>(`/api/timeRecords/mine/${month}`);
export const fetchWorkers = () => api<Worker[]>('/api/timeRecords/workers');
export const fetchEveryonesMonth = (month: string) => api<WorkerTotals[]>(`/api/timeRecords/month/${month}`);
export const fetchWorkerMonth = (userId: number, month: string) => api<MonthView>(`/api/timeRecords/worker/${userId}/${month}`);
export const sendCorrection = (correction: Correction) =>
  api<{ id: number }>('/api/timeRecords/correct', { body: correction, silent: true, changes: 'timeRecords' });
export const fetchMyReport = (month: string) => apiBlob(`/api/timeRecords/mine/${month}/pdf`);
export const fetchWorkerReport = (userId: number, month: string) => apiBlob(`/api/timeRecords/worker/${userId}/${month}/pdf`);

/** Everyone's record as CSV (a month, or a span of days); an error answer is notified like any other. */
export const fetchCsv = (query: { month: string } | { from: string; to: string }) =>
  apiCsv(`/api/timeRecords/csv?${new URLSearchParams(query)}`);
