/**
 * /taller/tablero «Tablero de producción» (issue 44): the workshop wall's screen. The items in production
 * by the step each waits for, oldest first, with their order, client, delivery day and time waited; late
 * ones marked in colour and in words. Read from a few metres: large type, light or dark (a toggle, first
 * the system's preference). It reads the board again on every event of its stream (useBoardEvents).
 * A kiosk screen opens it without a session at /tablero/{key} (a link the office makes and revokes on
 * «Configuración › Trazabilidad»): the same board, read through the link; revoked, it says so and stops.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Box, Button } from '@mui/material';
import DarkMode from '@mui/icons-material/DarkMode';
import Fullscreen from '@mui/icons-material/Fullscreen';
import LightMode from '@mui/icons-material/LightMode';
import { useQueryClient } from '@tanstack/react-query';
import { productionBoardContracts } from '../../../shared/contracts/productionBoard';
import type { BoardCard, ProductionBoard } from '../../../shared/productionBoard';
import { ApiRejection, call } from '../../providers/http';
import { pathOf } from '../../../shared/contracts/contract';
import { useApiQuery } from '../../providers/query';
import { useBoardEvents, type Connection } from './useBoardEvents';

const QUERY_KEY = ['productionBoard'];
/** Orders finished or sent away change the board without a step marked: it is read again this often too. */
const REFRESH_MS = 60_000;
/** How often the times waited are recomputed. */
const TICK_MS = 30_000;
const MODE_KEY = 'tablero-modo';

type Mode = 'light' | 'dark';

/** Both palettes keep every text at 7:1 or more on its background (read from afar), late ones included. */
const PALETTES: Record<Mode, Record<string, string>> = {
  light: {
    page: '#eef0f3', column: '#ffffff', card: '#f7f8fa', text: '#111418', muted: '#3b4350', rule: '#c9ced6',
    overdue: '#fde7e7', overdueEdge: '#b3141b', overdueText: '#7f0d12',
    due: '#fff1d6', dueEdge: '#a35a00', dueText: '#5c3300', live: '#0b6b2f',
  },
  dark: {
    page: '#0c1016', column: '#161c25', card: '#1f2732', text: '#f4f6f9', muted: '#cfd6df', rule: '#3a4452',
    overdue: '#3d1216', overdueEdge: '#ff8a8f', overdueText: '#ffd9db',
    due: '#3a2a08', dueEdge: '#ffc34d', dueText: '#ffe9b8', live: '#7be39e',
  },
};

const initialMode = (): Mode => {
  const kept = localStorage.getItem(MODE_KEY);
  if (kept === 'light' || kept === 'dark') return kept;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
};

/** «12 min», «5 h 03 min», «3 d 4 h». */
function waitedText(since: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - new Date(since).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

const dayText = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

const CONNECTION_TEXT: Record<Connection, string> = {
  connecting: 'Conectando…',
  live: 'En directo',
  reconnecting: 'Sin conexión: reconectando…',
};

export default function ProductionBoardPage({ kioskKey }: { kioskKey?: string }) {
  const queryClient = useQueryClient();
  const load = () => (kioskKey === undefined
    ? call(productionBoardContracts.board, {}, { silent: true })
    : call(productionBoardContracts.kioskBoard, { params: { key: kioskKey } }, { silent: true }));
  const { data, isError, error, dataUpdatedAt } = useApiQuery(QUERY_KEY, load, true, { keepPrevious: true });
  // A kiosk's link revoked (or never made): its key opens nothing any more.
  const revoked = kioskKey !== undefined && error instanceof ApiRejection && error.status === 404;
  const refetch = useCallback(() => void queryClient.invalidateQueries({ queryKey: QUERY_KEY }), [queryClient]);
  const events = kioskKey === undefined ? undefined : pathOf(productionBoardContracts.kioskEvents, { key: kioskKey });
  const connection = useBoardEvents(refetch, events, !revoked);
  // A kiosk's stream ended: the board is read again, which tells a revoked link (404) from a restart.
  useEffect(() => { if (kioskKey !== undefined && connection === 'reconnecting') refetch(); }, [kioskKey, connection, refetch]);
  const [mode, setMode] = useState<Mode>(initialMode);
  const [now, setNow] = useState(() => Date.now());
  const board = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), TICK_MS);
    const refresh = setInterval(refetch, REFRESH_MS);
    return () => {
      clearInterval(tick);
      clearInterval(refresh);
    };
  }, [refetch]);

  const toggleMode = () => {
    const next = mode === 'light' ? 'dark' : 'light';
    localStorage.setItem(MODE_KEY, next);
    setMode(next);
  };
  const colours = PALETTES[mode];

  if (revoked) {
    return (
      <Box component="main" sx={{ p: 4, fontSize: '1.5rem' }}>
        <Box component="h1" sx={{ m: 0, mb: 2, fontSize: '1.5em' }}>Tablero de producción</Box>
        <Box role="alert">Este enlace del tablero se ha revocado o no existe. Pida a la oficina un enlace nuevo.</Box>
      </Box>
    );
  }

  return (
    <Box
      ref={board}
      // Inside the app the layout holds the page's main landmark; a kiosk's page is the board alone.
      component={kioskKey === undefined ? 'div' : 'main'}
      data-mode={mode}
      sx={[
        {
          // On a wide screen the board fills the window below the app bar, each column scrolling on its own.
          // A kiosk has no app bar: the whole window.
          bgcolor: colours.page, color: colours.text, p: { xs: 1, md: 2 },
          height: { md: kioskKey === undefined ? 'calc(100vh - 80px)' : '100vh' },
          fontSize: { xs: '1rem', md: 'clamp(1rem, 0.5rem + 0.85vw, 1.6rem)' }, lineHeight: 1.3,
          display: 'flex', flexDirection: 'column', gap: { xs: 1, md: 2 },
        },
        { '&:fullscreen': { height: '100vh' } },
      ]}
    >
      <Box component="header" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Box component="h1" sx={{ m: 0, fontSize: '1.5em', fontWeight: 700, flexGrow: 1 }}>Tablero de producción</Box>
        <Box role="status" sx={{ fontSize: '0.85em', fontWeight: 600, color: connection === 'live' ? colours.live : colours.dueText }}>
          {CONNECTION_TEXT[connection]}
          {data && ` · actualizado a las ${new Date(dataUpdatedAt).toLocaleTimeString('es-ES', { hour: '2-digit', minute: '2-digit' })}`}
        </Box>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button
            variant="outlined"
            onClick={toggleMode}
            startIcon={mode === 'light' ? <DarkMode /> : <LightMode />}
            sx={{ color: colours.text, borderColor: colours.rule }}
          >
            {mode === 'light' ? 'Modo oscuro' : 'Modo claro'}
          </Button>
          <Button
            variant="outlined"
            onClick={() => void board.current?.requestFullscreen?.().catch(() => undefined)}
            startIcon={<Fullscreen />}
            sx={{ color: colours.text, borderColor: colours.rule, display: { xs: 'none', md: 'inline-flex' } }}
          >
            Pantalla completa
          </Button>
        </Box>
      </Box>
      {isError && !data && <Box role="alert">No se ha podido leer el tablero. Se volverá a intentar en cuanto llegue un cambio.</Box>}
      {/* The times waited are reckoned from the later of the last tick and the last reading. */}
      {data && <Columns board={data} now={Math.max(now, dataUpdatedAt)} colours={colours} />}
    </Box>
  );
}

