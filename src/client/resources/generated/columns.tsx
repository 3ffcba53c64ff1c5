/** The list column of a schema field, by its type. */
import { BooleanField, FunctionField, ImageField, ReferenceField, SelectField, TextField } from 'react-admin';
import type { FieldDef } from '../../../shared/resource';
import { formatDate, formatDateTime, formatNumber, formatTimeOfDay } from '../../../shared/format';
import { toChoices } from './FieldInput';

/** `titleField` names the record (the schema's): an uploaded image takes it as its text alternative. */
export function fieldColumn(field: FieldDef, titleField: string) {
  const common = { source: field.name, label: field.label };
  const key = field.name;
  switch (field.type) {
    case 'boolean':
      return <BooleanField key={key} {...common} />;
    case 'select':
      return <SelectField key={key} {...common} choices={toChoices(field)} />;
    case 'reference':
      return <ReferenceField key={key} {...common} reference={field.reference!} link={false} emptyText="—" />;
    case 'image':
      return (
        <ImageField
          key={key}
          {...common}
          title={titleField}
          sortable={false}
          sx={{ '& img': { maxWidth: 48, maxHeight: 48, objectFit: 'contain' } }}
        />
      );
    case 'decimal':
      return (
        <FunctionField key={key} {...common} textAlign="right" render={(r: Record<string, unknown>) => decimalText(field, r[field.name])} />
      );
    case 'date':
      return <FunctionField key={key} {...common} render={(r: Record<string, unknown>) => formatDate(r[field.name] as string)} />;
    case 'datetime':
      return <FunctionField key={key} {...common} render={(r: Record<string, unknown>) => formatDateTime(r[field.name] as string)} />;
    case 'time':
      return <FunctionField key={key} {...common} render={(r: Record<string, unknown>) => formatTimeOfDay(r[field.name])} />;
    default:
      return <TextField key={key} {...common} />;
  }
}

/** A decimal as the lists show it: "1.234,50". */
const decimalText = (field: FieldDef, value: unknown) =>
  value == null ? '' : formatNumber(Number(value), field.decimals ?? 2, field.decimals ?? 2);

/**
 * A field's value as text, the way its list column shows it (the CSV export): "Sí"/"No", a choice's
 * label, a referenced record's title (`titles`: id → title of that reference), Spanish numbers and dates.
 */
export function fieldText(field: FieldDef, record: Record<string, unknown>, titles?: Map<unknown, string>): string {
  const value = record[field.name];
  if (value === null || value === undefined) return '';
  switch (field.type) {
    case 'boolean': return value ? 'Sí' : 'No';
    case 'select': return field.choices?.find((c) => c.value === value)?.label ?? String(value);
    case 'reference': return titles?.get(value) ?? String(value);
    case 'decimal': return decimalText(field, value);
    case 'date': return formatDate(value as string);
    case 'datetime': return formatDateTime(value as string);
    case 'time': return formatTimeOfDay(value);
    case 'json': return JSON.stringify(value);
    default: return String(value);
  }
}
