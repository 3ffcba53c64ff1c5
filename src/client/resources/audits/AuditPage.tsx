/** Audits: every change, filterable, with a before/after view of the changed fields. */
import { Dialog, DialogContent, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { ReferenceField, useGetOne } from 'react-admin';
import { getResource, resources } from '../../../../schemas';
import { fieldText } from '../../../shared/fieldText';
import { formatDateTime } from '../../../shared/format';
import { DayInput } from '../../components/DayInput';
import { ResourcePage } from '../generated/ResourcePage';

const { audit } = resources;
/** An audit row's resource or action by its Spanish name. */
const choiceLabel = (name: 'resource' | 'action', value: unknown) =>
  fieldText(audit.fields.find((f) => f.name === name)!, { [name]: value });
/** A changed field by its label in the resource's declaration, or its column name for rows without one. */
const fieldLabel = (resource: unknown, key: string) => getResource(String(resource))?.fields.find((f) => f.name === key)?.label ?? key;

const show = (value: unknown) =>
  value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value);

export function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  // A creation or deletion shows every field; an update only what changed.
  if (!before || !after) return keys;
  return keys.filter((k) => k !== 'updated_at' && show(before[k]) !== show(after[k]));
}

function AuditDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const { data } = useGetOne('audit', { id });
  const before = (data?.before ?? null) as Record<string, unknown> | null;
  const after = (data?.after ?? null) as Record<string, unknown> | null;
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>Auditoría {id}</DialogTitle>
      <DialogContent>
        {data && (
          <>
            <Typography variant="body2" gutterBottom>
              {formatDateTime(data.created_at)} · {choiceLabel('resource', data.resource)} nº {data.record_id} ·{' '}
              {choiceLabel('action', data.action)}
              {data.user_id ? (
                <>
                  {' '}
                  · <ReferenceField record={data} source="user_id" reference="user" link={false} />
                </>
              ) : null}
            </Typography>
            <Table size="small" aria-label="Cambios">
              <TableHead>
                <TableRow>
                  <TableCell>Campo</TableCell>
                  <TableCell>Antes</TableCell>
                  <TableCell>Después</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {changedFields(before, after).map((key) => (
                  <TableRow key={key}>
                    <TableCell>{fieldLabel(data.resource, key)}</TableCell>
                    <TableCell>{show(before?.[key])}</TableCell>
                    <TableCell>{show(after?.[key])}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

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
      renderDetail={(id, close) => <AuditDetail id={id} onClose={close} />}
    />
  );
}
