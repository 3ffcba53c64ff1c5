/**
 * /budget-list/price-table/{budget_calculus_id}: every cover option of the calculation (cover ×
 * reinforcement for type 1) priced "sin IVA" for the pool and the client's fare; choosing one with a
 * quantity makes it the calculation's cover. Below, the favourite reels that fit the cover (or "No
 * disponible"), and the way to the article and reel wizards.
 */
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Box, Button, Chip, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import { Loading } from 'react-admin';
import { quantity as quantityRule } from '../../../shared/forms/budget';
import { formatEuros, formatMetres, formatNumber } from '../../../shared/format';
import { addReelLine, chooseCover, type CoverOption, type ReelOffer } from './budgetApi';
import { BudgetHeader } from './BudgetHeader';
import { budgetPaths, isEditable } from './paths';
import { useBudget, useBudgetPrices, usePriceTable, useViewer } from './useBudget';
import { stackedOnPhone } from '../../components/stackedOnPhone';
import { ActionsHeaderCell } from '../../components/ActionsHeaderCell';
import { NumberField } from '../../components/NumberField';

const sameOption = (option: CoverOption, line?: { pool_cover_id: number | null; reinforcement_type_id: number | null }) =>
  !!line && option.pool_cover_id === line.pool_cover_id && (option.reinforcement_type_id ?? null) === (line.reinforcement_type_id ?? null);
const optionKey = (o: CoverOption) => `${o.pool_cover_id}-${o.reinforcement_type_id ?? 0}`;

export default function PriceTablePage() {
  const calculusId = Number(useParams().budget_calculus_id) || 0;
  const { isAdmin, session } = useViewer();
  const table = usePriceTable(calculusId);
  const prices = useBudgetPrices(calculusId);
  const budget = useBudget(table.data?.budget_id ?? null);

  if (table.failed || budget.failed) return <Typography sx={{ p: 2 }}>No se ha podido cargar la tabla de precios.</Typography>;
  if (!table.data || !budget.data || !session) return <Loading />;
  const { options, reels, width } = table.data;
  const editable = isEditable(budget.data, isAdmin);
  const chosen = prices.data?.lines.find((l) => l.kind === 'cover');

  return (
    <Box sx={{ maxWidth: 1100, mt: 1 }}>
      <BudgetHeader budget={budget.data} isAdmin={isAdmin}>
        <Button variant="contained" startIcon={<ReceiptIcon />} component={RouterLink} to={budgetPaths.summary(calculusId)}>
          Ver resumen
        </Button>
        <Button component={RouterLink} to={budgetPaths.calculusList(budget.data.id)}>
          Volver a los cálculos
        </Button>
      </BudgetHeader>
      {prices.data && (
        <Typography sx={{ mb: 1 }} data-testid="calculus-total">
          Total del cálculo: <strong>{formatEuros(prices.data.total)}</strong> (IVA incluido)
        </Typography>
      )}
      <Paper sx={{ mb: 2 }} component="section" aria-label="Cobertores">
        <Typography variant="subtitle1" component="h3" sx={{ px: 2, pt: 2 }}>
          Cobertores · ancho del cobertor {formatMetres(width)}
        </Typography>
        <Table size="small" aria-label="Tabla de precios de cobertores" sx={stackedOnPhone}>
          <TableHead>
            <TableRow>
              <TableCell>Cobertor</TableCell>
              <TableCell>Refuerzo</TableCell>
              <TableCell align="right">Superficie</TableCell>
              <TableCell align="right">Precio</TableCell>
              <TableCell>Cantidad</TableCell>
              <ActionsHeaderCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {options.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>No hay cobertores disponibles para este tipo</TableCell>
              </TableRow>
            )}
            {options.map((option) => (
              <CoverOptionRow
                key={optionKey(option)}
                option={option}
                chosen={sameOption(option, chosen)}
                disabled={!editable}
                onChoose={(quantity) =>
                  chooseCover(calculusId, {
                    pool_cover_id: option.pool_cover_id,
                    reinforcement_type_id: option.reinforcement_type_id,
                    quantity,
                  })}
              />
            ))}
          </TableBody>
        </Table>
      </Paper>
      <Paper sx={{ mb: 2 }} component="section" aria-label="Enrolladores">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', px: 2, pt: 2, gap: 1 }}>
          <Typography variant="subtitle1" component="h3">
            Enrolladores recomendados
          </Typography>
          {editable && (
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button component={RouterLink} to={budgetPaths.reelWizard(budget.data.client_id, budget.data.id, calculusId)}>
                Añadir otros enrolladores
              </Button>
              <Button component={RouterLink} to={budgetPaths.itemWizard(budget.data.client_id, budget.data.id, calculusId)}>
                Añadir artículos
              </Button>
            </Box>
          )}
        </Box>
        <Table size="small" aria-label="Enrolladores recomendados" sx={stackedOnPhone}>
          <TableHead>
            <TableRow>
              <TableCell>Enrollador</TableCell>
              <TableCell>Tamaño</TableCell>
              <TableCell>Diámetro</TableCell>
              <TableCell>Motor</TableCell>
              <TableCell align="right">Precio</TableCell>
              <TableCell>Cantidad</TableCell>
              <ActionsHeaderCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {reels.length === 0 && (
              <TableRow>
                <TableCell colSpan={7}>Ningún enrollador se ajusta al ancho de este cobertor</TableCell>
              </TableRow>
            )}
            {reels.map((reel) => (
              <ReelOfferRow
                key={reel.reel_diameter_id}
                reel={reel}
                disabled={!editable}
                added={
                  prices.data?.lines
                    .filter((l) => l.kind === 'reel' && l.reel_diameter_id === reel.reel_diameter_id)
                    .reduce((n, l) => n + l.quantity, 0) ?? 0
                }
                onAdd={(quantity) => addReelLine(calculusId, reel.reel_diameter_id, quantity)}
              />
            ))}
          </TableBody>
        </Table>
      </Paper>
    </Box>
  );
}

