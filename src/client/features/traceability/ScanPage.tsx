/**
 * /escanear «Escanear» (issue 28 §1; docs/screens.md): the staff's camera view that reads Code 128 labels
 * continuously. A read label opens its item's steps with the next step's button, large for gloved hands;
 * marking it vibrates, beeps and shows a large green «Hecho: <step> · <product>», and the camera reads the
 * next label. A typed code serves a torn label, and a phone without a camera (refused, missing, or a page
 * opened over plain http, where browsers refuse the camera) says why in Spanish and keeps the typed field.
 * The reader (scanner.ts: the browser's BarcodeDetector or ZXing WebAssembly) is loaded on this page only.
 * A USB or Bluetooth scanner, which types the code and Enter, is read wherever the focus is (keyboardWedge.ts).
 * With no network a read or typed code is kept on the phone and sent when the network is back (common/offlineMarks.ts).
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, LinearProgress, Paper, TextField, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import SearchIcon from '@mui/icons-material/Search';
import { Link as RouterLink } from 'react-router-dom';
import { hasAnyRole } from '../../../shared/permissions';
import { STAFF } from '../../../shared/roles';
import { useRoles } from '../../providers/useSession';
import { ItemState, readItem } from './ItemState';
import { barcodePath, markNextStep, unansweredKey, type BarcodeView } from '../../common/traceabilityApi';
import { ApiRejection, isNetworkFailure } from '../../providers/http';
import { notify } from '../../providers/events';
import { Code } from '../../../shared/codes';
import { useKeyboardWedge } from './keyboardWedge';
import { useCheckInBeforeMark } from './CheckInBeforeMark';
import type { CodeReader } from './scanner';
import { useOfflineMarks } from '../../common/offlineMarks';
import { OfflineSaved, PendingMarks } from './PendingMarks';
import { registerServiceWorker } from './serviceWorker';

/** How often a frame is read, and how long the same code read again is ignored. */
const READ_EVERY_MS = 200;
const SAME_CODE_MS = 4000;
const DONE_SHOWN_MS = 5000;

type Camera = { kind: 'starting' } | { kind: 'scanning' } | { kind: 'problem'; message: string };

type Item
  = | { kind: 'loading'; code: string }
    | { kind: 'found'; code: string; view: BarcodeView }
    | { kind: 'failed'; code: string; message: string };

const TYPE_IT = 'Mientras tanto, escriba el código de la etiqueta aquí debajo.';

export const CAMERA_MESSAGES = {
  insecure:
    'La cámara solo funciona si la aplicación se abre con https://. '
    + 'Esta página se ha abierto con http://, y el navegador no deja usar la cámara. '
    + 'Pida a la oficina la dirección de la aplicación que empieza por https:// y ábrala en este teléfono. '
    + TYPE_IT,
  denied:
    'No se ha dado permiso para usar la cámara. Para permitirlo, toque el candado o el icono de la cámara junto a la dirección, '
    + 'active «Cámara» para este sitio y vuelva a cargar la página. '
    + TYPE_IT,
  missing: 'No se ha encontrado ninguna cámara en este dispositivo. ' + TYPE_IT,
  busy: 'La cámara está ocupada por otra aplicación. Ciérrela y vuelva a cargar la página. ' + TYPE_IT,
  unsupported: 'Este navegador no puede usar la cámara. Abra la aplicación con Chrome, Safari o Firefox actualizados. ' + TYPE_IT,
  noReader: 'No se ha podido cargar el lector de códigos. Vuelva a cargar la página. ' + TYPE_IT,
};

function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return CAMERA_MESSAGES.denied;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return CAMERA_MESSAGES.missing;
  if (name === 'NotReadableError' || name === 'AbortError') return CAMERA_MESSAGES.busy;
  return CAMERA_MESSAGES.unsupported;
}

const messageOf = (error: unknown) => (error instanceof Error && error.message) || 'No se ha podido consultar el código';

let audio: AudioContext | undefined;

/** Opens (or wakes) the page's audio during a tap: browsers let a page make sound only after one. */
function wakeAudio() {
  try {
    audio ??= new AudioContext();
    void audio.resume();
  } catch {
    // No sound on this device: the vibration and the green confirmation remain.
  }
}

/** A short beep. */
function beep() {
  if (!audio) return;
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.frequency.value = 880;
  gain.gain.value = 0.25;
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start();
  oscillator.stop(audio.currentTime + 0.15);
}

