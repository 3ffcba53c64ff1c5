/**
 * /configuracion/migracion-pedidos (docs/screens.md "Admin configuration", docs/api.md migrateOrdersFiles; docs/decisions.md
 * "Order migration"): historical orders from CSV files. The staff choose one or more files, check them
 * ("Comprobar": the preview, nothing written) and import them ("Importar": every order in one go, or
 * nothing at all with each row's error). Importing is offered only for files checked without errors.
 */
import { useState, type ChangeEvent } from 'react';
import {
  Alert, Box, Button, Chip, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography,
} from '@mui/material';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import UploadIcon from '@mui/icons-material/Upload';
import { migrateOrdersFiles, rowErrorsOf, type MigrationPreview, type RowError } from './migrationApi';

/** The documented columns (docs/decisions.md), in the order a file usually has them. */
const COLUMNS: Array<[name: string, content: string, required: boolean]> = [
  [
    'referencia',
    'Número del pedido en el programa anterior. Las filas con la misma referencia forman un pedido, que se importa una sola vez.',
    true,
  ],
  ['cliente', 'Código Factusol del cliente.', true],
  ['fecha', 'Fecha del pedido (dd/mm/aaaa).', true],
  ['entrega', 'Fecha de entrega (dd/mm/aaaa).', false],
  ['estado', 'borrador, pendiente o revisado.', true],
  ['comprador', 'Nombre del comprador.', false],
  ['email', 'Email del comprador.', false],
  ['telefono', 'Teléfono del comprador.', false],
  ['direccion', 'Dirección de facturación.', false],
  ['codigo_postal', 'Código postal (4 o 5 dígitos).', false],
  ['poblacion', 'Población.', false],
  ['provincia', 'Provincia.', false],
  ['pais', 'País.', false],
  ['producto', 'Descripción del producto de la línea.', true],
  ['referencia_producto', 'Referencia del producto (hasta 13 caracteres).', false],
  ['cantidad', 'Cantidad: número entero, 1 o más.', true],
  ['precio', 'Precio por unidad sin IVA, con 2 decimales como máximo (1.100,50 o 1100.50).', true],
  ['iva', 'Porcentaje de IVA del pedido (de 0 a 100).', true],
  ['portes', 'Portes del pedido sin IVA (vacío: sin portes).', false],
];

// The example order's own columns, the same on each of its lines.
const EXAMPLE_ORDER = 'P-1001;1001;15/03/2024;20/03/2024;revisado;'
  + 'Cliente Antiguo;antiguo@ejemplo.es;600000000;Calle Vieja 1;46001;Valencia;Valencia;España';
const EXAMPLE = [
  COLUMNS.map(([name]) => name).join(';'),
  `${EXAMPLE_ORDER};Cobertor burbuja 8x4;COB-1;1;250,00;21;25`,
  `${EXAMPLE_ORDER};Enrollador;ENR;2;1.100,50;21;25`,
].join('\n');

type Outcome
  = | { kind: 'none' }
    | { kind: 'preview'; preview: MigrationPreview }
    | { kind: 'imported'; preview: MigrationPreview; message: string }
    | { kind: 'refused'; message: string; errors: RowError[] };

const messageOf = (error: unknown) => (error instanceof Error && error.message) || 'No se ha podido enviar los ficheros';

export default function OrderMigrationPage() {
  const [files, setFiles] = useState<File[]>([]);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const [busy, setBusy] = useState(false);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    setFiles(Array.from(event.target.files ?? []));
    // Choosing the same file again (after correcting it) must count as a new choice.
    event.target.value = '';
    // Another choice must be checked again before it can be imported.
    setOutcome({ kind: 'none' });
  };

  const send = async (dryRun: boolean) => {
    setBusy(true);
    try {
      const { result, message } = await migrateOrdersFiles(files, dryRun);
      setOutcome(
        dryRun ? { kind: 'preview', preview: result } : { kind: 'imported', preview: result, message: message ?? 'Pedidos importados' },
      );
    } catch (error) {
      setOutcome({ kind: 'refused', message: messageOf(error), errors: rowErrorsOf(error) });
    } finally {
      setBusy(false);
    }
  };

  const canImport = outcome.kind === 'preview' && outcome.preview.errors.length === 0 && outcome.preview.orders > 0 && !busy;

  return (
    <Box sx={{ maxWidth: 1100, mt: 1 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Migración de pedidos
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Importa los pedidos del programa anterior desde ficheros CSV. El formato de los ficheros se explica más abajo.
      </Typography>

      <Paper component="section" aria-label="Ficheros" sx={{ p: 2, mb: 2 }}>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          Ficheros
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Button variant="outlined" component="label" startIcon={<FolderOpenIcon />} disabled={busy}>
            Elegir ficheros CSV
            <input
              hidden
              type="file"
              accept=".csv,text/csv"
              multiple
              onChange={choose}
              data-testid="migration-files"
              aria-label="Ficheros CSV"
            />
          </Button>
          {files.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              Ningún fichero elegido
            </Typography>
          ) : (
            files.map((file) => <Chip key={`${file.name}-${file.size}-${file.lastModified}`} label={file.name} size="small" />)
          )}
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
          <Button variant="contained" startIcon={<FactCheckIcon />} onClick={() => send(true)} disabled={!files.length || busy}>
            Comprobar
          </Button>
          <Button variant="contained" color="success" startIcon={<UploadIcon />} onClick={() => send(false)} disabled={!canImport}>
            Importar
          </Button>
        </Box>
        {busy && (
          <Typography variant="body2" role="status" sx={{ mt: 1 }}>
            Cargando
          </Typography>
        )}
      </Paper>

      <Result outcome={outcome} />
      <FormatHelp />
    </Box>
  );
}

