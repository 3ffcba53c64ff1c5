/**
 * A list's filter over another resource: react-admin's autocomplete over its records. Loaded by
 * ReferenceFilter (referenceFilter.tsx) once the list's rows are in, with MUI's Autocomplete and its chips.
 */
import { AutocompleteInput, ReferenceInput, type ReferenceInputProps } from 'react-admin';
import type { SxProps, Theme } from '@mui/material';

export interface ReferenceAutocompleteProps extends Partial<ReferenceInputProps> {
  source: string;
  reference: string;
  label: string;
  sx?: SxProps<Theme>;
}

export default function ReferenceAutocomplete({ label, sx, reference, ...props }: ReferenceAutocompleteProps) {
  return (
    <ReferenceInput {...props} reference={reference} label={label}>
      <AutocompleteInput label={label} filterToQuery={(q) => ({ q })} noOptionsText="app.no_match" loadingText="app.loading" sx={sx} />
    </ReferenceInput>
  );
}
