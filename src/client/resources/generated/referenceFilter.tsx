/**
 * A list's filter over another resource (a client, a category…). Its autocomplete (react-admin's, with
 * MUI's Autocomplete and chips) is not needed for the list's first rows: it loads once they are drawn
 * (firstScreen.ts), and until then an empty, disabled box of the same look holds its place (issue 46:
 * the first row with the least JavaScript). Its choices are read once the rows are in: asked first, they
 * held the rows up (issue 30).
 */
import { lazy, Suspense } from 'react';
import type { SxProps, Theme } from '@mui/material';
import { EmptyFilterBox } from './lazyFilterInputs';
import { useFirstScreenShown } from '../../providers/firstScreen';
import { useListRowsIn } from '../../components/namedList';
import type { ReferenceAutocompleteProps } from './ReferenceAutocomplete';

const ReferenceAutocomplete = lazy(() => import('./ReferenceAutocomplete'));

/** Use as react-admin's ReferenceInput in a list's filters (`alwaysOn` on the element, as react-admin reads it there). */
export function ReferenceFilter(props: ReferenceAutocompleteProps & { alwaysOn?: boolean }) {
  const drawn = useFirstScreenShown();
  const rowsIn = useListRowsIn();
  // As wide as the autocomplete: its input, as the autocomplete's, takes no width of its own (the filter bar
  // must not wrap when the box is replaced). It shows no value: the filter's is an id.
  const placeholder = <EmptyFilterBox source={props.source} label={props.label} sx={props.sx} />;
  if (!drawn) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ReferenceAutocomplete enableGetChoices={() => rowsIn} {...props} />
    </Suspense>
  );
}

/** The lists' client filter (staff). */
export function ClientFilter(props: { source: string; alwaysOn?: boolean; sx?: SxProps<Theme> }) {
  return <ReferenceFilter {...props} reference="client" label="Cliente" />;
}