function FormatHelp() {
  return (
    <Paper component="section" aria-label="Formato de los ficheros" sx={{ p: 2, mb: 2 }}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        Formato de los ficheros
      </Typography>
      <Box component="ul" sx={{ 'mt': 0, 'pl': 3, '& li': { mb: 0.5 } }}>
        <li>
          Ficheros CSV en UTF-8. La primera fila es la cabecera con los nombres de las columnas; el separador es «;» o «,», el que use la
          cabecera.
        </li>
        <li>
          Una fila por línea de pedido. Las filas con la misma <strong>referencia</strong> forman un pedido y deben coincidir en los datos
          del pedido (todas las columnas salvo producto, referencia_producto, cantidad y precio).
        </li>
        <li>Los pedidos se importan como pedidos terminados, en el estado indicado, con los precios del fichero.</li>
        <li>Si alguna fila tiene un error no se importa nada. Use «Comprobar» para ver los errores de cada fila antes de importar.</li>
      </Box>
      <TableContainer>
        <Table size="small" aria-label="Columnas">
          <TableHead>
            <TableRow>
              <TableCell>Columna</TableCell>
              <TableCell>Contenido</TableCell>
              <TableCell>Obligatoria</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {COLUMNS.map(([name, content, required]) => (
              <TableRow key={name}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{name}</TableCell>
                <TableCell>{content}</TableCell>
                <TableCell>{required ? 'Sí' : 'No'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Typography variant="body2" sx={{ mt: 2 }}>
        Ejemplo (un pedido de dos líneas):
      </Typography>
      <Box
        component="pre"
        tabIndex={0}
        aria-label="Ejemplo de fichero CSV"
        sx={{ fontSize: 12, bgcolor: 'grey.100', p: 1, overflowX: 'auto', m: 0, mt: 0.5 }}
      >
        {EXAMPLE}
      </Box>
    </Paper>
  );
}

function Summary({ preview }: { preview: MigrationPreview }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, mb: 1 }} data-testid="migration-summary">
      <Typography>Ficheros: <strong>{preview.files}</strong></Typography>
      <Typography>Filas: <strong>{preview.rows}</strong></Typography>
      <Typography>Pedidos: <strong>{preview.orders}</strong></Typography>
    </Box>
  );
}

function ErrorsTable({ errors }: { errors: RowError[] }) {
  if (!errors.length) return null;
  return (
    <TableContainer sx={{ mt: 1 }}>
      <Table size="small" aria-label="Errores">
        <TableHead><TableRow><TableCell>Fichero</TableCell><TableCell>Fila</TableCell><TableCell>Error</TableCell></TableRow></TableHead>
        <TableBody>
          {errors.map((e, i) => (
            <TableRow key={`${e.file}:${e.row}:${i}`}>
              <TableCell>{e.file || '—'}</TableCell>
              <TableCell>{e.row ?? '—'}</TableCell>
              <TableCell>{e.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Result({ outcome }: { outcome: Outcome }) {
  if (outcome.kind === 'none') return null;
  return (
    <Paper component="section" aria-label="Resultado" sx={{ p: 2, mb: 2 }}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        Resultado
      </Typography>
      {outcome.kind === 'preview' && (
        <>
          <Summary preview={outcome.preview} />
          {outcome.preview.errors.length === 0 ? (
            outcome.preview.orders > 0 ? (
              <Alert severity="success">No hay errores: puede importar los ficheros.</Alert>
            ) : (
              <Alert severity="info">Los ficheros no tienen ningún pedido.</Alert>
            )
          ) : (
            <Alert severity="warning">
              {outcome.preview.errors.length === 1 ? 'Una fila tiene errores' : `${outcome.preview.errors.length} filas tienen errores`}:
              corríjalas y vuelva a comprobar los ficheros.
            </Alert>
          )}
          <ErrorsTable errors={outcome.preview.errors} />
        </>
      )}
      {outcome.kind === 'imported' && (
        <>
          <Summary preview={outcome.preview} />
          <Alert severity="success" data-testid="migration-imported">
            {outcome.message}
          </Alert>
        </>
      )}
      {outcome.kind === 'refused' && (
        <>
          <Alert severity="error" data-testid="migration-refused">
            {outcome.message}
          </Alert>
          <ErrorsTable errors={outcome.errors} />
        </>
      )}
    </Paper>
  );
}
