/**
 * Lists on a phone (below 600 px): each record becomes one row of its key fields, the whole row a
 * link to it, instead of a table cut off at the right; and only the search box stays open, the other
 * filters fold behind the filter button.
 */
import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, LinearProgress, List, ListItem, ListItemButton, ListItemText, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useListContext, type RaRecord } from 'react-admin';

export const usePhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });

/** The filters as a phone shows them: the search always there, the rest behind the filter button. */
export function foldFiltersOnPhone(filters: ReactElement<{ source: string; alwaysOn?: boolean }>[], phone: boolean) {
  return phone ? filters.map((filter) => (filter.props.source === 'q' ? filter : cloneElement(filter, { alwaysOn: false }))) : filters;
}

export interface PhoneRowsProps<R extends RaRecord> {
  primary(record: R): ReactNode;
  secondary?(record: R): ReactNode;
  /** Shown at the row's right (a date). */
  aside?(record: R): ReactNode;
  /** Where a row leads. */
  to(record: R): string;
  empty?: ReactElement;
}

/** The rows of the list in context, as a phone shows them. */
function PhoneRows<R extends RaRecord>({ primary, secondary, aside, to, empty }: PhoneRowsProps<R>) {
  const { data, isPending } = useListContext<R>();
  if (isPending) return <LinearProgress aria-label="Cargando" />;
  if (!data?.length) return empty ?? null;
  return (
    <List disablePadding>
      {data.map((record) => (
        <ListItem key={record.id} disablePadding divider>
          <ListItemButton component={RouterLink} to={to(record)} sx={{ gap: 1, alignItems: 'flex-start' }}>
            <ListItemText primary={primary(record)} secondary={secondary?.(record)} sx={{ my: 0 }} />
            {aside && <Box sx={{ flexShrink: 0 }}><Typography variant="body2" color="text.secondary">{aside(record)}</Typography></Box>}
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

/** The table on wider screens, the rows on a phone. */
export function PhoneOrTable<R extends RaRecord>({ table, ...rows }: PhoneRowsProps<R> & { table: ReactElement }) {
  return usePhone() ? <PhoneRows<R> {...rows} /> : table;
}
