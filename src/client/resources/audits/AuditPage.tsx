/** Audits: every change, filterable, with a before/after view of the changed fields. */
import { Dialog, DialogContent, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { DateInput, useGetOne } from 'react-admin';
import { audit } from '../../../../schemas/audit';
import { formatDateTime } from '../../dates';
import { ResourcePage } from '../generated/ResourcePage';

const show = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value));

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
            <Typography variant="body2" gutterBottom>{formatDateTime(data.created_at)} · {data.resource} #{data.record_id} · {data.action}</Typography>
            <Table size="small" aria-label="Cambios">
              <TableHead><TableRow><TableCell>Campo</TableCell><TableCell>Antes</TableCell><TableCell>Después</TableCell></TableRow></TableHead>
              <TableBody>
                {changedFields(before, after).map((key) => (
                  <TableRow key={key}><TableCell>{key}</TableCell><TableCell>{show(before?.[key])}</TableCell><TableCell>{show(after?.[key])}</TableCell></TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

const auditDateFilters = [<DateInput key="from" source="created_at_gte" label="Desde" />, <DateInput key="to" source="created_at_lte" label="Hasta" />];

export default function AuditPage() {
  return <ResourcePage schema={audit} extraFilters={auditDateFilters} renderDetail={(id, close) => <AuditDetail id={id} onClose={close} />} />;
}

