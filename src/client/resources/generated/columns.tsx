/** The list column of a schema field, by its type. */
import { BooleanField, FunctionField, ImageField, ReferenceField, SelectField, TextField } from 'react-admin';
import type { FieldDef } from '../../../shared/resource';
import { formatDay, formatTimeOfDay } from '../../../shared/format';
import { dateTimeText, decimalText } from '../../../shared/fieldText';

/** A field's choices as react-admin's inputs and fields read them (here, not with the inputs: lists need them too). */
export const toChoices = (field: FieldDef) => (field.choices ?? []).map((c) => ({ id: c.value, name: c.label }));

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
      return <FunctionField key={key} {...common} render={(r: Record<string, unknown>) => formatDay(r[field.name])} />;
    case 'datetime':
      return <FunctionField key={key} {...common} render={(r: Record<string, unknown>) => dateTimeText(r[field.name])} />;
    case 'time':
      return <FunctionField key={key} {...common} render={(r: Record<string, unknown>) => formatTimeOfDay(r[field.name])} />;
    default:
      return <TextField key={key} {...common} />;
  }
}