/** Quantity min 1 step 1 (docs/validation.md), checked with the server's own rule. */
function useQuantity() {
  const [value, setValue] = useState('1');
  const checked = quantityRule.safeParse(value);
  return {
    value, setValue,
    parsed: checked.success ? checked.data : null,
    error: checked.success ? undefined : checked.error.issues[0]?.message,
  };
}

function QuantityInput({ quantity, label }: { quantity: ReturnType<typeof useQuantity>; label: string }) {
  return (
    <NumberField
      whole
      size="small"
      value={quantity.value}
      onChange={(e) => quantity.setValue(e.target.value)}
      error={!!quantity.error}
      helperText={quantity.error}
      htmlInput={{ 'aria-label': label }}
      sx={{ width: 110 }}
    />
  );
}

function CoverOptionRow({
  option,
  chosen,
  disabled,
  onChoose,
}: {
  option: CoverOption;
  chosen: boolean;
  disabled: boolean;
  onChoose: (quantity: number) => Promise<unknown>;
}) {
  const quantity = useQuantity();
  const [busy, setBusy] = useState(false);
  const name = `${option.cover_name}${option.reinforcement_name ? ` · ${option.reinforcement_name}` : ''}`;
  const choose = async () => {
    if (quantity.parsed === null) return;
    setBusy(true);
    await onChoose(quantity.parsed).catch(() => undefined);
    setBusy(false);
  };
  return (
    <TableRow selected={chosen} data-testid="cover-option">
      <TableCell>
        {option.cover_name}
        {chosen && <Chip label="Elegido" color="primary" size="small" sx={{ ml: 1 }} />}
      </TableCell>
      <TableCell data-label="Refuerzo">{option.reinforcement_name ?? '—'}</TableCell>
      <TableCell align="right" data-label="Superficie">
        {formatNumber(option.area, 2, 2)} m²
      </TableCell>
      <TableCell align="right" data-label="Precio" data-testid="price-label">
        {option.label}
      </TableCell>
      <TableCell data-label="Cantidad">
        <QuantityInput quantity={quantity} label={`Cantidad de ${name}`} />
      </TableCell>
      <TableCell align="right">
        <Button
          size="small"
          variant={chosen ? 'outlined' : 'contained'}
          startIcon={<CheckIcon />}
          disabled={disabled || busy || quantity.parsed === null}
          onClick={choose}
          aria-label={`Elegir ${name}`}
        >
          Elegir
        </Button>
      </TableCell>
    </TableRow>
  );
}

/** A recommended reel; once in the calculation it says so ("Añadido", with how many), so nobody adds it twice by mistake. */
function ReelOfferRow({
  reel,
  added,
  disabled,
  onAdd,
}: {
  reel: ReelOffer;
  added: number;
  disabled: boolean;
  onAdd: (quantity: number) => Promise<unknown>;
}) {
  const quantity = useQuantity();
  const [busy, setBusy] = useState(false);
  const available = reel.price !== null;
  const name = `${reel.reel_name} Ø ${reel.diameter} mm${reel.engine ? ' con motor' : ''}`;
  const add = async () => {
    if (quantity.parsed === null) return;
    setBusy(true);
    await onAdd(quantity.parsed).catch(() => undefined);
    setBusy(false);
  };
  return (
    <TableRow data-testid="reel-offer" selected={added > 0}>
      <TableCell>
        {reel.reel_name}
        {added > 0 && <Chip label={added > 1 ? `Añadido (${added})` : 'Añadido'} color="primary" size="small" sx={{ ml: 1 }} />}
      </TableCell>
      <TableCell data-label="Tamaño">hasta {formatMetres(Number(reel.size_max))}</TableCell>
      <TableCell data-label="Diámetro">{reel.diameter} mm</TableCell>
      <TableCell>{reel.engine ? 'Con motor' : 'Sin motor'}</TableCell>
      <TableCell align="right" data-label="Precio">
        {reel.label}
      </TableCell>
      <TableCell data-label={available ? 'Cantidad' : undefined}>
        {available && <QuantityInput quantity={quantity} label={`Cantidad de ${name}`} />}
      </TableCell>
      <TableCell align="right">
        <Button
          size="small"
          variant={added > 0 ? 'text' : 'outlined'}
          disabled={disabled || busy || !available || quantity.parsed === null}
          onClick={add}
          aria-label={`${added > 0 ? 'Añadir otro' : 'Añadir'} ${name}`}
        >
          {added > 0 ? 'Añadir otro' : 'Añadir'}
        </Button>
      </TableCell>
    </TableRow>
  );
}
