/**
 * A list's search box. The server refuses a search over MAX_SEARCH_LENGTH characters (40001, Msg.searchTooLong);
 * the box says so under itself with the same message and does not search, instead of cutting a pasted text
 * short without a word (maxLength would) or showing the server's refusal.
 */
import { SearchInput, type SearchInputProps } from 'react-admin';
import { MAX_SEARCH_LENGTH } from '../../shared/lists';
import { Msg } from '../../shared/messages';

/** The search limit as a field validator: the server's own message, or nothing. */
export const searchLimit = (value: unknown) =>
  typeof value === 'string' && value.length > MAX_SEARCH_LENGTH ? Msg.searchTooLong : undefined;

/** Use as react-admin's SearchInput, in a list's filters (`source="q" alwaysOn` on the element, as react-admin reads them there). */
export function ListSearchInput(props: SearchInputProps) {
  // react-admin hides a filter's helper texts; this one's error is the point. A box described by its error
  // needs a name of its own, not only its placeholder.
  return (
    <SearchInput placeholder="Buscar" validate={searchLimit} slotProps={{ htmlInput: { 'aria-label': 'Buscar' } }}
      sx={{ '& .MuiFormHelperText-root.Mui-error': { display: 'block' } }} {...props} />
  );
}