export default function ScanPage() {
  const roles = useRoles();
  const isAdmin = !!roles?.includes('admin');
  const isStaff = !!roles && hasAnyRole(roles, STAFF);
  const [camera, setCamera] = useState<Camera>({ kind: 'starting' });
  const [item, setItem] = useState<Item | null>(null);
  const [done, setDone] = useState<{ step: string; product: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [typed, setTyped] = useState('');
  const typedRef = useRef<HTMLInputElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const viewRef = useRef<HTMLDivElement>(null);
  /** True while a read code is looked up or its item shown: frames are not read then. */
  const paused = useRef(false);
  /**
   * When each code was last opened, read or typed: the label left in front of the camera is not opened again
   * for a few seconds, whatever was typed meanwhile (one «last code» would let the camera reopen it at once).
   */
  const openedAt = useRef(new Map<string, number>());
  const remember = useCallback((code: string, at = Date.now()) => {
    for (const [old, when] of openedAt.current) if (at - when >= SAME_CODE_MS) openedAt.current.delete(old);
    openedAt.current.set(code, at);
  }, []);
  // A worker not clocked in is asked first (CheckInBeforeMark.tsx); `checkIn` then clocks in with the mark.
  const { confirmMark, dialog: checkInDialog } = useCheckInBeforeMark();
  // With no network, a code is kept on the phone (common/offlineMarks.ts); the installed app opens here offline.
  const { save: saveOffline, clearNotice, ...offline } = useOfflineMarks();
  useEffect(registerServiceWorker, []);

  const lookUp = useCallback(async (code: string, fromCamera = false) => {
    paused.current = true;
    setItem({ kind: 'loading', code });
    try {
      setItem({ kind: 'found', code, view: await readItem(code) });
    } catch (error) {
      if (isNetworkFailure(error)) {
        setItem(null);
        void saveOffline(code, { fromCamera });
      } else setItem({ kind: 'failed', code, message: messageOf(error) });
      paused.current = false;
    }
  }, [saveOffline]);

  const onRead = useCallback((code: string) => {
    const now = Date.now();
    if (now - (openedAt.current.get(code) ?? -Infinity) < SAME_CODE_MS) return;
    remember(code, now);
    setDone(null);
    if (!navigator.onLine) void saveOffline(code, { fromCamera: true });
    else void lookUp(code, true);
  }, [lookUp, remember, saveOffline]);

  // The camera and the reading loop, for as long as the page is open.
  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: number | undefined;
    let reader: CodeReader | undefined;
    const start = async () => {
      if (!window.isSecureContext) return setCamera({ kind: 'problem', message: CAMERA_MESSAGES.insecure });
      if (!navigator.mediaDevices?.getUserMedia) return setCamera({ kind: 'problem', message: CAMERA_MESSAGES.unsupported });
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
          audio: false,
        });
      } catch (error) {
        if (!stopped) setCamera({ kind: 'problem', message: cameraProblem(error) });
        return;
      }
      const video = videoRef.current;
      if (stopped || !video) return;
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      let loaded: CodeReader;
      try {
        loaded = await (await import('./scanner')).loadReader();
      } catch {
        if (!stopped) setCamera({ kind: 'problem', message: CAMERA_MESSAGES.noReader });
        return;
      }
      if (stopped) return loaded.close();
      reader = loaded;
      setCamera({ kind: 'scanning' });
      let frames = 0;
      const tick = async () => {
        if (stopped) return;
        if (!paused.current) {
          const codes = await loaded.read(video).catch(() => []);
          frames += 1;
          // For whoever checks the reader is at work (the browser tests): frames read so far.
          if (viewRef.current) viewRef.current.dataset.frames = String(frames);
          if (codes.length && !stopped && !paused.current) onRead(codes[0]);
        }
        timer = window.setTimeout(() => void tick(), READ_EVERY_MS);
      };
      void tick();
    };
    void start();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      reader?.close();
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [onRead]);

  // The green confirmation stays a few seconds.
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => setDone(null), DONE_SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [done]);

  const scanAgain = () => {
    setItem(null);
    paused.current = false;
  };

  const markNext = async (checkIn = false) => {
    if (item?.kind !== 'found') return;
    const step = item.view.steps.find((s) => s.id === item.view.next_step_id);
    if (!step) return;
    wakeAudio();
    setBusy(true);
    try {
      // The page confirms the mark itself (the green «Hecho»): a «Correcto» notification would only cover it.
      const view = await markNextStep(item.code, step.id, { confirmedByPage: true, checkIn });
      navigator.vibrate?.(200);
      beep();
      clearNotice();
      setDone({ step: step.name, product: view.product_name });
      // The label still in front of the camera is not opened again at once.
      remember(item.code);
      scanAgain();
    } catch (error) {
      if (isNetworkFailure(error)) {
        // Kept on the phone with the key of the send that got no answer: if it did arrive, nothing is marked twice.
        await saveOffline(item.code, { step: { id: step.id, name: step.name }, key: unansweredKey(item.code, step.id) });
        remember(item.code);
        scanAgain();
        return;
      }
      // The server's refusal is told here (the call is silent); a lost connection the HTTP layer told already.
      // The item then shows its state as it is now (another scan may have marked it).
      if (error instanceof ApiRejection) notify(error.envelope.code === Code.warning ? 'warning' : 'error', error.message);
      await lookUp(item.code);
    } finally {
      setBusy(false);
    }
  };

  const openTyped = useCallback((text: string) => {
    const code = text.trim().toUpperCase();
    if (!code) return;
    setDone(null);
    remember(code);
    if (!navigator.onLine) void saveOffline(code);
    else void lookUp(code);
  }, [lookUp, remember, saveOffline]);

  const submitTyped = (event: FormEvent) => {
    event.preventDefault();
    openTyped(typed);
  };

  // A hardware scanner types the code and Enter wherever the focus is; in the code field, its keys are the scan's.
  useKeyboardWedge(useCallback((code: string, target: EventTarget | null) => {
    if (target === typedRef.current) setTyped('');
    openTyped(code);
  }, [openTyped]));

  // A found item (or its lookup) takes the camera's place; an unknown code is said above it, the camera still reading.
  const panel = item && item.kind !== 'failed' && (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="scan-item">
      {item.kind === 'loading' && <LinearProgress aria-label="Buscando el código" />}
      {item.kind === 'found' && (
        <>
          <ItemState view={item.view} isAdmin={isAdmin} isStaff={isStaff} busy={busy} onMarkNext={() => confirmMark(markNext)} large />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
            <Button variant="outlined" size="large" startIcon={<QrCodeScanner />} onClick={scanAgain}>Escanear otra etiqueta</Button>
            <Button component={RouterLink} to={barcodePath(item.code)}>Ver la trazabilidad completa</Button>
          </Box>
        </>
      )}
    </Paper>
  );
  const scanning = camera.kind !== 'problem';

  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        maxWidth: 900,
        mx: 'auto',
        minHeight: { xs: 'calc(100dvh - 136px)', sm: 'calc(100dvh - 72px)', md: 'calc(100dvh - 88px)' },
      }}
    >
      {done && (
        <Box
          role="status"
          data-testid="scan-done"
          sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 2, borderRadius: 1, bgcolor: 'success.dark', color: 'common.white' }}
        >
          <CheckCircleIcon sx={{ fontSize: 48 }} />
          <Typography component="p" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, fontWeight: 700, lineHeight: 1.2 }}>
            Hecho: {done.step} · {done.product}
          </Typography>
        </Box>
      )}
      {offline.notice && <OfflineSaved notice={offline.notice} />}
      {item?.kind === 'failed' && (
        <Alert severity="error" role="alert" data-testid="barcode-error">
          {item.message}: «{item.code}»
        </Alert>
      )}
      {/*
        The camera's place is kept from the first paint, whatever comes into it: the camera, or why there is
        none (a refused or missing camera would otherwise pull the typed field up the page as it is known:
        issue 46, a layout shift of 0.14 on a phone).
      */}
      <Box sx={{ position: 'relative', flex: 1, minHeight: 280, display: 'flex', flexDirection: 'column', gap: 1 }}>
        {scanning ? (
          <Box
            ref={viewRef}
            data-testid="scanner"
            data-state={camera.kind}
            sx={{ position: 'absolute', inset: 0, bgcolor: 'common.black', borderRadius: 1, overflow: 'hidden' }}
          >
            <Box
              component="video"
              ref={videoRef}
              muted
              playsInline
              aria-label="Imagen de la cámara"
              sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
            />
            {/* Where to hold the label. */}
            <Box
              aria-hidden
              sx={{
                position: 'absolute',
                left: '8%',
                right: '8%',
                top: '35%',
                bottom: '35%',
                border: '3px solid rgba(255,255,255,0.85)',
                borderRadius: 1,
              }}
            />
            <Typography
              role="status"
              sx={{
                position: 'absolute',
                left: 0,
                right: 0,
                bottom: 0,
                p: 1,
                // Two lines from the start: «Apunte la cámara…» wraps on a phone, and would otherwise raise the line as it comes.
                minHeight: 'calc(3em + 16px)',
                textAlign: 'center',
                color: 'common.white',
                bgcolor: 'rgba(0,0,0,0.7)',
              }}
            >
              {/* A new line for the new text (its key), not the old one's text changed: a centred text changed in place moves. */}
              <span key={camera.kind}>
                {camera.kind === 'starting' ? 'Abriendo la cámara…' : 'Apunte la cámara al código de barras de la etiqueta'}
              </span>
            </Typography>
            {panel && <Box sx={{ position: 'absolute', inset: 0, overflow: 'auto', bgcolor: 'background.paper' }}>{panel}</Box>}
          </Box>
        ) : (
          <>
            <Alert severity="warning" data-testid="camera-problem">
              {camera.message}
            </Alert>
            {panel}
          </>
        )}
      </Box>
      {checkInDialog}
      <Box component="form" onSubmit={submitTyped} aria-label="Código escrito" sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          label="Código de la etiqueta"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          size="small"
          fullWidth
          helperText="Si la etiqueta está rota, escriba el código que lleva debajo de las barras"
          inputRef={typedRef}
          slotProps={{ htmlInput: { autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false } }}
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ flexShrink: 0, mt: 0.25 }}>
          Buscar
        </Button>
      </Box>
      <PendingMarks waiting={offline.waiting} refused={offline.refused} onDismiss={(key) => void offline.dismiss(key)} />
    </Box>
  );
}
