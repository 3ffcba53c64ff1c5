/** Audits: every change, filterable, with a before/after view of the changed fields. */
import { lazy, Suspense } from 'react';
import { DayInput } from '../../components/DayInput';
import { ResourcePage } from '../generated/ResourcePage';
import { audit } from './auditSchema';

// The detail names a changed field by its label in its resource's schema: every schema comes with it, not with the list.
const AuditDetail = lazy(() => import('./AuditDetail'));

/**
 * The date inputs pick calendar days; the filter sends instants: "Desde" the start of that day and
 * "Hasta" its end, in the browser's time zone (the list shows times in it), so that a day's own rows count.
 */
const pad = (n: number) => String(n).padStart(2, '0');
export function dayBound(day: string, end: boolean): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const at = end ? new Date(+match[1], +match[2] - 1, +match[3], 23, 59, 59, 999) : new Date(+match[1], +match[2] - 1, +match[3]);
  return at.toISOString();
}
export function dayOf(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? '' : `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

const auditFilters = [
  <DayInput key="from" source="created_at_gte" label="Desde" filter format={dayOf} parse={(v) => (v ? dayBound(v, false) : '')} />,
  <DayInput key="to" source="created_at_lte" label="Hasta" filter format={dayOf} parse={(v) => (v ? dayBound(v, true) : '')} />,
];

export default function AuditPage() {
  return (
    <ResourcePage
      schema={audit}
      extraFilters={auditFilters}
      renderDetail={(id, close) => (
        <Suspense fallback={null}>
          <AuditDetail id={id} onClose={close} />
        </Suspense>
      )}
    />
  );
}
