/** Heading of a product list in its budget variant, with the way back to the calculation's summary. */
import { Box, Button, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useNavigate } from 'react-router-dom';

export function BudgetListHeader({ title, budgetId, calculusId }: { title: string; budgetId: number; calculusId: number }) {
  const navigate = useNavigate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, my: 1, flexWrap: 'wrap' }}>
      <Typography variant="h6" component="h2">{title} · presupuesto nº {budgetId}</Typography>
      <Button startIcon={<ArrowBackIcon />} onClick={() => navigate(`/budget-list/summary/${calculusId}`)}>Volver al presupuesto</Button>
    </Box>
  );
}
