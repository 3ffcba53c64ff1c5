/**
 * /track-order and /track-order/{track_code} (docs/screens.md "Public routes"; docs/business-rules.md): anyone with an
 * order's tracking code sees its state, its number, its dates and its status history — nothing
 * personal. An unknown code shows the server's message.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { formatDate, formatDateTime } from '../../../shared/format';
import type { TrackedOrder } from '../../../shared/publicAnswers';
import type { orderContracts } from '../../../shared/contracts/orders';
import { messageOf, publicCall } from '../calculator/publicApi';
import { TRACK_ROOT, trackCodeOf, trackPath } from './paths';

/** dd/MM/yyyy; a bare calendar day (yyyy-MM-dd) is shown as it is, whatever the browser's time zone. */
export function day(value: string | null | undefined) {
  const bare = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return bare ? `${bare[3]}/${bare[2]}/${bare[1]}` : formatDate(value);
}

type State
  = | { kind: 'idle' }
    | { kind: 'loading'; code: string }
    | { kind: 'found'; order: TrackedOrder }
    | { kind: 'failed'; code: string; message: string };

export function TrackingPage() {
  const [code, setCode] = useState(() => trackCodeOf(window.location.pathname));
  const [input, setInput] = useState(code);
  const [inputError, setInputError] = useState<string | null>(null);
  // Consulting the same code again asks again (its state may have changed).
  const [attempt, setAttempt] = useState(0);
  // The last answer and the consultation it answers: the page shows it only while that is still the one asked.
  const [answer, setAnswer] = useState<{ request: string; state: State } | null>(null);
  const request = `${attempt}:${code}`;
  const state: State = !code ? { kind: 'idle' } : answer?.request === request ? answer.state : { kind: 'loading', code };

  // The code in the path is the one shown; back and forward move between consulted codes.
  useEffect(() => {
    const onPop = () => {
      const fromPath = trackCodeOf(window.location.pathname);
      setCode(fromPath);
      setInput(fromPath);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  useEffect(() => {
    if (!code) return;
    let alive = true;
    const asked = `${attempt}:${code}`;
    publicCall<typeof orderContracts.track>('/api/order/trackOrder/:code', { code }).then(
      (order) => alive && setAnswer({ request: asked, state: { kind: 'found', order } }),
      (error) => alive && setAnswer({ request: asked, state: { kind: 'failed', code, message: messageOf(error) } }),
    );
    return () => { alive = false; };
  }, [code, attempt]);

  const consult = useCallback((event: FormEvent) => {
    event.preventDefault();
    const wanted = input.trim();
    if (!wanted) return setInputError('Introduzca el código de seguimiento');
    setInputError(null);
    if (trackPath(wanted) !== window.location.pathname) window.history.pushState(null, '', trackPath(wanted));
    setCode(wanted);
    setAttempt((n) => n + 1);
  }, [input]);

  return (
    <main className="pc-main">
      <h1 className="pc-title">Seguimiento de pedido</h1>
      <p className="pc-subtitle">Introduzca el código de seguimiento de su pedido para ver en qué estado está.</p>
      <form className="pc-search" onSubmit={consult} noValidate aria-label="Consultar pedido">
        <div className="pc-field">
          <label htmlFor="track-code">Código de seguimiento</label>
          <input
            id="track-code"
            name="track_code"
            value={input}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={!!inputError}
            aria-describedby={inputError ? 'track-code-error' : undefined}
            onChange={(e) => {
              setInput(e.target.value);
              setInputError(null);
            }}
          />
          {inputError && (
            <span className="pc-error" id="track-code-error">
              {inputError}
            </span>
          )}
        </div>
        <button type="submit" className="pc-button" disabled={state.kind === 'loading'}>
          Consultar
        </button>
      </form>
      {state.kind === 'loading' && (
        <p className="pc-note" role="status">
          Cargando
        </p>
      )}
      {state.kind === 'failed' && (
        <p className="pc-alert" role="alert">
          {state.message}
        </p>
      )}
      {state.kind === 'found' && <OrderState order={state.order} />}
      <p className="pc-note">
        <a
          href={TRACK_ROOT}
          onClick={(e) => {
            e.preventDefault();
            window.history.pushState(null, '', TRACK_ROOT);
            setCode('');
            setInput('');
          }}
        >
          Consultar otro pedido
        </a>
      </p>
    </main>
  );
}

function OrderState({ order }: { order: TrackedOrder }) {
  const facts: Array<[string, string]> = [
    ['Estado', order.state],
    ['Código de seguimiento', order.track_code],
    ['Fecha del pedido', day(order.created_at)],
    ['Fecha de finalización', order.finished_at ? day(order.finished_at) : 'Todavía no se ha terminado'],
    ['Fecha de validación', order.validated_date ? day(order.validated_date) : 'Pendiente'],
    ['Fecha de entrega', order.delivery_date ? day(order.delivery_date) : 'Sin fecha todavía'],
  ];
  return (
    <section className="pc-section" aria-label={`Pedido nº ${order.order_id}`} data-testid="tracked-order">
      <h2>Pedido nº {order.order_id}</h2>
      <dl className="pc-facts">
        {facts.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}><dt>{label}</dt><dd data-testid={`fact-${label}`}>{value}</dd></div>
        ))}
      </dl>
      <h2 style={{ marginTop: 24 }}>Historial de estados</h2>
      <table className="pc-table" aria-label="Historial de estados">
        <thead><tr><th scope="col">Fecha</th><th scope="col">Estado</th></tr></thead>
        <tbody>
          {order.history.length === 0 && <tr><td colSpan={2}>Sin cambios de estado</td></tr>}
          {order.history.map((entry, i) => <tr key={i}><td>{formatDateTime(entry.date)}</td><td>{entry.state}</td></tr>)}
        </tbody>
      </table>
      <h2 style={{ marginTop: 24 }}>Envío</h2>
      {order.consignments?.length ? (
        <table className="pc-table" aria-label="Envío">
          <thead><tr><th scope="col">Fecha</th><th scope="col">Transportista</th><th scope="col">Nº de seguimiento</th></tr></thead>
          <tbody>
            {order.consignments.map((sent, i) => (
              <tr key={i}><td>{day(sent.date.slice(0, 10))}</td><td>{sent.carrier}</td><td>{sent.tracking_number ?? '—'}</td></tr>
            ))}
          </tbody>
        </table>
      ) : <p className="pc-note">Todavía no se ha enviado.</p>}
    </section>
  );
}
