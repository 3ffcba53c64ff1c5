/** The list column of a schema field, by its type. */
import { BooleanField, FunctionField, ImageField, ReferenceField, SelectField, TextField } from 'react-admin';
import type { FieldDef } from '../../../shared/resource';
import { formatDate, formatDateTime } from '../../dates';
import { toChoices } from './FieldInput';

export function fieldColumn(field: FieldDef) {
  const common = { source: field.name, label: field.label, key: field.name };
  switch (field.type) {
    case 'boolean': return <BooleanField {...common} />;
    case 'select': return <SelectField {...common} choices={toChoices(field)} />;
    case 'reference': return <ReferenceField {...common} reference={field.reference!} link={false} emptyText="—" />;
    case 'image': return <ImageField {...common} sortable={false} sx={{ '& img': { maxWidth: 48, maxHeight: 48, objectFit: 'contain' } }} />;
    case 'decimal':
      return <FunctionField {...common} textAlign="right" render={(r: Record<string, unknown>) => (r[field.name] == null ? '' : Number(r[field.name]).toLocaleString('es-ES', { minimumFractionDigits: field.decimals ?? 2, maximumFractionDigits: field.decimals ?? 2 }))} />;
    case 'date': return <FunctionField {...common} render={(r: Record<string, unknown>) => formatDate(r[field.name] as string)} />;
    case 'datetime': return <FunctionField {...common} render={(r: Record<string, unknown>) => formatDateTime(r[field.name] as string)} />;
    default: return <TextField {...common} />;
  }
}
