/** The browser's handling of the response codes of docs/api.md. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The browser's localStorage, where the app marks that it is signed in (src/client/providers/token.ts). */
const stored = new Map<string, string>();
vi.stubGlobal('window', {
  localStorage: {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => {
      stored.set(k, v);
    },
    removeItem: (k: string) => {
      stored.delete(k);
    },
  },
});
const SESSION_KEY = 'cobertores.session';

const { ApiRejection, handleEnvelope, setReload } = await import('../../src/client/providers/http');
const { notices, sessionExpired } = await import('../../src/client/providers/events');

let shown: Array<{ kind: string; message: string; duration: number }> = [];
let expired = 0;
let reloads = 0;
const stops: Array<() => void> = [];

beforeEach(() => {
  shown = []; expired = 0; reloads = 0; stored.set(SESSION_KEY, '1');
  stops.push(notices.subscribe((n) => shown.push(n)), sessionExpired.subscribe(() => { expired++; }));
  setReload(() => { reloads++; });
});
afterEach(() => { while (stops.length) stops.pop()!(); });

describe('response codes', () => {
  it('20000 passes the data through silently', () => {
    expect(handleEnvelope({ code: 20000, data: { a: 1 } }, 200)).toEqual({ a: 1 });
    expect(shown).toEqual([]);
  });

  it('20001 shows the message as a success ("Correcto") for 2.5 s and passes through', () => {
    expect(handleEnvelope({ code: 20001, message: 'Guardado', data: 5 }, 200)).toBe(5);
    expect(shown).toEqual([{ kind: 'success', message: 'Guardado', duration: 2500 }]);
  });

  it('30001 shows a warning ("Aviso") for 2.5 s and rejects', () => {
    expect(() => handleEnvelope({ code: 30001, message: 'No disponible' }, 409)).toThrow('No disponible');
    expect(shown).toEqual([{ kind: 'warning', message: 'No disponible', duration: 2500 }]);
    // Callers tell a refusal from a transport failure by its class.
    expect(() => handleEnvelope({ code: 30001, message: 'No disponible' }, 409, true)).toThrow(ApiRejection);
  });

  it('40001 shows an error ("Error") with the message, else the error field, else the data, and rejects with the field map', () => {
    try {
      handleEnvelope({ code: 40001, message: 'Introduzca un email', error: { email: 'Introduzca un email' } }, 400);
      expect.unreachable();
    } catch (error) {
      expect((error as { body: { errors: unknown } }).body.errors).toEqual({ email: 'Introduzca un email' });
    }
    expect(() => handleEnvelope({ code: 40001, error: 'Fallo' }, 400)).toThrow('Fallo');
    expect(() => handleEnvelope({ code: 40001, data: 'Dato' }, 400)).toThrow('Dato');
    expect(shown.map((n) => [n.kind, n.message, n.duration])).toEqual([
      ['error', 'Introduzca un email', 2500],
      ['error', 'Fallo', 2500],
      ['error', '"Dato"', 2500],
    ]);
  });

  it('90001 logs a signed-in user out and reloads the page', () => {
    expect(() => handleEnvelope({ code: 90001, message: 'mantenimiento' }, 503)).toThrow();
    expect(stored.has(SESSION_KEY)).toBe(false);
    expect(reloads).toBe(1);
  });

  it.each([50008, 50012, 50014])('%s asks to confirm the end of the session and rejects', (code) => {
    expect(() => handleEnvelope({ code, message: 'x' }, 401)).toThrow();
    expect(expired).toBe(1);
  });

  it('any other code rejects without a notification', () => {
    expect(() => handleEnvelope({ code: 12345 }, 200)).toThrow();
    expect(shown).toEqual([]);
  });
});

describe('time-out (spec: 45 s)', () => {
  /** A server that never answers: the request ends only when the browser gives up on it. */
  const hangingFetch = (_path: string | URL | Request, init?: RequestInit) => new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

  it.each([
    ['an API call', () => import('../../src/client/providers/http').then((http) => http.api('/api/order/getById/1'))],
    ['a PDF download', () => import('../../src/client/providers/http').then((http) => http.apiBlob('/api/order/document/1'))],
  ])('%s gives up after 45 s and says so', async (_name, call) => {
    vi.useFakeTimers();
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(hangingFetch as typeof globalThis.fetch);
    try {
      const pending = call();
      const outcome = expect(pending).rejects.toMatchObject({ message: 'La petición ha tardado demasiado. Inténtelo de nuevo', status: 0 });
      await vi.advanceTimersByTimeAsync(44_999);
      expect(shown).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      await outcome;
      expect(shown).toEqual([{ kind: 'error', message: 'La petición ha tardado demasiado. Inténtelo de nuevo', duration: 5000 }]);
    } finally {
      vi.useRealTimers();
      fetch.mockRestore();
    }
  });
});

describe('a call through its contract', () => {
  it('answers the data and, when asked, the message, from the path and query the contract builds', async () => {
    const { callWithMessage } = await import('../../src/client/providers/http');
    const { logisticsContracts } = await import('../../src/shared/contracts/logistics');
    const preview = { files: 1, rows: 2, orders: 1, errors: [] };
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ code: 20001, message: 'Se han importado 1 pedido (2 filas)', data: preview })),
    );
    try {
      const form = new FormData();
      form.append('files', new Blob(['referencia;cliente']), 'pedidos.csv');
      const answer = await callWithMessage(
        logisticsContracts.migrateOrders, { query: { dry_run: 'true' } }, { form, silent: true, reads: true },
      );
      expect(answer).toEqual({ data: preview, message: 'Se han importado 1 pedido (2 filas)' });
      const [path, init] = fetch.mock.calls[0];
      expect(path).toBe('/api/order/migrateOrdersFiles?dry_run=true');
      expect(init).toMatchObject({ method: 'POST', body: form });
      // Silent: the page shows the message itself.
      expect(shown).toEqual([]);
    } finally {
      fetch.mockRestore();
    }
  });
});
