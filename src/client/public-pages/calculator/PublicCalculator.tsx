/**
 * /woocommerce-calculator/index/{season_id}: the cover calculator of the shop's web site (docs/screens.md
 * "Public routes"). No login: the season's cover types, the pool's dimensions A–E, stairwell, rounded
 * corners and overlap; "Calcular" asks the server for every cover of that type priced with the web
 * fare, "sin IVA". The form says what the server would (validatePool mirrors publicPriceForm).
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { SEASONS } from '../../../shared/catalogue';
import type { CoverTypeAnswer, PublicPriceAnswer } from '../../../shared/publicAnswers';
import { formatDecimal, formatEuros, formatMetres } from '../../../shared/format';
import { PoolSketch } from './PoolSketch';
import type { coverTypeContracts } from '../../../shared/contracts/coverTypes';
import type { orderContracts } from '../../../shared/contracts/orders';
import { messageOf, publicCall, PublicApiError } from './publicApi';
import { validatePool } from './validatePool';

type Values = {
  pool_cover_type_id: string; a: string; b: string; c: string; d: string; e: string;
  stairwell: boolean; rounded_corners: boolean; extra_distance: string;
};
const EMPTY: Values = {
  pool_cover_type_id: '',
  a: '',
  b: '',
  c: '',
  d: '',
  e: '',
  stairwell: false,
  rounded_corners: false,
  extra_distance: '',
};

export function PublicCalculator({ seasonId }: { seasonId: number }) {
  const season = SEASONS.find((s) => s.value === seasonId);
  const [types, setTypes] = useState<CoverTypeAnswer[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<PublicPriceAnswer | null>(null);

  useEffect(() => {
    if (!season) return;
    publicCall<typeof coverTypeContracts.bySeason>('/api/poolCoverType/getPoolCoverTypesBySeason/:season', { season: season.value })
      .then(setTypes, (error) => setLoadError(messageOf(error)));
  }, [season]);

  if (!season) {
    return <Shell><p className="pc-alert" role="alert">Esta calculadora no existe: la temporada indicada no es válida.</p></Shell>;
  }

  const set = <K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    // A changed pool makes the shown prices stale.
    setResult(null);
    setErrors((e) => (e[name] ? { ...e, [name]: '' } : e));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = validatePool({
      ...values,
      pool_subcategory_id: season.value,
      c: values.stairwell ? values.c : null,
      d: values.stairwell ? values.d : null,
      e: values.stairwell ? values.e : null,
    });
    if (parsed.errors) {
      setErrors(parsed.errors);
      setResult(null);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      setResult(await publicCall<typeof orderContracts.publicPrice>('/api/calculator/price', {}, parsed.data));
    } catch (error) {
      const fields = error instanceof PublicApiError ? error.fields : {};
      if (Object.keys(fields).length) setErrors(fields);
      else setFailure(messageOf(error));
      setResult(null);
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof Values, label: string, hint?: string) => (
    <NumberField name={name} label={label} hint={hint} value={values[name] as string} error={errors[name]} onChange={(v) => set(name, v)} />
  );

  return (
    <Shell subtitle={`Temporada: ${season.label}`}>
      {loadError && (
        <p className="pc-alert" role="alert">
          {loadError}
        </p>
      )}
      <form className="pc-form" onSubmit={submit} noValidate aria-label="Medidas de la piscina">
        <div className="pc-grid">
          <div className="pc-field pc-wide">
            <label htmlFor="pc-pool_cover_type_id">Tipo de cobertor</label>
            <select
              id="pc-pool_cover_type_id"
              value={values.pool_cover_type_id}
              disabled={!types}
              aria-invalid={!!errors.pool_cover_type_id}
              aria-describedby={errors.pool_cover_type_id ? 'pc-pool_cover_type_id-error' : undefined}
              onChange={(e) => set('pool_cover_type_id', e.target.value)}
            >
              <option value="">{types ? 'Elija el tipo de cobertor' : 'Cargando'}</option>
              {types?.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name}
                </option>
              ))}
            </select>
            {types && types.length === 0 && <span className="pc-hint">No hay cobertores para esta temporada</span>}
            <FieldError name="pool_cover_type_id" error={errors.pool_cover_type_id} />
          </div>
          {field('a', 'Largo A (m)')}
          {field('b', 'Ancho B (m)')}
          {field('extra_distance', 'Solape (m)', 'Metros que el cobertor sobresale por cada lado de la piscina')}
          <div className="pc-wide pc-checks">
            <Check
              name="rounded_corners"
              label="Esquinas redondeadas"
              checked={values.rounded_corners}
              onChange={(v) => set('rounded_corners', v)}
            />
            <Check name="stairwell" label="Escalera" checked={values.stairwell} onChange={(v) => set('stairwell', v)} />
          </div>
          {values.stairwell && (
            <>
              {field('c', 'Escalera C (m)')}
              {field('d', 'Escalera D (m)')}
              {field('e', 'Distancia E (m)')}
            </>
          )}
        </div>
        <PoolSketch values={values} errors={errors} />
        <div className="pc-actions">
          <button type="submit" className="pc-button" disabled={busy}>
            {busy ? 'Calculando' : 'Calcular'}
          </button>
        </div>
      </form>
      {failure && (
        <p className="pc-alert" role="alert">
          {failure}
        </p>
      )}
      {result && <Results result={result} />}
    </Shell>
  );
}

function Shell({ subtitle, children }: { subtitle?: string; children: ReactNode }) {
  return (
    <main className="pc-main">
      <h1 className="pc-title">Calculadora de cobertores</h1>
      {subtitle && <p className="pc-subtitle">{subtitle}</p>}
      {children}
    </main>
  );
}

function Results({ result }: { result: PublicPriceAnswer }) {
  return (
    <section className="pc-results" aria-label="Precios">
      <h2>Precios · ancho del cobertor {formatMetres(result.width)}</h2>
      {result.options.length === 0 && <p>No hay cobertores disponibles para este tipo.</p>}
      <ul className="pc-options">
        {result.options.map((option) => (
          <li key={`${option.pool_cover_id}-${option.reinforcement_type_id ?? 0}`} className="pc-option" data-testid="price-option">
            <div className="pc-option-head">
              <strong>{option.cover_name}{option.reinforcement_name ? ` · ${option.reinforcement_name}` : ''}</strong>
              <span className="pc-price" data-testid="price-label">{option.label}</span>
            </div>
            <div className="pc-option-detail">Superficie {formatDecimal(option.area)} m²</div>
            {option.lines.length > 1 && (
              <ul className="pc-lines">
                {option.lines.map((line) => <li key={line.key}>{line.label}: {formatEuros(line.amount)}</li>)}
              </ul>
            )}
          </li>
        ))}
      </ul>
      <p className="pc-note">Precios sin IVA, por unidad. Portes e IVA se calculan al hacer el pedido.</p>
    </section>
  );
}

function NumberField({
  name,
  label,
  hint,
  value,
  error,
  onChange,
}: {
  name: string;
  label: string;
  hint?: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const id = `pc-${name}`;
  return (
    <div className="pc-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && !error && (
        <span className="pc-hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      <FieldError name={name} error={error} />
    </div>
  );
}

function FieldError({ name, error }: { name: string; error?: string }) {
  return error ? <span className="pc-error" id={`pc-${name}-error`}>{error}</span> : null;
}

function Check({ name, label, checked, onChange }: { name: string; label: string; checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <label className="pc-check" htmlFor={`pc-${name}`}>
      <input id={`pc-${name}`} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}
