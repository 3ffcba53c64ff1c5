/** The check-in endpoints (src/server/routes/timeRecords.ts) and the shapes they answer. */
import type { Correction, TimeEntryKind } from '../../../shared/timeRecords';
import type { DayView, EntryView, MonthView, OutsideMark, Worker, WorkerTotals } from '../../../shared/timeRecordAnswers';

export type { Correction, DayView, EntryView, MonthView, OutsideMark, Worker, WorkerTotals };
import { pathOf } from '../../../shared/contracts/contract';
import { timeRecordContracts as contract } from '../../../shared/contracts/timeRecords';
import { apiBlob, apiCsv, call } from '../../providers/http';

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

export const fetchStatus = () => call(contract.status, {}, { silent: true });
export const checkIn = (kind: TimeEntryKind) => call(contract.checkIn, { body: { kind } }, { changes: 'timeRecords' });
export const fetchMyMonth = (month: string) => call(contract.myMonth, { params: { month } }, {});
export const fetchWorkers = () => call(contract.workers);
export const fetchEveryonesMonth = (month: string) => call(contract.everyonesMonth, { params: { month } }, {});
export const fetchWorkerMonth = (userId: number, month: string) => call(contract.workerMonth, { params: { user_id: userId, month } }, {});
export const sendCorrection = (correction: Correction) =>
  call(contract.correct, { body: correction }, { silent: true, changes: 'timeRecords' });
export const fetchMyReport = (month: string) => apiBlob(pathOf(contract.myReport, { month }));
export const fetchWorkerReport = (userId: number, month: string) => apiBlob(pathOf(contract.workerReport, { user_id: userId, month }));

/** Everyone's record as CSV (a month, or a span of days); an error answer is notified like any other. */
export const fetchCsv = (query: { month: string } | { from: string; to: string }) =>
  apiCsv(`${contract.csv.path}?${new URLSearchParams(query)}`);
