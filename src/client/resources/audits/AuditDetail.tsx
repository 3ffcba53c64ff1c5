/** An audit row's detail: who changed what, when, and each changed field before and after. */
import { Dialog, DialogContent, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { ReferenceField, useGetOne } from 'react-admin';
import { getResource } from '../../../../schemas';
import { fieldText } from '../../../shared/fieldText';
import { formatDateTime } from '../../../shared/format';
import { audit } from './auditSchema';

/** An audit row's resource or action by its Spanish name. */
const choiceLabel = (name: 'resource' | 'action', value: unknown) =>
  fieldText(audit.fields.find((f) => f.name === name)!, { [name]: value });
/** A changed field by its label in the resource's declaration, or its column name for rows without one. */
const fieldLabel = (resource: unknown, key: string) => getResource(String(resource))?.fields.find((f) => f.name === key)?.label ?? key;

const show = (value: unknown) =>
  value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value);

function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  // A creation or deletion shows every field; an update only what changed.
  if (!before || !after) return keys;
  return keys.filter((k) => k !== 'updated_at' && show(before[k]) !== show(after[k]));
}

export default function AuditDetail({ id, onClose }: { id: number; onClose: () => void }) {
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
