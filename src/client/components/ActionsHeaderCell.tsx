/** The header of a table's buttons column: named for screen readers ("Acciones"), blank on screen. */
import { TableCell } from '@mui/material';
import { visuallyHidden } from '@mui/utils';

export const ActionsHeaderCell = ({ label = 'Acciones', padding }: { label?: string; padding?: 'checkbox' }) => (
  <TableCell padding={padding}><span style={visuallyHidden as React.CSSProperties}>{label}</span></TableCell>
);
