/**
 * Lists on a phone (below 600 px): each record becomes one row of its key fields, the whole row a
 * link to it, instead of a table cut off at the right; and only the search box stays open, the other
 * filters fold behind the filter button.
 */
import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, LinearProgress, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { RecordContextProvider, useListContext, type RaRecord } from 'react-admin';
import { usePhone } from './usePhone';

/** The filters as a phone shows them: the search always there, the rest behind the filter button. */
export function foldFiltersOnPhone(filters: ReactElement<{ source: string; alwaysOn?: boolean }>[], phone: boolean) {
  return phone ? filters.map((filter) => (filter.props.source === 'q' ? filter : cloneElement(filter, { alwaysOn: false }))) : filters;
}

export interface PhoneRowsProps<R extends RaRecord> {
  primary(record: R): ReactNode;
  secondary?(record: R): ReactNode;
  /** Shown at the row's right (a date). */
  aside?(record: R): ReactNode;
  /** Where a row leads (a link), or what opening it does (a dialog). */
  to?(record: R): string;
  onOpen?(record: R): void;
  /** The record's own buttons, beside the row (they read the record from its context). */
  actions?: ReactNode;
  empty?: ReactElement;
}

/** The rows of the list in context, as a phone shows them. */
function PhoneRows<R extends RaRecord>({ primary, secondary, aside, to, onOpen, actions, empty }: PhoneRowsProps<R>) {
  const { data, isPending } = useListContext<R>();
  if (isPending) return <LinearProgress aria-label="Cargando" />;
  if (!data?.length) return empty ?? null;
  return (
    <List disablePadding>
      {data.map((record) => {
        const content = (
          <>
            <ListItemText primary={primary(record)} secondary={secondary?.(record)} sx={{ my: 0 }} />
            {aside && <Box sx={{ flexShrink: 0 }}><Typography variant="body2" color="text.secondary">{aside(record)}</Typography></Box>}
          </>
        );
        const rowSx = { gap: 1, alignItems: 'flex-start' };
        return (
          <RecordContextProvider value={record} key={record.id}>
            <ListItem disablePadding divider secondaryAction={actions ? <Box sx={{ display: 'flex' }}>{actions}</Box> : undefined}
              sx={actions ? { '& .MuiListItemButton-root': { pr: 8 } } : undefined}>
              {to
                ? <ListItemButton component={RouterLink} to={to(record)} sx={rowSx}>{content}</ListItemButton>
                : onOpen ? <ListItemButton onClick={() => onOpen(record)} sx={rowSx}>{content}</ListItemButton>
                  : <Box sx={{ ...rowSx, display: 'flex', px: 2, py: 1, width: '100%' }}>{content}</Box>}
            </ListItem>
          </RecordContextProvider>
        );
      })}
    </List>
  );
}

/** The table on wider screens, the rows on a phone. */
export function PhoneOrTable<R extends RaRecord>({ table, ...rows }: PhoneRowsProps<R> & { table: ReactElement }) {
  return usePhone() ? <PhoneRows<R> {...rows} /> : table;
}