function Columns({ board, now, colours }: { board: ProductionBoard; now: number; colours: Record<string, string> }) {
  return (
    <Box
      sx={{
        display: 'grid', gap: { xs: 1.5, md: 2 }, flexGrow: 1, minHeight: 0, gridTemplateRows: { md: 'minmax(0, 1fr)' },
        gridTemplateColumns: { xs: '1fr', md: `repeat(${Math.max(board.steps.length, 1)}, minmax(0, 1fr))` },
      }}
    >
      {board.steps.map((step) => (
        <Box
          component="section"
          key={step.id}
          aria-labelledby={`paso-${step.id}`}
          data-step={step.name}
          sx={{
            bgcolor: colours.column, borderRadius: 2, border: `1px solid ${colours.rule}`, p: { xs: 1, md: 1.5 },
            display: 'flex', flexDirection: 'column', minHeight: 0,
          }}
        >
          <Box
            component="h2"
            id={`paso-${step.id}`}
            sx={{ m: 0, mb: 1, fontSize: '1.25em', display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}
          >
            <span>{step.name}</span>
            <Box component="span" aria-label={`${step.count} en espera`} sx={{ fontSize: '1.2em', fontVariantNumeric: 'tabular-nums' }}>
              {step.count}
            </Box>
          </Box>
          {step.count === 0 && <Box sx={{ color: colours.muted }}>Nada en espera</Box>}
          {/* Focusable: a long column scrolls, by keyboard too. */}
          <Box
            component="ol"
            tabIndex={0}
            aria-labelledby={`paso-${step.id}`}
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1, overflowY: 'auto' }}
          >
            {step.items.map((card) => <Card key={card.barcode} card={card} now={now} colours={colours} />)}
          </Box>
          {step.count > step.items.length && (
            <Box sx={{ color: colours.muted, mt: 1 }}>{`y ${step.count - step.items.length} más`}</Box>
          )}
        </Box>
      ))}
    </Box>
  );
}

function Card({ card, now, colours }: { card: BoardCard; now: number; colours: Record<string, string> }) {
  const tone = card.overdue ? 'overdue' : card.late ? 'due' : null;
  return (
    <Box
      component="li"
      data-barcode={card.barcode}
      sx={{
        bgcolor: tone ? colours[tone] : colours.card, borderRadius: 1.5, p: '0.5em 0.65em',
        borderLeft: `0.4em solid ${tone ? colours[`${tone}Edge`] : colours.rule}`,
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Box component="span" sx={{ fontWeight: 700, fontSize: '1.15em' }}>{`Pedido ${card.order_id}`}</Box>
        {tone && (
          <Box
            component="strong"
            sx={{ color: colours[`${tone}Text`], textTransform: 'uppercase', letterSpacing: '0.03em', fontSize: '0.85em' }}
          >
            {tone === 'overdue' ? 'Retrasado' : 'Entrega próxima'}
          </Box>
        )}
      </Box>
      <Box sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{card.client_name}</Box>
      {/* What it is: an order's several items are told apart by it. At most two lines. */}
      <Box
        sx={{
          fontSize: '0.85em', overflow: 'hidden', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical',
          overflowWrap: 'anywhere',
        }}
      >
        {card.product_name}
      </Box>
      <Box
        sx={{
          color: tone ? colours[`${tone}Text`] : colours.muted, fontSize: '0.85em', display: 'flex', flexWrap: 'wrap', columnGap: '0.8em',
        }}
      >
        <span>{card.delivery_day ? `Entrega ${dayText(card.delivery_day)}` : 'Sin fecha de entrega'}</span>
        <span>{`Espera ${waitedText(card.waiting_since, now)}`}</span>
      </Box>
    </Box>
  );
}
