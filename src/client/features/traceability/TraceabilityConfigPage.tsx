/**
 * /configuracion/traceability-configuration: the production steps every order item goes through, in
 * production order (the list's order, by "Orden"). The bar-code page shows them in this order. Below, the
 * production board's kiosk links (BoardLinks).
 */
import { Typography } from '@mui/material';
import { productionStep } from '../../../../schemas/logistics';
import { ResourcePage } from '../../resources/generated/ResourcePage';
import { BoardLinks } from '../productionBoard/BoardLinks';

export default function TraceabilityConfigPage() {
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Los artículos de cada pedido pasan por estos pasos en este orden (de menor a mayor «Orden»). Cada paso se marca como hecho desde la
        página del código de barras de la etiqueta.
      </Typography>
      <ResourcePage schema={productionStep} columns={['position', 'name']} />
      <BoardLinks />
    </>
  );
}
