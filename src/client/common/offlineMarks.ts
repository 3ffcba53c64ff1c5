/**
 * Marks made on «Escanear» with no network (issue 44): kept in this phone's IndexedDB with the moment they
 * were made and a key of their own, and sent when the network is back (on the `online` event, when the app
 * starts, when «Escanear» opens), in the order they were made, each once: the key makes a send repeated
 * after a lost answer record nothing new (the server's idempotency key). A mark the server refuses (the step
 * already done, an unknown code, too old) stays on the phone with the server's reason until the worker
 * dismisses it («Pendientes»); an accepted one goes. Nothing is dropped silently: signing out with marks
 * here asks first (layout/logout.ts), and a mark is sent only under the session of the user who made it.
 */
import { useCallback, useEffect, useState } from 'react';
import { logisticsContracts } from '../../shared/contracts/logistics';
import { ApiRejection, call } from '../providers/http';
import { loadSession } from '../providers/session';
import { useSession } from '../providers/useSession';
import { isSignedIn, lastHint, rememberHint } from '../providers/token';
import { newMarkKey } from './traceabilityApi';

/** A mark kept on the phone. */
export interface OfflineMark {
  /** The mark's idempotency key, the same in every send. */
  key: string;
  /** Place in the queue: marks are sent in this order. */
  seq: number;
  code: string;
  /** The step the worker saw as next, when the item had been opened; else the server marks the item's next one. */
  step_id?: number;
  step_name?: string;
  /** When it was made on the phone (ISO 8601): the step's time. */
  made_at: string;
  /** Who made it (user id); sent only under their session. */
  user: number | null;
  /** The server's reason, once it refused the mark. */
  refused?: string;
}

/** What one send came to: recorded, refused with the server's reason, or not answered (no network, a server down). */
export type SendOutcome = { kind: 'sent' } | { kind: 'refused'; reason: string } | { kind: 'unanswered' };

/**
 * Sends `marks` (those waiting, in the queue's order) one after another with `send`, each once. An
 * unanswered send stops the round: that mark and the ones after it wait for the next (their order kept).
 * A refusal does not stop it: the refused mark is told apart and the next one goes.
 */
export async function sendInOrder(
  marks: readonly OfflineMark[],
  send: (mark: OfflineMark) => Promise<SendOutcome>,
): Promise<{ sent: string[]; refused: Array<{ key: string; reason: string }> }> {
  const sent: string[] = [];
  const refused: Array<{ key: string; reason: string }> = [];
  for (const mark of [...marks].sort((a, b) => a.seq - b.seq)) {
    const outcome = await send(mark);
    if (outcome.kind === 'unanswered') break;
    if (outcome.kind === 'sent') sent.push(mark.key);
    else refused.push({ key: mark.key, reason: outcome.reason });
  }
  return { sent, refused };
}

/** The marks still to send for `user`: not refused, and theirs (a mark whose maker is unknown goes with any session). */
export const waitingFor = (marks: readonly OfflineMark[], user: number) =>
  marks.filter((mark) => !mark.refused && (mark.user === null || mark.user === user));

/** A refusal that is the mark's (4xx), not the session's (401: signed in again, it is sent) nor a busy server's (429). */
const refusalOf = (error: unknown): string | null =>
  error instanceof ApiRejection && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 429
    ? error.message
    : null;

// ---------------------------------------------------------------- the phone's store (IndexedDB)

const DB_NAME = 'cobertores-taller';
const STORE = 'marks';

let opening: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

/** Runs `work` on the store and resolves when its transaction is written. */
async function inStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> {
  const db = await database();
  return new Promise<T | undefined>((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = work(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request ? request.result : undefined);
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB'));
  });
}

/** Every mark on the phone, in the queue's order. */
async function allMarks(): Promise<OfflineMark[]> {
  const marks = (await inStore<OfflineMark[]>('readonly', (store) => store.getAll() as IDBRequest<OfflineMark[]>)) ?? [];
  return marks.sort((a, b) => a.seq - b.seq);
}

const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** The marks on the phone of the user signed in (or of an unknown maker): what signing out would lose. */
export async function marksOnPhone(): Promise<number> {
  const user = knownUser();
  try {
    return (await allMarks()).filter((mark) => mark.user === null || user === null || mark.user === user).length;
  } catch {
    return 0;
  }
}

/** Forgets the signed-in user's marks (signing out after the warning). */
export async function forgetMarks(): Promise<void> {
  const user = knownUser();
  const mine = (await allMarks().catch(() => [])).filter((mark) => mark.user === null || user === null || mark.user === user);
  if (mine.length) await inStore('readwrite', (store) => { mine.forEach((mark) => store.delete(mark.key)); });
  changed();
}

// ---------------------------------------------------------------- who is signed in, even with no network

/** The signed-in user's id, kept as a hint (gone on signing out) for marks made when auth/info cannot answer. */
const USER_HINT = 'markUser';

function knownUser(): number | null {
  const hint = Number(lastHint(USER_HINT));
  return Number.isInteger(hint) && hint > 0 ? hint : null;
}

