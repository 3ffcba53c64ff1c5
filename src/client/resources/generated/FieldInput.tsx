/** The form input of a schema field, by its type. */
import { lazy } from 'react';
import {
  AutocompleteInput, BooleanInput, FormDataConsumer, PasswordInput, ReferenceInput, SelectInput, TextInput, useRecordContext,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { zeroPadded, type FieldDef, type FormMode } from '../../../shared/resource';
import { DecimalInput, IntegerInput, withInputMode } from '../../components/DecimalInput';
import { DayInput } from '../../components/DayInput';
import { TimeInput } from '../../components/TimeInput';
import { toChoices } from './columns';

/** The file and image inputs bring react-dropzone: loaded when a form that has one opens, not with the first screen (issue 30). */
const FileFieldInput = lazy(() => import('./FileInputs'));

/** An empty choice list that says where the missing records are made (a schema field's `whenNoChoices`). */
function NoChoicesYet({ text, linkText, to }: NonNullable<FieldDef['whenNoChoices']>) {
  return <span>{text} <Link to={to}>{linkText}</Link></span>;
}

export interface FieldInputProps {
  field: FieldDef;
  mode: FormMode;
  locked?: boolean;
  /** For a reference: limits the options (e.g. the sizes of one reel). */
  referenceFilter?: Record<string, unknown>;
}

export function FieldInput({ field, mode, locked, referenceFilter }: FieldInputProps) {
  // Read-only, not disabled: react-hook-form leaves a disabled input's value out of what is saved, so a
  // preset and locked client would not be sent (issue 27).
  const readOnly = locked || (mode === 'update' && field.edit === 'readonly');
  const common = { source: field.name, label: field.label, helperText: field.helperText ?? false, readOnly, fullWidth: true } as const;
  const record = useRecordContext();
  // Only the value as loaded is padded: padding what the user is typing would move the caret.
  const format = field.zeroPad
    ? (value: unknown) => (value == null ? '' : value === record?.[field.name] ? zeroPadded(value, field.zeroPad!) : value)
    : undefined;
  const input = (() => {
    switch (field.type) {
      case 'password':
        return (
          <PasswordInput
            {...common}
            autoComplete="new-password"
            helperText={mode === 'update' ? 'Déjela en blanco para no cambiarla' : false}
          />
        );
      case 'textarea':
        return <TextInput {...common} multiline minRows={2} />;
      case 'boolean':
        return <BooleanInput source={field.name} label={field.label} helperText={field.helperText ?? false} readOnly={readOnly} />;
      case 'select':
        return <SelectInput {...common} choices={toChoices(field)} emptyText="" />;
      case 'reference':
        return (
          <ReferenceInput source={field.name} reference={field.reference!} perPage={50} filter={referenceFilter}>
            <AutocompleteInput
              label={field.label} readOnly={readOnly} fullWidth helperText={field.helperText ?? false} filterToQuery={(q) => ({ q })}
              noOptionsText={field.whenNoChoices ? <NoChoicesYet {...field.whenNoChoices} /> : 'app.no_match'} loadingText="app.loading"
            />
          </ReferenceInput>
        );
      case 'image':
      case 'file':
        return (
          // No Suspense of its own: the form's dialog holds the whole form until they arrive (FormSuspense).
          <FileFieldInput field={field} common={common} />
        );
      case 'email':
        // A text input with the e-mail keyboard: type="email" would trim what is typed and carry the
        // browser's own English message; the schema's rule says what is wrong, in Spanish.
        return <TextInput {...common} slotProps={withInputMode('email')} />;
      case 'decimal':
        return <DecimalInput {...common} places={field.decimals ?? 2} />;
      case 'integer':
        return <IntegerInput {...common} />;
      case 'date':
        return <DayInput source={field.name} label={field.label} />;
      case 'time':
        return <TimeInput source={field.name} label={field.label} helperText={field.helperText} />;
      default:
        return <TextInput {...common} format={format} />;
    }
  })();
  if (!field.showIf) return input;
  const { field: other, equals } = field.showIf;
  return (
    <FormDataConsumer>
      {({ formData }) => (Number(formData?.[other]) === equals || formData?.[other] === equals ? input : null)}
    </FormDataConsumer>
  );
}
