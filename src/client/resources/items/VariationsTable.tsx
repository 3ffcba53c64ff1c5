/**
 * An article's variations, edited row by row: price (2 decimals), weight index (4 decimals) and
 * visibility, with the bulk actions "Generar variaciones que faltan", "Mostrar todas" and "Ocultar
 * todas". Every change shows in the table as soon as the server answers.
 */
import { useState } from 'react';
import {
  Box, Button, Checkbox, IconButton, Paper, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography,
} from '@mui/material';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import DeleteIcon from '@mui/icons-material/Delete';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { Confirm, Loading } from 'react-admin';
import { z } from 'zod';
import { itemPropertyValue } from '../../../../schemas/item';
import { ruleOf } from '../../../shared/recordRules';
import { fieldErrors } from '../../../shared/validation';
import { editableNumber } from '../../../shared/format';
import { stackedOnPhone } from '../../components/stackedOnPhone';
import { fieldErrorsOf } from '../../providers/http';
import { useApiQuery } from '../../providers/query';
import { ActionsHeaderCell } from '../../components/ActionsHeaderCell';
import { NumberField } from '../../components/NumberField';
import {
  deleteVariation, generateMissingVariations, setAllVariationsVisible, updateVariation, variationsOf, type Variation,
} from './itemApi';

const NO_VARIATIONS: Variation[] = [];

/** The price and weight rules of the variation schema, so the row says what the server would. */
const rowRules = z.object(Object.fromEntries(itemPropertyValue.fields
  .filter((f) => f.name === 'value' || f.name === 'weight_index').map((f) => [f.name, ruleOf(f)])));

/** An article's variations query key: saving the article (its options may have changed) and the bulk actions invalidate it. */
export const variationsKey = (itemId: number) => ['itemPropertyValue', 'ofItem', itemId] as const;

export function VariationsTable({ itemId }: { itemId: number }) {
  const variations = useApiQuery(variationsKey(itemId), () => variationsOf(itemId));
  // A refused read (already notified) shows no rows.
  const rows = variations.isError ? NO_VARIATIONS : variations.data ?? null;
  // Rows keep their own inputs: each answer starts them afresh from what the server holds.
  const loads = variations.dataUpdatedAt;
  const [busy, setBusy] = useState(false);

  /** A bulk action; the table reads the variations again through the cache (`changes`); a refusal is notified by the HTTP layer. */
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    await action().catch(() => undefined);
    setBusy(false);
  };

  return (
    <Paper component="section" aria-label="Variaciones" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography variant="h6" component="h3" sx={{ flex: 1 }}>
          Variaciones{rows ? ` (${rows.length})` : ''}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<AutorenewIcon />}
          disabled={busy}
          onClick={() => run(() => generateMissingVariations(itemId))}
        >
          Generar variaciones que faltan
        </Button>
        <Button
          variant="outlined"
          startIcon={<VisibilityIcon />}
          disabled={busy}
          onClick={() => run(() => setAllVariationsVisible(itemId, true))}
        >
          Mostrar todas
        </Button>
        <Button
          variant="outlined"
          startIcon={<VisibilityOffIcon />}
          disabled={busy}
          onClick={() => run(() => setAllVariationsVisible(itemId, false))}
        >
          Ocultar todas
        </Button>
      </Box>
      {!rows ? (
        <Loading />
      ) : (
        <Table size="small" aria-label="Variaciones del artículo" sx={stackedOnPhone}>
          <TableHead>
            <TableRow>
              <TableCell>Variación</TableCell>
              <TableCell>Precio</TableCell>
              <TableCell>Índice de peso</TableCell>
              <TableCell>Oculta</TableCell>
              <TableCell>Oculta en calculadora interna</TableCell>
              <ActionsHeaderCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <VariationRow key={`${row.id}-${loads}`} row={row} />
            ))}
            {!rows.length && (
              <TableRow>
                <TableCell colSpan={6}>Este artículo no tiene variaciones. Puede generar las que faltan.</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}

interface RowValues { value: string; weight_index: string; is_hidden: boolean; is_internal_hidden: boolean }

/** What a row edits, from the list's variation or the stored record an update answers (whose fields may be null). */
type Editable = { [K in keyof RowValues]: Variation[K] | null };

const valuesOf = (row: Editable): RowValues => ({
  value: String(editableNumber(Number(row.value), 2)),
  weight_index: String(editableNumber(Number(row.weight_index), 4)),
  is_hidden: !!row.is_hidden,
  is_internal_hidden: !!row.is_internal_hidden,
});

function VariationRow({ row }: { row: Variation }) {
  const [values, setValues] = useState(() => valuesOf(row));
  const [saved, setSaved] = useState(values);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const dirty = (Object.keys(values) as Array<keyof RowValues>).some((k) => values[k] !== saved[k]);
  const change = (patch: Partial<RowValues>) => setValues((v) => ({ ...v, ...patch }));

  const save = async () => {
    const checked = rowRules.safeParse(values);
    if (!checked.success) return setErrors(fieldErrors(checked.error));
    setErrors({});
    setSaving(true);
    try {
      const stored = valuesOf(await updateVariation({ id: row.id, ...values }));
      setValues(stored);
      setSaved(stored);
    } catch (error) {
      setErrors(fieldErrorsOf(error) ?? {});
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    // Deleted, the table reads the variations again (`changes` of deleteVariation); refused, it is notified.
    await deleteVariation(row.id).catch(() => undefined);
    setConfirming(false);
  };

  return (
    <TableRow sx={{ opacity: saved.is_hidden ? 0.6 : 1 }}>
      <TableCell>{row.name}</TableCell>
      <TableCell>
        <NumberField
          size="small"
          value={values.value}
          onChange={(e) => change({ value: e.target.value })}
          error={!!errors.value}
          helperText={errors.value}
          htmlInput={{ 'aria-label': `Precio de ${row.name}` }}
          sx={{ width: 150 }}
        />
      </TableCell>
      <TableCell>
        <NumberField
          size="small"
          value={values.weight_index}
          onChange={(e) => change({ weight_index: e.target.value })}
          error={!!errors.weight_index}
          helperText={errors.weight_index}
          htmlInput={{ 'aria-label': `Índice de peso de ${row.name}` }}
          sx={{ width: 150 }}
        />
      </TableCell>
      <TableCell data-label="Oculta">
        <Checkbox
          checked={values.is_hidden}
          onChange={(e) => change({ is_hidden: e.target.checked })}
          inputProps={{ 'aria-label': `Oculta ${row.name}` }}
        />
      </TableCell>
      <TableCell data-label="Oculta en calculadora interna">
        <Checkbox
          checked={values.is_internal_hidden}
          onChange={(e) => change({ is_internal_hidden: e.target.checked })}
          inputProps={{ 'aria-label': `Oculta en calculadora interna ${row.name}` }}
        />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Button size="small" disabled={!dirty || saving} onClick={save}>
          Guardar
        </Button>
        <Tooltip title="Borrar variación">
          <IconButton aria-label={`Borrar variación ${row.name}`} onClick={() => setConfirming(true)}>
            <DeleteIcon />
          </IconButton>
        </Tooltip>
        <Confirm
          isOpen={confirming}
          title="Borrar variación"
          content={`¿Seguro que quiere borrar la variación ${row.name}? Puede volver a generarla con el precio base.`}
          onConfirm={remove}
          onClose={() => setConfirming(false)}
        />
      </TableCell>
    </TableRow>
  );
}