// ---------------------------------------------------------------- sending

/** The round under way: a second call (the `online` event and a start at once) waits for it rather than sending twice. */
let sending: Promise<void> | null = null;

/** Sends the marks waiting for the signed-in user, in order, each once (see `sendInOrder`). */
export function sendWaitingMarks(): Promise<void> {
  sending ??= sendRound().finally(() => { sending = null; });
  return sending;
}

async function sendRound() {
  if (!isSignedIn() || !navigator.onLine) return;
  const marks = await allMarks().catch(() => []);
  if (!marks.some((mark) => !mark.refused)) return;
  const session = await loadSession().catch(() => null);
  if (!session) return;
  const { sent, refused } = await sendInOrder(waitingFor(marks, session.id), async (mark) => {
    try {
      await call(
        logisticsContracts.markNextStep,
        { body: { code: mark.code, step_id: mark.step_id, idempotency_key: mark.key, made_at: mark.made_at } },
        { changes: ['barcode', 'order'], silent: true },
      );
      return { kind: 'sent' };
    } catch (error) {
      const reason = refusalOf(error);
      return reason === null ? { kind: 'unanswered' } : { kind: 'refused', reason };
    }
  });
  if (!sent.length && !refused.length) return;
  const byKey = new Map(marks.map((mark) => [mark.key, mark]));
  await inStore('readwrite', (store) => {
    sent.forEach((key) => store.delete(key));
    refused.forEach(({ key, reason }) => store.put({ ...byKey.get(key)!, refused: reason }));
  });
  changed();
}

// On app start (the module comes with the app's frame, layout/logout.ts) and whenever the network comes back.
if (typeof window !== 'undefined' && typeof indexedDB !== 'undefined') {
  window.addEventListener('online', () => void sendWaitingMarks());
  window.setTimeout(() => void sendWaitingMarks(), 0);
}

// ---------------------------------------------------------------- «Escanear»

export const OFFLINE_SAVED = 'Guardado sin conexión: se enviará al volver la red';
const NOTICE_SHOWN_MS = 5000;

/** What «Escanear» shows after keeping a mark: the sentence, and the code. */
export interface SavedNotice { message: string; code: string }

/** A mark to keep: the step seen (an item opened before the network went), the camera's read, the unanswered send's key. */
interface SaveOptions { step?: { id: number; name: string }; fromCamera?: boolean; key?: string }

/**
 * The marks on the phone for «Escanear»: `save` keeps one (from the camera, a code already waiting is not
 * kept again: the label stays in front of the camera, read frame after frame), `dismiss` forgets a refused one.
 */
export function useOfflineMarks() {
  const session = useSession();
  const [marks, setMarks] = useState<OfflineMark[]>([]);
  const [notice, setNotice] = useState<SavedNotice | null>(null);

  const reload = useCallback(() => { allMarks().then(setMarks, () => setMarks([])); }, []);
  useEffect(() => {
    listeners.add(reload);
    reload();
    void sendWaitingMarks();
    return () => { listeners.delete(reload); };
  }, [reload]);
  // Who is signed in, for the marks made when auth/info cannot be asked (no network when the app opened).
  useEffect(() => { if (session) rememberHint(USER_HINT, String(session.id)); }, [session]);
  // The sentence stays a few seconds, as the green «Hecho» does.
  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), NOTICE_SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const user = session?.id ?? knownUser();
  const mine = marks.filter((mark) => mark.user === null || user === null || mark.user === user);

  // Stable (the user is read when it is called): the camera's reading loop holds it.
  const save = useCallback(
    async (code: string, { step, fromCamera = false, key }: SaveOptions = {}) => {
      const all = await allMarks().catch(() => []);
      if (fromCamera && all.some((mark) => !mark.refused && mark.code === code)) {
        // The label left in front of the camera is read again every few seconds: its reminder does not
        // cover the sentence for another code just kept (typed, or read before).
        setNotice((shown) => (shown && shown.code !== code ? shown : { message: 'Ya guardado sin conexión', code }));
        return;
      }
      const mark: OfflineMark = {
        key: key ?? newMarkKey(),
        seq: Math.max(Date.now(), ...all.map((m) => m.seq + 1)),
        code,
        ...(step ? { step_id: step.id, step_name: step.name } : {}),
        made_at: new Date().toISOString(),
        user: knownUser(),
      };
      try {
        await inStore('readwrite', (store) => store.put(mark));
        setNotice({ message: OFFLINE_SAVED, code });
      } catch {
        setNotice({ message: 'No se ha podido guardar la marca en este teléfono: anote el código', code });
      }
      changed();
    },
    [],
  );

  const dismiss = useCallback(async (key: string) => {
    await inStore('readwrite', (store) => store.delete(key)).catch(() => undefined);
    changed();
  }, []);

  const clearNotice = useCallback(() => setNotice(null), []);

  const [waiting, refused] = [mine.filter((mark) => !mark.refused), mine.filter((mark) => mark.refused)];
  return { waiting, refused, notice, clearNotice, save, dismiss };
}
